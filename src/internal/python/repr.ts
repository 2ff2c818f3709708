/**
 * Python's `str()` and `repr()` of plain values. The service builds text with them (skill names
 * and metadata values are `str()`-cast, launch-link parameters are printed with `str()`, error
 * messages print the JSON value they refuse), and agentwire must produce the same characters.
 * The one implementation for every area. Edge-safe.
 * @module
 */

/**
 * Containers nested deeper than this print as `...`. Python would recurse; a webhook body may nest
 * a value thousands of levels deep, which must not exhaust the stack while a message is written.
 */
const MAX_DEPTH = 64;

/** A float whose value happens to be integral (`1.0` in YAML): Python prints it with `.0`. */
export class PythonFloat {
  constructor(readonly value: number) {}
}

/** A calendar date without a time (`2024-01-01` in YAML), which Python reads as a `datetime.date`. */
export class PythonDate {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}
}

/** A Python value of another type (a timezone-aware `datetime`, `bytes`, a tuple, a set), with its `str()` and `repr()` worked out. */
export class PythonObject {
  constructor(
    readonly str: string,
    readonly repr: string,
  ) {}
}

/**
 * Python `repr(float)`: the shortest text that reads back to the same number, in fixed notation
 * from 1e-4 to 1e16 (always with a `.`), in exponent notation outside (`1e+16`, `1.5e-05`).
 */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // toExponential() without digits gives the shortest round-tripping digits, as Python's repr.
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const point = Number(exponentText) + 1;
  if (point > -4 && point <= 16) {
    if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
    if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
    return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const exponent = point - 1;
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${head}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

// Characters Python's repr escapes: controls, format characters, surrogates, private use,
// unassigned code points and separators other than the plain space.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escapeCodePoint(code: number): string {
  if (code === 0x09) return '\\t';
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** Python `repr(str)`: single quotes unless the text holds `'` and no `"`. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (char !== ' ' && NOT_PRINTABLE.test(char)) out += escapeCodePoint(code);
    else out += char;
  }
  return `${out}${quote}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Python `str()` of a `datetime` read from YAML (in UTC, as the YAML loader gives it). */
function dateStr(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const ms = date.getUTCMilliseconds();
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${ms ? `.${pad(ms * 1000, 6)}` : ''}`;
  return `${day} ${time}`;
}

/** Python `repr()` of a `datetime`: trailing zero seconds and microseconds are left out. */
function dateRepr(date: Date): string {
  const parts = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()];
  const [seconds, micros] = [date.getUTCSeconds(), date.getUTCMilliseconds() * 1000];
  if (seconds || micros) parts.push(seconds);
  if (micros) parts.push(micros);
  return `datetime.datetime(${parts.join(', ')})`;
}

/**
 * Python `repr()` of a JSON- or YAML-like value: `None`, `True`, `1.5`, `'text'`, `[1, 'a']`,
 * `{'k': None}`. Integral numbers print as ints (JSON written by JavaScript has no `1.0`: Python
 * reads those as ints too) below 1e21, as floats from there (`1e+21`, JavaScript's own JSON form);
 * wrap a value in {@link PythonFloat} to print it as a float.
 */
export function pythonRepr(value: unknown): string {
  return repr(value, 0);
}

function repr(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    return Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : pythonFloatRepr(value);
  }
  if (value instanceof PythonFloat) return pythonFloatRepr(value.value);
  if (value instanceof PythonObject) return value.repr;
  if (typeof value === 'string') return pythonStringRepr(value);
  if (value instanceof Date) return dateRepr(value);
  if (value instanceof PythonDate) return `datetime.date(${value.year}, ${value.month}, ${value.day})`;
  if (typeof value !== 'object') return String(value);
  if (depth >= MAX_DEPTH) return '...';
  if (Array.isArray(value)) return `[${value.map((item) => repr(item, depth + 1)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonStringRepr(key)}: ${repr(item, depth + 1)}`).join(', ')}}`;
}

/** Python `str()` of a value: strings as they are, everything else as {@link pythonRepr}. */
export function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return dateStr(value);
  if (value instanceof PythonDate) return `${value.year}-${pad(value.month)}-${pad(value.day)}`;
  if (value instanceof PythonObject) return value.str;
  return pythonRepr(value);
}
