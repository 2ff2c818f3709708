/**
 * Inline suppressions: a finding is left out of the report when a suppression comment of its file
 * names its rule (on the line before it, on its own line, or for the whole file). Comments that
 * name an unknown rule, give no reason, or silence nothing are findings of their own.
 * @module
 */
import { resolve } from 'node:path';
import { diagnostic } from '../internal/diagnostic';
import { suggest } from '../internal/did-you-mean';
import { mapConcurrent } from '../internal/map-concurrent';
import type { Rule } from '../internal/rule';
import { findRule, ruleCatalog } from './rule-catalog';
import type { SourceLines } from './source-lines';
import { findSuppressionComments, type SuppressionComment } from './suppression-comments';
import { SUPPRESSION_REASON_MISSING, SUPPRESSION_RULE_UNKNOWN, SUPPRESSION_UNUSED } from './suppression-rules';
import type { Profile, ProfileDiagnostic } from './types';

/** What {@link applySuppressions} needs beyond the findings. */
export interface SuppressionOptions {
  /** Every file the run read (as given to the checks); the Markdown ones are searched for comments. */
  files: Iterable<string>;
  /** Relative file paths resolve here. */
  cwd: string;
  /** The profiles of the run: a comment for a rule none of them raises is not reported as unused. */
  profiles: readonly Profile[];
  sources: SourceLines;
}

/** The findings left, with the suppressions' own findings, and how many were silenced. */
export interface SuppressionResult {
  diagnostics: ProfileDiagnostic[];
  suppressed: number;
}

/** How many files are read at once. */
const READ_CONCURRENCY = 16;

/** Files that may hold suppression comments: any text but JSON, which has no comments. */
const mayHoldComments = (file: string) => !/\.json$/i.test(file);

function covers(comment: SuppressionComment, line: number): boolean {
  return comment.scope === 'file' || (comment.scope === 'line' ? comment.line === line : comment.line + 1 === line);
}

/** Leaves out the findings a comment of their file suppresses; reports unknown, unexplained and unused suppressions. */
export async function applySuppressions(
  diagnostics: readonly ProfileDiagnostic[],
  options: SuppressionOptions,
): Promise<SuppressionResult> {
  const files = new Set<string>();
  for (const file of [...options.files, ...diagnostics.map((d) => d.file)]) {
    if (mayHoldComments(file)) files.add(resolve(options.cwd, file));
  }
  const comments = new Map<string, SuppressionComment[]>();
  await mapConcurrent([...files], READ_CONCURRENCY, async (file) => {
    const text = await options.sources.text(file);
    // Most files hold no comment: the cheap test spares them the parse.
    const found = text?.includes('agentwire-disable') ? findSuppressionComments(text) : [];
    if (found.length > 0) comments.set(file, found);
  });
  if (comments.size === 0) return { diagnostics: [...diagnostics], suppressed: 0 };

  const used = new Set<string>();
  const kept = diagnostics.filter((d) => {
    const here = comments.get(resolve(options.cwd, d.file)) ?? [];
    const by = here.find((comment) => comment.rules.includes(d.code) && covers(comment, d.line));
    if (by) used.add(`${resolve(options.cwd, d.file)}\0${by.line}\0${by.column}\0${d.code}`);
    return by === undefined;
  });
  const profile = options.profiles.includes('openhands') ? 'openhands' : (options.profiles[0] ?? 'openhands');
  const own: ProfileDiagnostic[] = [];
  const codes = ruleCatalog().map((rule) => rule.code);
  for (const [file, list] of comments) {
    for (const comment of list) {
      const at = { line: comment.line, column: comment.column };
      const report = (rule: Rule, message: string) => own.push({ ...diagnostic(rule, { file, at, message }), profile });
      if (comment.rules.length === 0) report(SUPPRESSION_RULE_UNKNOWN, 'The suppression comment names no rule.');
      if (comment.reason === undefined) report(SUPPRESSION_REASON_MISSING, 'The suppression comment gives no reason after " -- ".');
      for (const code of comment.rules) {
        const rule = findRule(code);
        if (!rule) {
          const guess = suggest(code, codes);
          report(SUPPRESSION_RULE_UNKNOWN, `"${code}" is not a rule${guess ? `: did you mean "${guess}"?` : '.'}`);
          continue;
        }
        const raisable = rule.profiles.some((p) => options.profiles.includes(p));
        if (raisable && !used.has(`${file}\0${comment.line}\0${comment.column}\0${code}`)) {
          const where = comment.scope === 'file' ? 'in this file' : comment.scope === 'line' ? 'on this line' : 'on the next line';
          report(SUPPRESSION_UNUSED, `The suppression of "${code}" silences nothing: the rule raised no finding ${where}.`);
        }
      }
    }
  }
  return { diagnostics: [...kept, ...own], suppressed: diagnostics.length - kept.length };
}
