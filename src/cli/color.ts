/**
 * Colour in terminal output: whether to use it, and the few ANSI styles the commands use.
 * @module
 */

/**
 * Whether standard output should be coloured: never when `NO_COLOR` is set to anything but the
 * empty string (no-color.org), always when `FORCE_COLOR` is set to anything but `0` or `false`,
 * never for `TERM=dumb`, and otherwise only on a terminal.
 */
export function colorEnabled(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force.toLowerCase() !== 'false') return true;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/** A style: wraps text in its ANSI codes, or returns it unchanged when colour is off. */
export type Style = (text: string) => string;

/** The styles of coloured output. */
export interface Styles {
  red: Style;
  yellow: Style;
  cyan: Style;
  bold: Style;
  dim: Style;
}

const ansi =
  (open: number, close: number): Style =>
  (text) =>
    text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`;
const plain: Style = (text) => text;

/** ANSI styles when `color` is true; styles that change nothing otherwise. */
export function createStyles(color: boolean): Styles {
  if (!color) return { red: plain, yellow: plain, cyan: plain, bold: plain, dim: plain };
  return { red: ansi(31, 39), yellow: ansi(33, 39), cyan: ansi(36, 39), bold: ansi(1, 22), dim: ansi(2, 22) };
}
