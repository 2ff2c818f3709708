/**
 * Text helpers of the viewer: ANSI escape sequences out of untrusted text (the page shows any
 * other control character as an escape), links limited to http(s), long text cut short. Edge-safe,
 * no DOM.
 * @module
 */

/** CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \`), and two-byte escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
/**
 * Removes ANSI escape sequences: colours, window titles, hyperlinks, screen controls (terminal
 * output is full of colours; shown, they would only be noise). Any other control character stays
 * for the page to show as an escape.
 */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Whether `value` is an absolute `http:` or `https:` URL, the only links the viewer makes. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Raster images in a data URL (no SVG: it may carry markup). */
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** Whether an image URL may be shown: http(s), or a data URL of a PNG, JPEG, GIF or WebP image. */
export function isSafeImageUrl(value: string): boolean {
  return isHttpUrl(value) || IMAGE_DATA_URL.test(value);
}

/** The text on one line, cut to `max` characters with an ellipsis. */
export function cutShort(text: string, max: number): string {
  const line = stripAnsi(text).replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** A piece of text: plain, or a link to an http(s) URL. */
export interface TextPiece {
  /** The text to show. */
  text: string;
  /** The link target, only for http(s) URLs. */
  href?: string;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]}]/gi;

/** Splits text into plain pieces and http(s) links (nothing else becomes a link). */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    if (!isHttpUrl(match[0])) continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** Lines of output, and whether they are more than `visible` (the rest is folded). */
export function foldLines(text: string, visible: number): { head: string; lines: number; folded: boolean } {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const folded = lines.length > visible;
  return { head: folded ? lines.slice(0, visible).join('\n') : lines.join('\n'), lines: lines.length, folded };
}
