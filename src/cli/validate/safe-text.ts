/**
 * Text from a repository (file names, values quoted in messages) made safe to print: a control
 * character or a bidirectional control could move the cursor, clear the screen or hide text in a
 * terminal or a CI log. They are shown, never obeyed.
 * @module
 */

// C0 controls but tab, newline and carriage return (each output format handles line ends), DEL, C1 controls, and the bidirectional marks and overrides.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with each unsafe character written as its escape, such as `\u001b`; tabs and line ends stay. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}
