/**
 * What the output formats of `agentwire validate` share: paths relative to the working directory
 * (the repository's root in a CI job) with `/` separators on every system, and text from a
 * repository (file names, values quoted in messages) made safe to print: a control character or a
 * bidirectional control could move the cursor, clear the screen or hide text in a terminal or a
 * CI log, so they are shown, never obeyed.
 * @module
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * `file` relative to `cwd`, with `/` separators: `skills/pdf/SKILL.md`. A relative `file` is
 * taken as relative to `cwd`; a file outside `cwd` keeps a leading `../`.
 */
export function relativeToCwd(file: string, cwd: string): string {
  const path = relative(cwd, resolve(cwd, file));
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Whether `file` is inside `cwd` (or is `cwd` itself). */
export function isInside(file: string, cwd: string): boolean {
  const path = relative(cwd, resolve(cwd, file));
  return !isAbsolute(path) && path !== '..' && !path.startsWith(`..${sep}`);
}

// C0 controls but tab, newline and carriage return (each output format handles line ends), DEL, C1 controls, and the bidirectional marks and overrides.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with each unsafe character written as its escape, such as `\u001b`; tabs and line ends stay. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}
