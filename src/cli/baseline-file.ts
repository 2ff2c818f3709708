/**
 * The `--baseline <file>` and `--write-baseline` options of `agentwire validate`: reading the
 * baseline file, and writing the current findings to it.
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Baseline, BaselineError, createBaseline, parseBaseline, stringifyBaseline, type ValidationReport } from '../validate/index';
import { UsageError } from './io';

/** The file `--write-baseline` writes when `--baseline` names none. */
export const DEFAULT_BASELINE_FILE = 'agentwire-baseline.json';

/**
 * Reads the baseline file at `path` (relative to `cwd`). A missing file is `undefined` when
 * `missingOk` (`--write-baseline` creates it); any other problem is a {@link UsageError}.
 */
export async function readBaselineFile(path: string, cwd: string, missingOk: boolean): Promise<Baseline | undefined> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && missingOk) return undefined;
    throw new UsageError(
      `cannot read --baseline ${path}: ${code === 'ENOENT' ? 'no such file (write one with --write-baseline)' : (code ?? (error as Error).message)}`,
    );
  }
  try {
    return parseBaseline(text, path);
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(`--baseline ${error.message}`);
    throw error;
  }
}

/** Writes every finding of `report` (a run given a baseline) to `path`; gives how many findings it holds. */
export async function writeBaselineFile(report: ValidationReport, path: string, cwd: string): Promise<number> {
  const baseline = createBaseline(report);
  try {
    await writeFile(resolve(cwd, path), stringifyBaseline(baseline));
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return baseline.findings.reduce((sum, finding) => sum + (finding.count ?? 1), 0);
}
