/**
 * A run's findings against a baseline: each finding's fingerprint, then which are known (in the
 * baseline, as many times as it counts them), which are new, and how many of the baseline are
 * fixed.
 * @module
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { mapConcurrent } from '../internal/map-concurrent';
import type { Baseline, BaselineComparison } from './baseline';
import type { SourceLines } from './source-lines';
import type { ProfileDiagnostic } from './types';

/** A message with the numbers of lines and columns in it left out: `at 3:14`, `line 12`, `column 4`. */
export function normalizeMessage(message: string): string {
  return message
    .replace(/:\d+(?::\d+)?\b/g, ':#')
    .replace(/\b(lines?|columns?|col)\s+\d+/gi, '$1 #')
    .trim();
}

/**
 * The fingerprint of a finding: a hash of its rule, profile, file, normalized message and the
 * trimmed text of its line, so that it survives lines moving above it but not a change of the
 * line itself. 24 hexadecimal digits (96 bits of SHA-256).
 */
export function fingerprintOf(item: ProfileDiagnostic, lineText: string): string {
  const parts = [item.code, item.profile, item.file, normalizeMessage(item.message), lineText.trim()];
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 24);
}

/** How many files are read at once. */
const READ_CONCURRENCY = 16;

/** The findings with their fingerprint and state, and the counts. */
export interface ComparedFindings {
  diagnostics: ProfileDiagnostic[];
  comparison: BaselineComparison;
}

/** Fingerprints every finding (files of `diagnostics` resolve against `cwd`) and compares them with `baseline`. */
export async function compareWithBaseline(
  diagnostics: readonly ProfileDiagnostic[],
  baseline: Baseline,
  options: { cwd: string; sources: SourceLines },
): Promise<ComparedFindings> {
  const remaining = new Map<string, number>();
  for (const finding of baseline.findings) {
    remaining.set(finding.fingerprint, (remaining.get(finding.fingerprint) ?? 0) + (finding.count ?? 1));
  }
  const lineTexts = await mapConcurrent(diagnostics, READ_CONCURRENCY, async (item) => {
    const lines = await options.sources.lines(resolve(options.cwd, item.file));
    return lines?.[item.line - 1] ?? '';
  });
  const compared: ProfileDiagnostic[] = [];
  for (const [at, item] of diagnostics.entries()) {
    const fingerprint = fingerprintOf(item, lineTexts[at] as string);
    const left = remaining.get(fingerprint) ?? 0;
    if (left > 0) remaining.set(fingerprint, left - 1);
    compared.push({ ...item, baseline: left > 0 ? 'known' : 'new', fingerprint });
  }
  const known = compared.filter((item) => item.baseline === 'known').length;
  const fixed = [...remaining.values()].reduce((sum, left) => sum + left, 0);
  return { diagnostics: compared, comparison: { known, new: compared.length - known, fixed } };
}
