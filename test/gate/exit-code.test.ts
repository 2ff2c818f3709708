/**
 * A run that fails says so. Vitest runs in a child process on planted files (a failing test, a
 * file that fails as it loads, a test on the embedded PostgreSQL server, a suite skipped for a
 * missing component) in two runs: all of them, and the PostgreSQL test alone. Each run uses the
 * repository's own configuration; its exit code and JSON report are read, then judged by
 * `scripts/test-summary.mjs` as `.ci/run` judges the whole suite.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built';

const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const SUMMARY = join(ROOT, 'scripts/test-summary.mjs');
const folder = mkdtempSync(join(tmpdir(), 'agentwire-gate-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const runs = new Map<string, { status: number | null; report: string; output: string }>();

/** Runs vitest (once per name) on the planted files whose names contain one of `filters`. */
function runPlanted(name: string, filters: string[]) {
  const done = runs.get(name);
  if (done) return done;
  const report = join(folder, `${name}.json`);
  // Without DATABASE_URL the run starts its own embedded server: the case whose exit hooks once hid failures.
  const { DATABASE_URL: _, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    [VITEST, 'run', '--config', 'test/gate/fixtures/vitest.config.ts', '--reporter=json', `--outputFile.json=${report}`, ...filters],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  const result = { status: run.status, report, output: `${run.stdout}${run.stderr}` };
  runs.set(name, result);
  return result;
}

/** What the CI summary prints and its exit code, for a report. */
function summarize(report: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [SUMMARY, report, ...args], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

/** Every planted file in one run: a failing test, a file that fails as it loads, a skipped suite, a PostgreSQL test. */
const ALL_PLANTED = ['planted-failure', 'broken-file', 'needs-a-component', 'touches-postgres'];
const SKIPPED = 'skipped: chromium: a browser suite (planted: the gate test pretends there is no browser)';

describe('the exit code of a test run', () => {
  it('is non-zero when a test fails beside a test on the embedded PostgreSQL server', () => {
    const run = runPlanted('planted', ALL_PLANTED);
    expect(run.status, run.output).toBe(1);
    const summary = summarize(run.report, '--status', String(run.status));
    expect(summary.status).toBe(1);
    expect(summary.lines.at(-1)).toBe('tests: 1 passed, 2 failed');
  }, 300_000);

  it('is zero when the same PostgreSQL test passes alone', () => {
    const run = runPlanted('passing', ['touches-postgres']);
    expect(run.status, run.output).toBe(0);
    const summary = summarize(run.report, '--status', '0');
    expect(summary).toEqual({ status: 0, lines: ['skipped: none', 'tests: 1 passed, 0 failed'] });
  }, 300_000);
});

describe('the CI summary', () => {
  it('fails a report with failures even when vitest exited with 0; a file that fails as it loads counts as one failure', () => {
    const run = runPlanted('planted', ALL_PLANTED);
    // One failed test (planted-failure) and one file that failed as it loaded (broken-file).
    expect(summarize(run.report, '--status', '0')).toEqual({ status: 1, lines: [SKIPPED, 'tests: 1 passed, 2 failed'] });
  }, 300_000);

  it('names suites skipped for a missing component, and fails them when the run was to install it', () => {
    const run = runPlanted('planted', ALL_PLANTED);
    expect(summarize(run.report, '--status', '0', '--require', 'chromium')).toEqual({
      status: 1,
      lines: [SKIPPED, 'failed: chromium was to be installed for this run; 1 of its tests did not run', 'tests: 1 passed, 3 failed'],
    });
    // A skipped suite alone does not fail a run that was not to install its component.
    const passing = runPlanted('passing', ['touches-postgres']);
    expect(summarize(passing.report, '--status', '0').status).toBe(0);
  }, 300_000);

  it('fails when vitest exited non-zero with nothing failed in its report, or wrote no report', () => {
    const run = runPlanted('passing', ['touches-postgres']);
    expect(summarize(run.report, '--status', '1')).toEqual({
      status: 1,
      lines: [
        'skipped: none',
        'failed: vitest exited with 1 without a failed test in its report: see its output above',
        'tests: 1 passed, 1 failed',
      ],
    });
    expect(summarize(join(folder, 'absent.json'), '--status', '2')).toEqual({
      status: 1,
      lines: ['vitest wrote no report (exit 2)', 'tests: 0 passed, 1 failed'],
    });
  }, 300_000);
});
