/**
 * Access to the built package for tests that run it as users do. `npm test` builds first; a
 * missing build fails loudly instead of testing stale or absent files.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built executable. */
export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Throws when `dist/` has not been built. */
export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
}

/**
 * The environment a command runs with in a test: this process's, `extra` over it, and colour off
 * unless `extra` asks for it (`FORCE_COLOR` without `NO_COLOR`).
 */
export function commandEnv(extra?: Record<string, string>): Record<string, string | undefined> {
  const forced = extra !== undefined && 'FORCE_COLOR' in extra && !('NO_COLOR' in extra);
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...extra };
  if (forced) delete env.NO_COLOR;
  return env;
}

/** Runs `node` with arguments, in the repository root unless told otherwise, without colour unless the environment asks for it. */
export function node(
  args: string[],
  input?: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, args, { cwd: options.cwd ?? ROOT, input, encoding: 'utf8', env: commandEnv(options.env) });
}
