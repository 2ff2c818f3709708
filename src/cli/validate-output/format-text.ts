/**
 * The text output of `agentwire validate`: diagnostics grouped by file, each with its position,
 * severity, message, rule code and profile, then its hint; a summary line at the end.
 * @module
 */

import { escapeControls } from '../../internal/control-characters';
import type { ProfileDiagnostic, ValidationReport } from '../../validate/index';
import { createStyles, type Style } from '../color';
import { formatSummary } from './format-summary';

/** Options of {@link formatText}. */
export interface TextFormatOptions {
  /** ANSI colours: red errors, yellow warnings, cyan infos, bold file names, dim hints. */
  color: boolean;
  /** New errors only: warnings, infos and known findings are not listed (the summary still counts them). */
  quiet: boolean;
}

/** One line of text: a newline (a file name can hold one) shown as `\n` as well. */
const oneLine = (text: string) => escapeControls(text).replace(/\r\n?|\n/g, '\\n');

/** Lines after the first indented by `indent`, so a multi-line message stays in its column; `\r\n` and `\r` count as newlines. */
const block = (text: string, indent: string) =>
  escapeControls(text)
    .split(/\r\n?|\n/)
    .join(`\n${indent}`);

const SEVERITY_STYLE = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

function formatFile(file: string, diagnostics: ProfileDiagnostic[], color: boolean): string[] {
  const styles = createStyles(color);
  const positions = diagnostics.map((item) => `${item.line}:${item.column}`);
  const positionWidth = Math.max(...positions.map((position) => position.length));
  const severityWidth = Math.max(...diagnostics.map((item) => item.severity.length));
  const indent = ' '.repeat(2 + positionWidth + 2 + severityWidth + 2);
  const lines = [styles.bold(oneLine(file))];
  diagnostics.forEach((item, at) => {
    const style: Style = styles[SEVERITY_STYLE[item.severity]];
    const severity = style(item.severity) + ' '.repeat(severityWidth - item.severity.length);
    const position = (positions[at] as string).padEnd(positionWidth);
    const known = item.baseline === 'known' ? ', known' : '';
    lines.push(`  ${position}  ${severity}  ${block(item.message, indent)}  [${oneLine(item.code)}, ${oneLine(item.profile)}${known}]`);
    if (item.hint !== '') lines.push(indent + styles.dim(block(item.hint, indent)));
    for (const related of item.related ?? []) {
      const note = related.message === '' ? '' : `: ${block(related.message, indent)}`;
      lines.push(`${indent}see ${oneLine(related.file)}:${related.line}:${related.column}${note}`);
    }
  });
  return lines;
}

/**
 * The report as text for a terminal or a log:
 *
 * ```text
 * skills/pdf-tools/SKILL.md
 *   2:7  error  The name "pdf" differs from its folder "pdf-tools"; …  [skill-name-mismatch, openhands]
 *               Make the `name` field and the folder name the same.
 *
 * 1 error, 0 warnings in 3 files (2 skills)
 * ```
 *
 * A finding of the baseline ends its bracket with `known` (`[inline-command, openhands, known]`).
 * Files keep the order of `report.diagnostics`. Text from the repository is escaped so that it
 * cannot drive the terminal. Ends with a newline.
 */
export function formatText(report: ValidationReport, options: TextFormatOptions): string {
  const byFile = new Map<string, ProfileDiagnostic[]>();
  for (const item of report.diagnostics) {
    if (options.quiet && (item.severity !== 'error' || item.baseline === 'known')) continue;
    const list = byFile.get(item.file);
    if (list) list.push(item);
    else byFile.set(item.file, [item]);
  }
  const blocks = [...byFile].map(([file, diagnostics]) => `${formatFile(file, diagnostics, options.color).join('\n')}\n`);
  return [...blocks, `${formatSummary(report)}\n`].join('\n');
}
