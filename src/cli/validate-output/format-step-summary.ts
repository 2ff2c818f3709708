/**
 * The Markdown summary of `agentwire validate --step-summary <file>`, for a GitHub Actions job's
 * summary page (`$GITHUB_STEP_SUMMARY`): the summary line, then a table of the findings (those on
 * the changed lines first when `--changed-lines` is given).
 * @module
 */
import { escapeControls } from '../../internal/control-characters';
import type { ProfileDiagnostic, ValidationReport } from '../../validate/index';
import { type ChangedLines, onChangedLine } from './changed-lines';
import { relativeToCwd } from './format-shared';
import { countOf, formatSummary } from './format-summary';

/** Options of {@link formatStepSummary}. */
export interface StepSummaryOptions {
  /** The directory file paths are made relative to. */
  cwd: string;
  /** The lines a pull request changes: the findings on them are listed apart from the rest. */
  changedLines?: ChangedLines;
  /** At most this many rows in all (default 200); the rest are counted. */
  maxRows?: number;
}

/**
 * Text from a repository as inline Markdown that shows as written: control characters as
 * escapes, line breaks as spaces, and every character Markdown, HTML or a table gives a meaning
 * to as a character reference.
 */
export function markdownText(text: string): string {
  return escapeControls(text.replace(/\r?\n/g, ' ')).replace(/[\\`*_{}[\]<>()#+!|~&"$:@]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function row(item: ProfileDiagnostic, cwd: string): string {
  const where = `${relativeToCwd(item.file, cwd)}:${item.line}:${item.column}`;
  return `| ${item.severity} | <code>${markdownText(where)}</code> | <code>${markdownText(item.code)}</code> | ${markdownText(item.message)} (${item.profile}) |`;
}

function table(items: readonly ProfileDiagnostic[], cwd: string): string[] {
  return ['| Severity | Where | Rule | Finding |', '| --- | --- | --- | --- |', ...items.map((item) => row(item, cwd))];
}

/**
 * The report as Markdown: a heading, the summary line in bold, and the findings (known ones of a
 * baseline left out) in tables, at most `maxRows` rows. Ends with a newline.
 */
export function formatStepSummary(report: ValidationReport, options: StepSummaryOptions): string {
  const { cwd, changedLines } = options;
  let rowsLeft = options.maxRows ?? 200;
  const findings = report.diagnostics.filter((item) => item.baseline !== 'known');
  const lines = ['### agentwire validate', '', `**${markdownText(formatSummary(report))}**`];
  const section = (title: string | undefined, items: readonly ProfileDiagnostic[]) => {
    if (items.length === 0) return;
    const listed = items.slice(0, Math.max(0, rowsLeft));
    rowsLeft -= listed.length;
    lines.push('');
    if (title !== undefined) lines.push(`#### ${title}`, '');
    if (listed.length > 0) lines.push(...table(listed, cwd));
    if (listed.length < items.length) {
      lines.push('', `${countOf(items.length - listed.length, 'more finding')} not listed here: the job log has every one.`);
    }
  };
  if (changedLines) {
    const on = findings.filter((item) => onChangedLine(changedLines, cwd, item.file, item.line, item.column));
    const off = findings.filter((item) => !on.includes(item));
    section(`On the changed lines (${on.length}, annotated)`, on);
    section(`Elsewhere (${off.length}, not annotated)`, off);
  } else section(undefined, findings);
  return `${lines.join('\n')}\n`;
}
