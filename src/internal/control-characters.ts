/**
 * Control characters shown, never obeyed: text from events, requests and repositories made safe
 * for a terminal, a CI log or a page. A C0 control (ESC starts the sequences that set the window
 * title, write the clipboard or clear the screen), DEL, a C1 control (U+009B is an 8-bit CSI) or a
 * bidirectional control (which reorders the text shown after it) is written as its escape, such as
 * `\u001b` or `\u202e`. Edge-safe.
 * @module
 */

// C0 controls but tab, line feed and carriage return, DEL, C1 controls, and the bidirectional marks, embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// The same, and tab, line feed and carriage return too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\u001b` for ESC: the JSON escape of a character of the Basic Multilingual Plane. */
function unicodeEscape(char: string): string {
  return `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`;
}

/**
 * `text` with each control and bidirectional control written as its `\uXXXX` escape; tabs and line
 * ends stay (the caller lays out lines). Applied to JSON text, the result is JSON of the same value:
 * these characters appear in valid JSON only inside strings, where their escape means them.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, unicodeEscape);
}

/**
 * `text` for one line: as {@link escapeControls}, and line feed, carriage return and tab written
 * as `\n`, `\r` and `\t`, so a value can neither start a line of its own nor write over one.
 */
export function escapeControlsInLine(text: string): string {
  return text.replace(UNSAFE_IN_LINE, (char) => NAMED[char] ?? unicodeEscape(char));
}
