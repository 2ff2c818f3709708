/**
 * The GitHub Actions options of `agentwire validate`: `--changed-lines <file>` (a diff whose
 * added lines are the ones to annotate), `--step-summary <file>` (the job summary, Markdown) and
 * `--github-output <file>` (the step's outputs `errors` and `warnings`). The two files the runner
 * gives (`$GITHUB_STEP_SUMMARY`, `$GITHUB_OUTPUT`) are appended to, as the runner expects.
 * @module
 */
import { appendFile, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ValidationReport } from '../validate/index';
import { UsageError } from './io';
import { type ChangedLines, parseChangedLines } from './validate-output/changed-lines';
import { formatStepSummary } from './validate-output/format-step-summary';

/** Reads the diff of `--changed-lines` (relative to `cwd`); an unreadable file is a {@link UsageError}. */
export async function readChangedLines(path: string, cwd: string): Promise<ChangedLines> {
  try {
    return parseChangedLines(await readFile(resolve(cwd, path), 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read --changed-lines ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

async function append(option: string, path: string, cwd: string, text: string): Promise<void> {
  try {
    await appendFile(resolve(cwd, path), text);
  } catch (error) {
    throw new UsageError(`cannot write ${option} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** What `--step-summary` and `--github-output` ask for, after a run. */
export interface GithubFiles {
  stepSummary?: string | undefined;
  githubOutput?: string | undefined;
  changedLines?: ChangedLines | undefined;
}

/** Appends the Markdown summary and the outputs (`errors=N`, `warnings=N`: the findings that count) to the files asked for. */
export async function writeGithubFiles(report: ValidationReport, files: GithubFiles, cwd: string): Promise<void> {
  if (files.stepSummary !== undefined) {
    const summary = formatStepSummary(report, { cwd, ...(files.changedLines ? { changedLines: files.changedLines } : {}) });
    await append('--step-summary', files.stepSummary, cwd, summary);
  }
  if (files.githubOutput !== undefined) {
    const { errors, warnings } = report.summary;
    await append('--github-output', files.githubOutput, cwd, `errors=${errors}\nwarnings=${warnings}\n`);
  }
}
