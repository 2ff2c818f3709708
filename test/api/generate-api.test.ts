/**
 * The API generator is part of `npm run generate` and its `--check`: src/api/generated and the
 * operations tests (test/api/generated) are what the vendored documents give.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** `METHOD /path` of every operation of a vendored document whose path starts with one of `prefixes`. */
function operationsOf(file: string, prefixes: string[]): string[] {
  const document = JSON.parse(readFileSync(join(ROOT, 'spec', file), 'utf8')) as { paths: Record<string, object> };
  return Object.entries(document.paths)
    .filter(([path]) => prefixes.some((prefix) => path.startsWith(prefix)))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** The operations a generated test calls. */
function calledBy(test: string): string[] {
  const text = readFileSync(join(ROOT, 'test/api/generated', test), 'utf8');
  return [...text.matchAll(/^ {4}operation: '([^']+)',$/gm)].map((match) => match[1] as string).sort();
}

describe('scripts/generate-api.mjs', () => {
  it('npm run generate -- --check runs it: every generated API file, the operations test included, is up to date', () => {
    const run = spawnSync(process.execPath, ['scripts/generate.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/src\/api\/generated and test\/api\/generated are up to date \(\d+ files\)\.\n/);
    expect(run.status).toBe(0);
  });

  it('the operations test calls each of the 64 /api/v1 operations of the document once', () => {
    const expected = operationsOf('service-openapi.json', ['/api/v1/']);
    expect(expected).toHaveLength(64);
    expect(calledBy('operations.test.ts')).toEqual(expected);
  });

  it("the agent-server operations test calls each operation of the agent server's profiles and files once", () => {
    const expected = operationsOf('agent-server-openapi.json', ['/api/profiles', '/api/file/']);
    expect(expected).toHaveLength(14);
    expect(calledBy('agent-server-operations.test.ts')).toEqual(expected);
  });
});
