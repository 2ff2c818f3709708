/**
 * Small pieces of the text reports of `launch-link`, `skills list` and `plugins inspect`: values
 * from links and repositories made safe to print on one line, diagnostics as indented lines,
 * counts by severity.
 * @module
 */
import { escapeControlsInLine } from '../internal/control-characters';
import type { Diagnostic, Severity } from '../internal/diagnostic';
import type { Styles } from './color';
import { UsageError } from './io';

/**
 * `text` on one line, safe for a terminal: line ends, tabs and other control characters (which
 * could move the cursor or hide text) are written as escapes such as `\n` or `\u001b`
 * ({@link escapeControlsInLine}). Text longer than `max` characters is cut with `…`.
 */
export function printable(text: string, max = 2000): string {
  return escapeControlsInLine(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** `1 skill`, `2 skills`. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

const SEVERITY_STYLE = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

/** A severity word in its colour, padded to the width of `warning`. */
export function severityLabel(severity: Severity, styles: Styles): string {
  return styles[SEVERITY_STYLE[severity]](severity) + ' '.repeat(7 - severity.length);
}

/**
 * A diagnostic as lines: `<indent><severity>  <message>  [<code>]`, then its hint, dimmed,
 * under the message. `where` (such as `col 57`) goes before the message when given.
 */
export function diagnosticLines(item: Diagnostic, styles: Styles, indent = '  ', where?: string): string[] {
  const head = `${indent}${severityLabel(item.severity, styles)}  ${where ? `${where}  ` : ''}`;
  const lines = [`${head}${printable(item.message)}  [${item.code}]`];
  if (item.hint !== '') lines.push(`${' '.repeat(indent.length + 9)}${styles.dim(printable(item.hint))}`);
  return lines;
}

/** The `--format` option: `text` (default) or `json`; anything else is a {@link UsageError}. */
export function readFormat(value: string | undefined): 'text' | 'json' {
  const format = value ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ${printable(format, 80)}`);
  return format;
}
