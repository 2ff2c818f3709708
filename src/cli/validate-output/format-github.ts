/**
 * The `github` output of `agentwire validate`: one GitHub Actions workflow command per diagnostic
 * (`::error file=…,line=…,col=…,title=<code>::<message>`), so each shows as an annotation on the
 * line of the pull request it is about, then the summary line.
 * @module
 */

import { escapeControls } from '../../internal/control-characters';
import type { ProfileDiagnostic, ValidationReport } from '../../validate/index';
import { type ChangedLines, onChangedLine } from './changed-lines';
import { relativeToCwd } from './format-shared';
import { countOf, formatSummary } from './format-summary';

/** Options of {@link formatGithub}. */
export interface GithubFormatOptions {
  /** The directory file paths are made relative to: the repository's root, where the job runs. */
  cwd: string;
  /** Errors only: no annotations for warnings and infos (the summary still counts them). */
  quiet?: boolean;
  /**
   * The lines a pull request changes (paths relative to `cwd`): only findings on them, and
   * findings about a whole changed file, are annotated; a line before the summary counts the rest.
   */
  changedLines?: ChangedLines;
}

/** The data of a workflow command (after the second `::`): `%`, carriage returns and newlines escaped. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: as {@link escapeData}, and `:` and `,` as well. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/**
 * One workflow command: the message and its profile, then the hint and any related places on
 * lines of their own. Control characters from the repository are shown as `\u001b` (they would
 * drive the log's terminal rendering), then the workflow-command escapes apply.
 */
export function formatGithubCommand(item: ProfileDiagnostic, cwd: string): string {
  const properties = [
    `file=${escapeProperty(escapeControls(relativeToCwd(item.file, cwd)))}`,
    `line=${item.line}`,
    `col=${item.column}`,
    `title=${escapeProperty(item.code)}`,
  ].join(',');
  const lines = [`${item.message} [${item.profile}]`];
  if (item.hint !== '') lines.push(item.hint);
  for (const related of item.related ?? []) {
    const note = related.message === '' ? '' : `: ${related.message}`;
    lines.push(`See ${relativeToCwd(related.file, cwd)}:${related.line}:${related.column}${note}`);
  }
  return `::${COMMAND[item.severity]} ${properties}::${escapeData(escapeControls(lines.join('\n')))}`;
}

/**
 * The report as workflow commands, one line each, then the summary as plain text. File paths are
 * made relative to `cwd` with `/` separators, as GitHub needs them to place annotations. Findings
 * known from a baseline get no annotation (the summary counts them); with `changedLines`, neither
 * do findings off the changed lines (a line before the summary counts them).
 * Ends with a newline.
 */
export function formatGithub(report: ValidationReport, options: GithubFormatOptions): string {
  const shown = report.diagnostics.filter((item) => item.baseline !== 'known' && (!options.quiet || item.severity === 'error'));
  const { changedLines, cwd } = options;
  const annotated = changedLines ? shown.filter((item) => onChangedLine(changedLines, cwd, item.file, item.line, item.column)) : shown;
  const lines = annotated.map((item) => formatGithubCommand(item, cwd));
  const elsewhere = shown.length - annotated.length;
  if (elsewhere > 0) lines.push(`${countOf(elsewhere, 'finding')} outside the changed lines, not annotated`);
  lines.push(formatSummary(report));
  return `${lines.join('\n')}\n`;
}
