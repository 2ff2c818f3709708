/**
 * Walking JSON text without parsing it: where a string ends, how many items the top-level array
 * holds. Used before `JSON.parse` so a hostile body is refused without building it.
 * @module
 */

/**
 * The index of the quote that closes the string opening at `start` (a `"`), or `text.length` when
 * it never closes. Skips string contents with `indexOf`, so long strings cost little.
 */
export function endOfString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let i = quote - 1; i > start && text.charCodeAt(i) === 92; i--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/**
 * Whether the text is a JSON array of more than `limit` items. It stops as soon as it knows, so
 * a body of half a million items is refused after reading the first few kilobytes. Text that is
 * not an array, or not JSON, answers `false`: the parser reports it.
 */
export function exceedsArrayItems(text: string, limit: number): boolean {
  // Each item but the last follows a comma: too few commas anywhere, and the walk is not needed.
  let commas = 0;
  for (let comma = text.indexOf(','); comma !== -1 && commas < limit; comma = text.indexOf(',', comma + 1)) commas++;
  if (commas < limit) return false;
  let at = 0;
  while (at < text.length && /\s/.test(text[at] as string)) at++;
  if (text.charCodeAt(at) !== 91) return false;
  let depth = 0;
  let separators = 0;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) at = endOfString(text, at);
    else if (code === 91 || code === 123) depth++;
    else if (code === 93 || code === 125) {
      depth--;
      if (depth === 0) return false;
    } else if (code === 44 && depth === 1) {
      separators++;
      if (separators >= limit) return true;
    }
  }
  return false;
}
