/**
 * Python's string methods where they differ from JavaScript's: what counts as whitespace
 * (`str.isspace()`, so `strip()` and `split()`), length in code points, and the order of `sorted()`.
 * The one place for these in every area. Edge-safe.
 * @module
 */

// Python's str.isspace() characters (str.strip() removes these; a byte-order mark is not one).
const PY_SPACE = /* @__PURE__ */ new Set([
  ...'\t\n\v\f\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000',
  ...Array.from({ length: 4 }, (_, i) => String.fromCharCode(0x1c + i)),
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
]);

/** Whether a character is whitespace to Python (`str.isspace()`). */
export function isPythonSpace(char: string | undefined): boolean {
  return char !== undefined && PY_SPACE.has(char);
}

/** Python's `str.strip()`: removes the characters Python counts as whitespace from both ends. */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text[start])) start++;
  while (end > start && isPythonSpace(text[end - 1])) end--;
  return text.slice(start, end);
}

/** Python's `str.split()` without arguments: runs of whitespace separate, ends trimmed. */
export function pythonSplit(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (const char of text) {
    if (!isPythonSpace(char)) current += char;
    else if (current !== '') {
      parts.push(current);
      current = '';
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** Python's `len()` of a string: code points, not UTF-16 units. */
export function pythonLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** Python's string order (by code point), which differs from JavaScript's for characters past U+FFFF. */
export function comparePython(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
