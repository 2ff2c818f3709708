/**
 * The parts of PyYAML's `SafeLoader` (and of python-frontmatter's `Post(**metadata)`) that the
 * `yaml` package's YAML 1.1 schema does not give, written down rule by rule. `yaml-source.ts`
 * parses with the `yaml` package; these checks run on its document and say where the service's
 * reader would fail, and with which Python exception:
 *
 * 1. The reader refuses control characters anywhere in the front matter (NUL, ESC, DEL, form
 *    feed, C1 controls, U+FFFE/U+FFFF): `ReaderError`, a YAML error (the file is dropped).
 * 2. Only the SafeLoader's tags construct (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`,
 *    `!!binary`, `!!timestamp`, `!!omap`, `!!pairs`, `!!set`, `!!seq`, `!!map`); any other tag,
 *    `!!python/…` included, is a `ConstructorError` (the file is dropped).
 * 3. A mapping key that is a list, mapping or set (`? [a, b]`) is unhashable in Python: a
 *    `ConstructorError` (the file is dropped).
 * 4. A timestamp is built with `datetime.date`/`datetime.datetime`, so an impossible date or time
 *    (`2024-02-30`, `25:00:00`) under any key, or as a key, raises `ValueError`: not a YAML error,
 *    so the service's per-file catch misses it and the whole folder is lost.
 * 5. The top-level keys become keyword arguments of `Post(content, handler, **metadata)`: a key
 *    that is not a string (`1:`, `true:`, `null:`, a date) or is named `content` or `handler`
 *    raises `TypeError`, which also escapes the per-file catch (the whole folder is lost).
 * 6. U+0085 (NEL), U+2028 and U+2029 break lines, as `\n` does: `description: a<U+2028>b` ends
 *    the value at `a` and leaves `b` a key without `:` (a `ScannerError`). The text is parsed
 *    with them turned into `\n` (a value that spans such a break keeps U+2028 or U+2029 in
 *    PyYAML and gets a space here).
 * 7. A `\u` or `\U` escape in a double-quoted scalar must name a character, not a surrogate
 *    (`"\ud800"`): a `ScannerError`. Rules 6 and 7 are YAML errors: the file is dropped.
 *
 * The `yaml` package already refuses, as PyYAML does, `%` at the start of a plain scalar and a
 * block sequence on the line of its key (`triggers: - a`).
 *
 * Edge-safe.
 * @module
 */
import { type Document, isAlias, isCollection, isMap, isPair, isScalar, type Node, visit } from 'yaml';

/** Why PyYAML or python-frontmatter fails on text the `yaml` package reads. */
export interface PythonLoadError {
  /** The Python exception. */
  type: 'ReaderError' | 'ScannerError' | 'ConstructorError' | 'ValueError' | 'TypeError';
  /** The exception's message, as Python words it. */
  message: string;
  /** Offset into the YAML text. */
  offset: number;
  /** Which rule: a YAML error (`yaml`, caught per file), an impossible date, or a key `Post()` refuses. */
  rule: 'yaml' | 'date' | 'key';
}

// Rule 1: PyYAML's Reader.NON_PRINTABLE.
const NON_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** Rule 1: the first character PyYAML's reader refuses. */
export function readerError(text: string): PythonLoadError | undefined {
  const found = NON_PRINTABLE.exec(text);
  if (!found) return undefined;
  const code = (found[0].codePointAt(0) as number).toString(16).padStart(4, '0');
  // PyYAML counts positions in code points.
  const offset = found.index;
  return {
    type: 'ReaderError',
    message: `unacceptable character #x${code}: control characters are not allowed (position ${[...text.slice(0, offset)].length})`,
    offset,
    rule: 'yaml',
  };
}

const SAFE_TAGS = new Set(
  ['null', 'bool', 'int', 'float', 'binary', 'timestamp', 'omap', 'pairs', 'set', 'str', 'seq', 'map', 'merge'].map(
    (name) => `tag:yaml.org,2002:${name}`,
  ),
);

/** PyYAML's implicit timestamp pattern. */
export const PY_TIMESTAMP =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
// PyYAML's SafeConstructor.timestamp_regexp (what it reads the parts with).
const TIMESTAMP_PARTS =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?)?$/;

/** A timestamp's parts as Python builds them; `tz` is the offset in minutes (`undefined` when naive). */
export interface PythonTimestamp {
  year: number;
  month: number;
  day: number;
  time?: { hour: number; minute: number; second: number; micro: number; tz: number | undefined };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate() || 31;
}

/** Rule 4: a timestamp as `construct_yaml_timestamp` builds it, or the `ValueError` it raises. */
export function pythonTimestamp(text: string): PythonTimestamp | { error: string } | undefined {
  const parts = TIMESTAMP_PARTS.exec(text);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  let time: PythonTimestamp['time'];
  if (parts[4] !== undefined) {
    let tz: number | undefined;
    if (parts[9]) {
      tz = (Number(parts[10]) * 60 + Number(parts[11] ?? 0)) * (parts[9] === '-' ? -1 : 1);
      if (Math.abs(tz) >= 24 * 60)
        return { error: 'offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).' };
    } else if (parts[8]) tz = 0;
    const micro = Number(((parts[7] ?? '').slice(0, 6) || '0').padEnd(6, '0'));
    time = { hour: Number(parts[4]), minute: Number(parts[5]), second: Number(parts[6]), micro, tz };
  }
  if (year < 1) return { error: `year ${year} is out of range` };
  if (month < 1 || month > 12) return { error: 'month must be in 1..12' };
  if (day < 1 || day > daysIn(year, month)) return { error: 'day is out of range for month' };
  if (time && time.hour > 23) return { error: 'hour must be in 0..23' };
  if (time && time.minute > 59) return { error: 'minute must be in 0..59' };
  if (time && time.second > 59) return { error: 'second must be in 0..59' };
  return time ? { year, month, day, time } : { year, month, day };
}

/** Whether a scalar is read as a timestamp: explicitly tagged, or plain and matching PyYAML's pattern. */
export function isTimestampScalar(node: Node): boolean {
  if (!isScalar(node)) return false;
  const source = (node as { source?: unknown }).source;
  if (typeof source !== 'string') return false;
  if (node.tag) return node.tag === 'tag:yaml.org,2002:timestamp';
  return node.type === 'PLAIN' && PY_TIMESTAMP.test(source);
}

/** Rules 2 to 4, in document order: the first construction error PyYAML meets. */
export function constructorError(doc: Document): PythonLoadError | undefined {
  let found: PythonLoadError | undefined;
  const offsetOf = (node: unknown) => (node as Node | null)?.range?.[0] ?? 0;
  visit(doc, (_key, node) => {
    if (isPair(node)) {
      const key = isAlias(node.key) ? node.key.resolve(doc) : node.key;
      if (isCollection(key)) {
        found = {
          type: 'ConstructorError',
          message: 'while constructing a mapping: found unhashable key',
          offset: offsetOf(node.key),
          rule: 'yaml',
        };
        return visit.BREAK;
      }
      return undefined;
    }
    const tag = (node as { tag?: string } | null)?.tag;
    if ((isScalar(node) || isCollection(node)) && tag && tag !== '!' && !SAFE_TAGS.has(tag)) {
      found = {
        type: 'ConstructorError',
        message: `could not determine a constructor for the tag '${tag}'`,
        offset: offsetOf(node),
        rule: 'yaml',
      };
      return visit.BREAK;
    }
    if (isScalar(node) && isTimestampScalar(node)) {
      const read = pythonTimestamp((node as { source: string }).source.trim());
      if (read && 'error' in read) {
        found = { type: 'ValueError', message: read.error, offset: offsetOf(node), rule: 'date' };
        return visit.BREAK;
      }
    }
    return undefined;
  });
  return found;
}

/** Rule 5: the first top-level key `Post(content, handler, **metadata)` refuses. */
export function keywordError(doc: Document, value: unknown): PythonLoadError | undefined {
  if (!(value instanceof Map)) return undefined;
  const nodes = isMap(doc.contents) ? doc.contents.items : [];
  const offsetOf = (key: unknown): number => {
    const pair = nodes.find((item) => (isScalar(item.key) ? item.key.value : item.key) === key);
    return (pair?.key as Node | undefined)?.range?.[0] ?? (doc.contents as Node | null)?.range?.[0] ?? 0;
  };
  for (const key of value.keys()) {
    if (typeof key !== 'string') return { type: 'TypeError', message: 'keywords must be strings', offset: offsetOf(key), rule: 'key' };
    if (key === 'content' || key === 'handler')
      return {
        type: 'TypeError',
        message: `Post.__init__() got multiple values for argument '${key}'`,
        offset: offsetOf(key),
        rule: 'key',
      };
  }
  return undefined;
}

/** Rule 6: the characters PyYAML breaks lines at besides `\n` and `\r` (the `yaml` package does not). */
export const PY_EXTRA_LINE_BREAKS = /[\x85\u2028\u2029]/g;

function scannerFailure(message: string, offset: number): PythonLoadError {
  return { type: 'ScannerError', message, offset, rule: 'yaml' };
}

/** Rule 7: the first `\u`/`\U` escape of a double-quoted scalar's source that names a surrogate or no character. */
function badEscape(raw: string): number {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== '\\') continue;
    const kind = raw[i + 1];
    const length = kind === 'u' ? 4 : kind === 'U' ? 8 : 0;
    if (length) {
      const code = Number.parseInt(raw.slice(i + 2, i + 2 + length), 16);
      if ((code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return i;
    }
    i++;
  }
  return -1;
}

/** Rule 7: what PyYAML's scanner refuses and the `yaml` package reads. */
export function scannerError(doc: Document, text: string): PythonLoadError | undefined {
  let found: PythonLoadError | undefined;
  visit(doc, (_key, node) => {
    if (isScalar(node) && node.range) {
      const start = node.range[0];
      if (node.type === 'QUOTE_DOUBLE') {
        const at = badEscape(text.slice(start, node.range[1]));
        if (at !== -1) {
          found = scannerFailure('while parsing a quoted scalar: found invalid Unicode character escape code', start + at);
          return visit.BREAK;
        }
      }
    }
    return undefined;
  });
  return found;
}
