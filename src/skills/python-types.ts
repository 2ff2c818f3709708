/**
 * The type rules of the service's skill model (pydantic in lax mode) for the values YAML gives,
 * and the small Python behaviours it relies on.
 * @module
 */
import { isPythonSpace } from '../internal/frontmatter';

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** pydantic's lax `bool`: booleans, 0 and 1, and the words it knows; `undefined` when it refuses the value. */
export function laxBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === 'string') {
    const word = value.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return undefined;
}

/** Python's name for the type of a value read from YAML, for messages (`int`, `list`, `dict`…). */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) return 'list';
  return 'dict';
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

/**
 * The service's `maybe_truncate`: keeps the head and the tail of a text longer than `limit` code
 * points, with `notice` between them.
 */
export function truncateMiddle(text: string, limit: number, notice: string): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  const noticeChars = Array.from(notice);
  if (noticeChars.length >= limit) return noticeChars.slice(0, limit).join('');
  const available = limit - noticeChars.length;
  const head = Math.floor(available / 2) + (available % 2);
  const tail = available - head;
  return chars.slice(0, head).join('') + notice + (tail > 0 ? chars.slice(-tail).join('') : '');
}
