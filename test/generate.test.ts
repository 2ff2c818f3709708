import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';

describe('scripts/generate-events.mjs', () => {
  it('regenerates src/events/generated from the reference OpenAPI without a single change', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-events.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^src\/events\/generated is up to date \(\d+ files\)\.\n$/);
    expect(run.status).toBe(0);
  });
});
