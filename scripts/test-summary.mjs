#!/usr/bin/env node
// @ts-check
// Reads vitest's JSON report and decides whether the run passed, whatever vitest's exit code was.
//
//   node scripts/test-summary.mjs <report.json> [--status <vitest exit code>] [--require <component>]...
//
// Prints a `skipped:` line naming every suite skipped for a missing component (see
// test/helpers/components.ts), then, last, `tests: N passed, N failed`. Exits 1 when the report
// counts a failed test or a failed file, when vitest itself exited non-zero, or when a suite was
// skipped for a component named by --require (one the run was meant to install; its skipped tests
// count as failed).
import { existsSync, readFileSync } from 'node:fs';

/** The mark `needing()` puts in a skipped suite's title: component and reason. */
const MARK = /\[skipped, needs ([a-z-]+): ([^\]]*)\]/;

/**
 * @param {string[]} argv
 * @returns {{ report: string | undefined, status: number, required: string[] }}
 */
function parseArguments(argv) {
  /** @type {string[]} */
  const required = [];
  let report;
  let status = 0;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--status') status = Number(argv[++i]);
    else if (argument === '--require') required.push(String(argv[++i]));
    else report = argument;
  }
  return { report, status, required };
}

/**
 * The suites skipped for a missing component, and how many tests they hold, by component.
 * @param {{ testResults?: { assertionResults?: { status: string, ancestorTitles?: string[], title?: string }[] }[] }} report
 * @returns {Map<string, { suites: Set<string>, tests: number }>}
 */
function skippedComponents(report) {
  /** @type {Map<string, { suites: Set<string>, tests: number }>} */
  const skipped = new Map();
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' || test.status === 'failed') continue;
      const titles = [...(test.ancestorTitles ?? []), test.title ?? ''];
      for (const title of titles) {
        const mark = MARK.exec(title);
        if (!mark) continue;
        const component = /** @type {string} */ (mark[1]);
        const entry = skipped.get(component) ?? { suites: new Set(), tests: 0 };
        entry.suites.add(`${title.slice(0, mark.index).trim()} (${mark[2]})`);
        entry.tests++;
        skipped.set(component, entry);
        break;
      }
    }
  }
  return skipped;
}

function main() {
  const { report: path, status, required } = parseArguments(process.argv.slice(2));
  if (!path || !existsSync(path)) {
    console.log(`vitest wrote no report (exit ${status})`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const skipped = skippedComponents(report);
  const problems = [];

  const parts = [...skipped].map(([component, { suites }]) => `${component}: ${[...suites].join('; ')}`);
  console.log(`skipped: ${parts.length ? parts.join(' | ') : 'none'}`);
  const passed = Number(report.numPassedTests ?? 0);
  // A file that failed without a failed test in it (it did not load, a hook threw) counts once.
  /** @type {{ status?: string, assertionResults?: { status: string }[] }[]} */
  const files = report.testResults ?? [];
  const brokenFiles = files.filter((file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'));
  let failed = Number(report.numFailedTests ?? 0) + brokenFiles.length;
  for (const component of required) {
    const missing = skipped.get(component);
    if (!missing) continue;
    // The run was meant to have this component: its skipped tests count as failed.
    problems.push(`${component} was to be installed for this run; ${missing.tests} of its tests did not run`);
    failed += missing.tests;
  }
  if (status !== 0 && failed === 0) {
    // Errors outside any test (an unhandled rejection, a type error in a type test) fail the run too.
    problems.push(`vitest exited with ${status} without a failed test in its report: see its output above`);
    failed = 1;
  }
  for (const problem of problems) console.log(`failed: ${problem}`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main();
