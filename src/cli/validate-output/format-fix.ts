/**
 * What `agentwire validate --fix` and `--fix-dry-run` print before the report: the unified diff of
 * each file (dry run), how many problems were (or would be) fixed in how many files, and each
 * finding of a fixable rule left alone, with the reason. Control characters and a byte-order mark
 * in the diff are shown as escapes, never written to the terminal as they are.
 * @module
 */
import { escapeControls, escapeControlsInLine } from '../../internal/control-characters';
import { unifiedDiff } from '../../internal/unified-diff';
import type { FixReport } from '../../validate/index';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A diff line shown safely: controls and U+FEFF escaped, a carriage return inside the line as `\r`. */
const shown = (line: string) =>
  escapeControls(line)
    .replace(/\r(?!$)/g, '\\r')
    .replaceAll('\ufeff', '\\ufeff');

/** The diff of every fixed file, as `git diff` labels it (`a/<file>`, `b/<file>`). */
export function formatFixDiff(result: FixReport): string {
  return result.files
    .map((file) => unifiedDiff(file.before, file.after, { before: `a/${file.file}`, after: `b/${file.file}` }))
    .join('')
    .split('\n')
    .map(shown)
    .join('\n');
}

/** The summary line and the findings left alone. */
export function formatFixSummary(result: FixReport): string {
  const problems = plural(result.fixed, 'problem');
  const files = plural(result.files.length, 'file');
  const lines = [result.written ? `fixed ${problems} in ${files}` : `would fix ${problems} in ${files} (nothing written)`];
  for (const { diagnostic, reason } of result.unfixed) {
    lines.push(
      `  not fixed: ${escapeControlsInLine(`${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code}: ${reason}`)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
