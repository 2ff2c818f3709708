/**
 * The public API report (docs/api-report.md) against the BUILT package (`npm run build` first): it
 * lists every name of every entry point, so a change of the public surface is a reviewed diff.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { node, ROOT, requireBuild } from './helpers/built';

beforeAll(requireBuild);

const REPORT = 'docs/api-report.md';

describe('the public API report', () => {
  it('is the built package’s surface: `node scripts/api-report.mjs --check` passes', () => {
    const result = node(['scripts/api-report.mjs', '--check']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`${REPORT} is up to date.`);
    expect(result.status).toBe(0);
  });

  it('gives every name one home: no name is exported by two entry points, and the root holds the error root only', () => {
    const report = readFileSync(join(ROOT, REPORT), 'utf8');
    expect(report).toContain('## Names exported by more than one entry point\n\nNone: every name has one home.\n');
    const root = /## `agentwire`\n\n\| name \| kind \|\n\|---\|---\|\n((?:\|.*\n)*)/.exec(report)?.[1];
    expect(root).toBe('| `AgentwireError` | class |\n| `isAgentwireError` | function |\n');
  });

  it('names what changed when the checked-in report differs, and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-api-report-'));
    try {
      const stale = join(dir, 'api-report.md');
      const report = readFileSync(join(ROOT, REPORT), 'utf8');
      // A report from before `toJsonSchema` was added, and with a name since removed.
      writeFileSync(stale, report.replace('| `toJsonSchema` | function |\n', '| `fromJsonSchema` | function |\n'));
      const result = node(['scripts/api-report.mjs', '--check', '--report', stale]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('differs from the built package');
      expect(result.stderr).toContain(
        '## `agentwire/events/json-schema`\n- | `fromJsonSchema` | function |\n+ | `toJsonSchema` | function |',
      );
      expect(readFileSync(stale, 'utf8')).not.toContain('`toJsonSchema`');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
