/**
 * The API generator is part of `npm run generate` and its `--check`: src/api/generated and the
 * operations test (test/api/generated) are what the vendored document gives.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

describe('scripts/generate-api.mjs', () => {
  it('npm run generate -- --check runs it: every generated API file, the operations test included, is up to date', () => {
    const run = spawnSync(process.execPath, ['scripts/generate.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/src\/api\/generated and test\/api\/generated are up to date \(\d+ files\)\.\n/);
    expect(run.status).toBe(0);
  });

  it('the operations test calls each of the 64 /api/v1 operations of the document once', () => {
    const document = JSON.parse(readFileSync(join(ROOT, 'spec/service-openapi.json'), 'utf8')) as { paths: Record<string, object> };
    const expected = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const text = readFileSync(join(ROOT, 'test/api/generated/operations.test.ts'), 'utf8');
    const called = [...text.matchAll(/^ {4}operation: '([^']+)',$/gm)].map((match) => match[1]).sort();
    expect(expected).toHaveLength(64);
    expect(called).toEqual(expected);
  });
});
