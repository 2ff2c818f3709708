/**
 * `fixRepository(paths, options)`: `agentwire validate --fix` as a function. It validates, asks
 * each fixer for an edit, validates the fixed files in memory, keeps a file's fixes only when they
 * hold (verify.ts), and then writes the files (each replaced atomically) unless it is a dry run.
 * @module
 */
import { nodeFileSystem } from '../../skills/index';
import { runValidate } from '../run-validate';
import type { ProfileDiagnostic, ValidationReport } from '../types';
import { runOptions, type ValidateOptions } from '../validate';
import { overlayFileSystem } from './overlay-file-system';
import { planFixes, type UnfixedFinding } from './plan-fixes';
import { type FilePlan, verifyPlans } from './verify';
import { replaceFile } from './write-file';

export type { UnfixedFinding } from './plan-fixes';

/** How {@link fixRepository} works: the options of `validate`, and whether to write. */
export interface FixOptions extends ValidateOptions {
  /** Plan and verify the fixes, but write nothing (default `false`). */
  dryRun?: boolean;
}

/** One fix that holds: the diagnostic it fixes and what it changed. */
export interface AppliedFix {
  diagnostic: ProfileDiagnostic;
  /** What was changed, in a few words (`quoted 42 as '42' so it reads as text`). */
  description: string;
}

/** A file whose fixes hold, with its text before and after. */
export interface FixedFile {
  /** The file as the report names it (relative to `cwd` when inside it). */
  file: string;
  /** The absolute path. */
  path: string;
  before: string;
  after: string;
  fixes: AppliedFix[];
}

/** What {@link fixRepository} did. */
export interface FixReport {
  /** The files fixed (written, or to be written in a dry run), sorted by file. */
  files: FixedFile[];
  /** How many diagnostics the fixes fix. */
  fixed: number;
  /** Findings of fixable rules left as they are, each with the reason. */
  unfixed: UnfixedFinding[];
  /** Whether the files were written (`false` for a dry run). */
  written: boolean;
  /** What remains: the validation report of the fixed files. */
  report: ValidationReport;
}

const encoder = new TextEncoder();
/** How many times the fixed texts are fixed again for what earlier fixes revealed, the first included. */
const MAX_ROUNDS = 3;

/**
 * Fixes the findings whose fix cannot change what the author meant: a front matter value YAML
 * reads as a number, boolean or date where text belongs (`frontmatter-wrong-type`: quoted),
 * `trigger:` (`frontmatter-ignored-key`: renamed `triggers:`), a byte-order mark before the front
 * matter (`bom-before-frontmatter`: removed), a marketplace source without `./`
 * (`claude-code-source-invalid`: `./` added). A fixer leaves alone what it cannot prove safe
 * (a value over several lines, a comment on its line, anchors, a key written twice); every fixed
 * file is validated again before anything is written, and its fixes are kept only when each fixed
 * diagnostic is gone and no new one appears. Each file is replaced atomically, keeping its mode.
 *
 * @throws as {@link validate} does for bad options.
 * @example
 * ```ts
 * import { fixRepository } from 'agentwire/validate';
 *
 * const result = await fixRepository(['.'], { dryRun: true });
 * for (const file of result.files) console.log(file.file, file.fixes.map((fix) => fix.description));
 * ```
 */
export async function fixRepository(paths: readonly string[], options: FixOptions = {}): Promise<FixReport> {
  const run = await runOptions(paths, options);
  const base = run.fs ?? nodeFileSystem;
  const before = await runValidate(run);
  const { plans, unfixed } = await planFixes(before, run.cwd, base);
  let kept = plans;
  let after = before;
  let rounds = 1;
  const refuse = (plan: FilePlan, reason: string) => {
    for (const fix of plan.fixes) if (plan.original.has(fix.diagnostic)) unfixed.push({ diagnostic: fix.diagnostic, reason });
  };
  const overlayOf = (candidates: readonly FilePlan[]) =>
    overlayFileSystem(base, new Map(candidates.map((plan) => [plan.path, encoder.encode(plan.fixedText)])));
  const check = async (candidates: readonly FilePlan[]) => {
    const report = await runValidate({ ...run, fs: overlayOf(candidates), onProgress: () => undefined });
    return { report, verification: verifyPlans(before, report, candidates) };
  };
  while (kept.length > 0) {
    const { report, verification } = await check(kept);
    if (verification.failed.size === 0 && verification.elsewhere.length === 0) {
      after = report;
      break;
    }
    if (rounds < MAX_ROUNDS) {
      // A fix may reveal a finding another fixer answers: fix the fixed texts once more, then verify again.
      rounds++;
      const files = new Set(kept.map((plan) => plan.file));
      const revealed = { ...report, diagnostics: report.diagnostics.filter((d) => files.has(d.file)) };
      const more = (await planFixes(revealed, run.cwd, overlayOf(kept))).plans;
      if (more.length > 0) {
        kept = kept.map((plan) => {
          const next = more.find((other) => other.path === plan.path);
          if (!next) return plan;
          const { mapLine } = plan;
          return {
            ...plan,
            fixedText: next.fixedText,
            mapLine: (line) => next.mapLine(mapLine(line)),
            fixes: [...plan.fixes, ...next.fixes],
          };
        });
        continue;
      }
    }
    let failing = kept.filter((plan) => verification.failed.has(plan.file));
    for (const plan of failing) refuse(plan, verification.failed.get(plan.file) as string);
    if (failing.length === 0) {
      // Findings appeared in a file no fix edits: find the fixes that cause them, one file at a time.
      for (const plan of kept) {
        const alone = await check([plan]);
        const reason = alone.verification.failed.get(plan.file) ?? alone.verification.elsewhere[0];
        if (reason === undefined) continue;
        failing.push(plan);
        refuse(plan, typeof reason === 'string' ? reason : `the fix would add ${reason.code} in ${reason.file} at line ${reason.line}`);
      }
      if (failing.length === 0) {
        failing = kept;
        for (const plan of kept) refuse(plan, 'the fixes together would add findings in other files');
      }
    }
    kept = kept.filter((plan) => !failing.includes(plan));
  }

  const written = options.dryRun !== true;
  if (written) {
    let failedWrites = false;
    for (const plan of [...kept]) {
      try {
        const original = encoder.encode(plan.text);
        const current = await base.read(plan.path, 0, original.length + 1);
        if (Buffer.compare(current, original) !== 0) throw new Error('the file changed while it was being fixed');
        await replaceFile(plan.path, encoder.encode(plan.fixedText));
      } catch (error) {
        failedWrites = true;
        refuse(plan, `not written: ${(error as Error).message}`);
        kept = kept.filter((other) => other !== plan);
      }
    }
    // The verified report describes the files as planned; after a failed write, what is on disk.
    if (failedWrites) after = await runValidate(run);
  }
  const files = kept
    .map((plan) => ({ file: plan.file, path: plan.path, before: plan.text, after: plan.fixedText, fixes: plan.fixes }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    files,
    fixed: files.reduce((sum, file) => sum + file.fixes.length, 0),
    unfixed,
    written,
    report: after,
  };
}
