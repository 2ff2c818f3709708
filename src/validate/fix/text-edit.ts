/**
 * The fix model: a fix is one edit of a file's text, proposed for one diagnostic. Offsets count
 * UTF-16 code units of the file's text as written (line endings included); lines and columns are
 * the engine's (lines split at `\r\n`, `\r` and `\n`, both counted from 1).
 * @module
 */
import type { ProfileDiagnostic } from '../types';

/** Replace `text[start, end)` with `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** What a fixer answers for one diagnostic: an edit that keeps the meaning, or why it will not touch the file. */
export type FixProposal = { edit: TextEdit; description: string } | { reason: string };

/** A fixer: the rule code it answers and how it proposes an edit of the file that holds the diagnostic. */
export interface Fixer {
  code: string;
  propose(text: string, diagnostic: ProfileDiagnostic): FixProposal;
}

/** The offset where each line starts (lines end at `\r\n`, `\r` or `\n`, as the engine counts them). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
  }
  return starts;
}

/** The text of line `line` (from 1) without its line end, and where it starts; `undefined` past the end. */
export function lineAt(text: string, starts: readonly number[], line: number): { start: number; text: string; end: string } | undefined {
  const start = starts[line - 1];
  if (start === undefined) return undefined;
  const next = starts[line] ?? text.length;
  const whole = text.slice(start, next);
  const body = whole.replace(/(?:\r\n|\r|\n)$/, '');
  return { start, text: body, end: whole.slice(body.length) };
}

/** The line (from 1) that holds `offset`. */
export function lineOfOffset(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** `text` with `edits` applied; the edits are sorted and do not overlap. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/**
 * Where a line of the text before `edits` is after them: lines inside an edit map to the line the
 * edit starts on, lines after it move by the lines it adds or removes.
 */
export function lineMapper(text: string, edits: readonly TextEdit[]): (line: number) => number {
  const starts = lineStarts(text);
  const spans = edits.map((edit) => {
    const first = lineOfOffset(starts, edit.start);
    const last = lineOfOffset(starts, edit.end);
    const added = lineStarts(edit.text).length - 1;
    return { first, last, shift: added - (last - first) };
  });
  return (line) => {
    let shift = 0;
    for (const span of spans) {
      if (line > span.last) shift += span.shift;
      else if (line >= span.first) return span.first + shift;
    }
    return line + shift;
  };
}
