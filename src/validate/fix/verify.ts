/**
 * Verification of fixes: the report of the fixed files (validated in memory) against the report
 * before. A file's fixes hold when every diagnostic they fix is gone and the file has no finding it
 * did not have before (findings are matched by profile, code and line, lines moved by the edits;
 * messages may change, as when one of two problems is gone). Files nobody edited must not gain
 * findings either, unless a finding only moved there (its code is not reported more often than before).
 * @module
 */
import type { ProfileDiagnostic, ValidationReport } from '../types';

/** One file's planned fixes. */
export interface FilePlan {
  /** The file as the report names it. */
  file: string;
  /** The absolute path. */
  path: string;
  /** The text before and after. */
  text: string;
  fixedText: string;
  /** Where a line of `text` is in `fixedText`. */
  mapLine: (line: number) => number;
  /** The diagnostics the edits fix, each with what was done. */
  fixes: { diagnostic: ProfileDiagnostic; description: string }[];
  /**
   * Those of {@link fixes} that the report before any fix holds (a later round fixes findings an
   * earlier fix revealed, such as a `trigger:` no one saw behind a byte-order mark).
   */
  original: ReadonlySet<ProfileDiagnostic>;
}

/** What verification found: the files whose fixes do not hold (and why), and findings that appeared in other files. */
export interface Verification {
  failed: Map<string, string>;
  elsewhere: ProfileDiagnostic[];
}

const key = (d: ProfileDiagnostic, line: number) => `${d.profile}\0${d.code}\0${line}`;

function countKeys(diagnostics: readonly ProfileDiagnostic[], lineOf: (d: ProfileDiagnostic) => number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(key(d, lineOf(d)), (counts.get(key(d, lineOf(d))) ?? 0) + 1);
  return counts;
}

function take(counts: Map<string, number>, k: string): boolean {
  const left = counts.get(k) ?? 0;
  if (left === 0) return false;
  counts.set(k, left - 1);
  return true;
}

/** Checks each plan's file, and the files no plan edits, in `after` against `before`. */
export function verifyPlans(before: ValidationReport, after: ValidationReport, plans: readonly FilePlan[]): Verification {
  const failed = new Map<string, string>();
  const planned = new Map(plans.map((plan) => [plan.file, plan]));
  for (const plan of plans) {
    const { mapLine, original: fixed } = plan;
    const now = after.diagnostics.filter((d) => d.file === plan.file);
    const remaining = countKeys(now, (d) => d.line);
    const still = plan.fixes.find(
      (fix) => fixed.has(fix.diagnostic) && (remaining.get(key(fix.diagnostic, mapLine(fix.diagnostic.line))) ?? 0) > 0,
    );
    if (still) {
      failed.set(plan.file, `${still.diagnostic.code} at line ${still.diagnostic.line} is still reported after the fix`);
      continue;
    }
    const earlier = countKeys(
      before.diagnostics.filter((d) => d.file === plan.file && !fixed.has(d)),
      (d) => mapLine(d.line),
    );
    const added = now.find((d) => !take(earlier, key(d, d.line)));
    if (added) failed.set(plan.file, `the fix would add ${added.code} at line ${added.line}: ${added.message}`);
  }
  const earlier = new Map<string, number>();
  for (const d of before.diagnostics) {
    if (planned.has(d.file)) continue;
    const k = `${d.file}\0${key(d, d.line)}`;
    earlier.set(k, (earlier.get(k) ?? 0) + 1);
  }
  // A finding that moved (the folder a wrong type drops is now blamed on the next file) is not a new one:
  // only a code reported more often than before counts.
  const total = (report: ValidationReport, d: ProfileDiagnostic) =>
    report.diagnostics.filter((other) => other.profile === d.profile && other.code === d.code).length;
  const elsewhere = after.diagnostics.filter(
    (d) => !planned.has(d.file) && !take(earlier, `${d.file}\0${key(d, d.line)}`) && total(after, d) > total(before, d),
  );
  return { failed, elsewhere };
}
