/**
 * The executable loads only the command that runs: `agentwire validate` imports the validate
 * command's module and what it uses, not the other commands (the receiver, the stores, the event
 * schemas, the HTTP client), and `--help` loads no command at all. Checked on the built package,
 * by recording every file Node loads.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/registry';
import { CLI, node, ROOT, requireBuild } from './helpers/built';

let dir: string;

beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'agentwire-lazy-'));
  // A module hook that writes down the URL of every module loaded, ES module or CommonJS.
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + '\\n'); return next(url, context); }
`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)}, { data: { log: process.env.LOADED_LOG } });
`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The files an `agentwire` run loads: the package's own under dist/ (paths), and the packages from node_modules. */
function loaded(args: string[], name: string): { dist: string[]; packages: string[]; status: number | null } {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  const run = node(['--import', pathToFileURL(join(dir, 'register.mjs')).href, CLI, ...args], undefined, { env: { LOADED_LOG: log } });
  const urls = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'));
  const dist = urls.filter((url) => url.startsWith(pathToFileURL(join(ROOT, 'dist')).href)).map((url) => fileURLToPath(url));
  const packages = urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []);
  return { dist, packages: [...new Set(packages)].sort(), status: run.status };
}

/** The commands whose code the loaded files hold, known by the first line of their usage text. */
function commandsLoaded(files: readonly string[]): string[] {
  const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  return COMMANDS.map((command) => command.name).filter((name) => new RegExp(`Usage: agentwire ${name}( |\n)`).test(code));
}

describe('the executable loads only the command that runs', () => {
  it('validate loads the validate command and no other', () => {
    const repository = mkdtempSync(join(dir, 'repository-'));
    mkdirSync(join(repository, 'skills/demo'), { recursive: true });
    writeFileSync(
      join(repository, 'skills/demo/SKILL.md'),
      '---\nname: demo\ndescription: Use when a demo is asked for, to show the steps.\n---\n\n# Demo\n\nThe steps.\n',
    );
    const run = loaded(['validate', repository, '--format', 'json'], 'validate');
    expect(run.status).toBe(0);
    expect(commandsLoaded(run.dist)).toEqual(['validate']);
    // simple-git serves the configuration repositories' syncs, which this run has none of.
    expect(run.packages).not.toContain('simple-git');
    expect(run.packages).toContain('yaml');
  });

  it('--help and a group help load no command', () => {
    for (const [args, name] of [
      [['--help'], 'help'],
      [['events', '--help'], 'events-help'],
    ] as const) {
      const run = loaded([...args], name);
      expect(run.status, name).toBe(0);
      expect(run.dist.length, name).toBeGreaterThan(0);
      expect(commandsLoaded(run.dist), name).toEqual([]);
    }
  });

  it('help <command> loads that command only, for its usage text', () => {
    const run = loaded(['help', 'serve'], 'help-serve');
    expect(run.status).toBe(0);
    expect(commandsLoaded(run.dist)).toEqual(['serve']);
  });
});
