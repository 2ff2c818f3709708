/**
 * The baseline file of `agentwire validate`: the findings a repository has accepted for now, each
 * by a fingerprint that survives moving lines, so that only new findings fail.
 * @module
 */
import { AgentwireError } from '../internal/agentwire-error';
import type { ValidationReport } from './types';

/** One accepted finding (or `count` equal ones) of a {@link Baseline}. */
export interface BaselineFinding {
  /** The rule code. */
  rule: string;
  /** The file, relative to the folder `validate` ran in, with `/` separators. */
  file: string;
  /** What identifies the finding: a hash of its rule, profile, file, message (numbers of lines and columns left out) and the text of its line. */
  fingerprint: string;
  /** The message when the baseline was written, for the reader; not compared. */
  message?: string;
  /** How many equal findings it stands for (1 when absent). */
  count?: number;
}

/** A baseline: `{ "version": 1, "findings": [...] }`. */
export interface Baseline {
  version: 1;
  findings: BaselineFinding[];
}

/** Whether a finding of a run with a baseline is in it (`known`: it does not fail) or not (`new`). */
export type BaselineState = 'new' | 'known';

/** How the findings of a run compare with its baseline. */
export interface BaselineComparison {
  /** Findings of the baseline found again (they do not fail and are not counted in the summary). */
  known: number;
  /** Findings not in the baseline. */
  new: number;
  /** Findings of the baseline no longer found. */
  fixed: number;
}

/** A baseline that cannot be read: not JSON, or not the shape of a {@link Baseline}. */
export class BaselineError extends AgentwireError {
  override name = 'BaselineError';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function finding(value: unknown, at: string): BaselineFinding {
  if (!isObject(value)) throw new BaselineError(`${at} must be an object`);
  for (const key of ['rule', 'file', 'fingerprint'] as const) {
    if (typeof value[key] !== 'string' || value[key] === '') throw new BaselineError(`${at}.${key} must be a non-empty string`);
  }
  const result: BaselineFinding = { rule: value.rule as string, file: value.file as string, fingerprint: value.fingerprint as string };
  if (value.message !== undefined) {
    if (typeof value.message !== 'string') throw new BaselineError(`${at}.message must be a string`);
    result.message = value.message;
  }
  if (value.count !== undefined) {
    if (!Number.isSafeInteger(value.count) || (value.count as number) < 1)
      throw new BaselineError(`${at}.count must be a positive integer`);
    result.count = value.count as number;
  }
  return result;
}

/**
 * Reads a baseline file's text. `source` names the file in error messages.
 * @throws {@link BaselineError} when the text is not JSON or not a version 1 baseline.
 */
export function parseBaseline(text: string, source = 'the baseline'): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${source} is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new BaselineError(`${source} must hold a JSON object`);
  if (value.version !== 1) throw new BaselineError(`${source}: version must be 1, not ${JSON.stringify(value.version)}`);
  if (!Array.isArray(value.findings)) throw new BaselineError(`${source}: findings must be an array`);
  return { version: 1, findings: value.findings.map((item, index) => finding(item, `${source}: findings[${index}]`)) };
}

/** A baseline as the text of its file: two-space indentation, ending with a newline. */
export function stringifyBaseline(baseline: Baseline): string {
  const findings = baseline.findings.map(({ rule, file, fingerprint, message, count }) => ({
    rule,
    file,
    fingerprint,
    ...(message === undefined ? {} : { message }),
    ...(count === undefined || count === 1 ? {} : { count }),
  }));
  return `${JSON.stringify({ version: 1, findings }, null, 2)}\n`;
}

/**
 * A baseline holding every finding of `report` (known and new), equal findings counted once with
 * their `count`, sorted by file, rule and fingerprint. The report must come from a run given a
 * baseline (`{ version: 1, findings: [] }` will do): only such a run fingerprints its findings.
 * @throws `TypeError` when a finding of the report has no fingerprint.
 */
export function createBaseline(report: ValidationReport): Baseline {
  const byFingerprint = new Map<string, BaselineFinding>();
  for (const item of report.diagnostics) {
    if (item.fingerprint === undefined) {
      throw new TypeError('createBaseline: the report has no fingerprints; run validate with a baseline option');
    }
    const known = byFingerprint.get(item.fingerprint);
    if (known) known.count = (known.count ?? 1) + 1;
    else byFingerprint.set(item.fingerprint, { rule: item.code, file: item.file, fingerprint: item.fingerprint, message: item.message });
  }
  const key = (item: BaselineFinding) => `${item.file}\0${item.rule}\0${item.fingerprint}`;
  return { version: 1, findings: [...byFingerprint.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)) };
}
