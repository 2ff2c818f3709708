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

/** Runs `node` with arguments in the repository root. */
export function node(args: string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, args, { cwd: ROOT, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}
