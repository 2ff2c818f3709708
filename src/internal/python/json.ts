/**
 * JSON with positions: a parser that reads what Python's `json.loads` reads (the service's JSON
 * reader: `NaN` and `Infinity` accepted, control characters in strings refused, the last of
 * duplicate keys wins) and remembers where every key and value starts, so a diagnostic can point
 * at the exact line and column. Edge-safe.
 *
 * The webhook reads `json.loads` syntax with a reader of its own, `webhooks/json-numbers.ts`:
 * `JSON.parse` with the numbers it would change put back. A webhook body needs no positions and
 * is read on every request, where this parser is about 8 times slower than `JSON.parse` (10,000
 * batches of five recorded events); the files the toolkit reads need the positions.
 * @module
 */
import type { Position } from '../diagnostic';

/** A step into a JSON value: an object key or an array index. */
export type JsonPath = readonly (string | number)[];

/** Where one value sits, and where its members sit. */
interface SourceNode {
  at: Position;
  /** For an object member: where its key starts. */
  keyAt?: Position;
  children?: Map<string | number, SourceNode>;
}

/** A parsed JSON document that can say where any of its parts came from. */
export interface JsonSource {
  value: unknown;
  /**
   * The position of the value at `path`, or of its key with `'key'`. A path that does not exist
   * gives the position of its deepest existing ancestor, so a "missing field" points at the object.
   */
  locate(path: JsonPath, part?: 'value' | 'key'): Position;
  /** Keys that appeared more than once in an object (the last one wins, as in Python), with where the later one is. */
  duplicateKeys: { path: JsonPath; at: Position }[];
}

/** Why a text is not JSON, in the words of Python's decoder, and where. */
export interface JsonSyntaxError {
  message: string;
  line: number;
  column: number;
}

/** The result of {@link parseJsonSource}. */
export type JsonSourceResult = { ok: true; source: JsonSource } | { ok: false; error: JsonSyntaxError };

/** Containers nested deeper than this are refused rather than risking the stack. */
const MAX_DEPTH = 512;

class Fail extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * The reader's state while it walks one text: where it is, where each line starts (for positions)
 * and the repeated keys it met. One function per thing it reads takes it as its first argument.
 */
interface Reader {
  readonly text: string;
  index: number;
  readonly lineStarts: number[];
  readonly duplicates: { path: JsonPath; offset: number }[];
}

/** Parses JSON text, keeping the position of every key and value. Never throws. */
export function parseJsonSource(text: string): JsonSourceResult {
  const reader: Reader = { text, index: 0, lineStarts: lineStartsOf(text), duplicates: [] };
  const root: SourceNode = { at: { line: 1, column: 1 } };
  try {
    const value = readValue(reader, [], root, 0);
    skipSpace(reader);
    if (reader.index < text.length) throw new Fail('Extra data', reader.index);
    return { ok: true, source: createSource(reader, value, root) };
  } catch (error) {
    if (!(error instanceof Fail)) throw error;
    const at = positionOf(reader, Math.min(error.offset, text.length));
    return { ok: false, error: { message: error.message, ...at } };
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The line and column of an offset (a binary search of the line starts). */
function positionOf(reader: Reader, offset: number): Position {
  const starts = reader.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (starts[low] as number) + 1 };
}

/** The document once read: its value, and the positions kept in `root`. */
function createSource(reader: Reader, value: unknown, root: SourceNode): JsonSource {
  return {
    value,
    locate(path, part = 'value') {
      let node = root;
      for (const step of path) {
        const next = node.children?.get(step);
        if (!next) return node.at;
        node = next;
      }
      return part === 'key' && node.keyAt ? node.keyAt : node.at;
    },
    duplicateKeys: reader.duplicates.map((duplicate) => ({ path: duplicate.path, at: positionOf(reader, duplicate.offset) })),
  };
}

/** Skips the whitespace JSON allows (space, tab, line feed, carriage return). */
function skipSpace(reader: Reader): void {
  const { text } = reader;
  for (;;) {
    const c = text.charCodeAt(reader.index);
    if (c === 32 || c === 9 || c === 10 || c === 13) reader.index++;
    else return;
  }
}

/** Reads a string whose opening quote is at the reader's index. */
function readString(reader: Reader): string {
  const { text } = reader;
  const start = reader.index;
  let index = start + 1;
  let out = '';
  let chunk = index;
  for (;;) {
    if (index >= text.length) throw new Fail('Unterminated string starting at', start);
    const c = text.charCodeAt(index);
    if (c === 34) {
      reader.index = index + 1;
      return out + text.slice(chunk, index);
    }
    if (c < 32) throw new Fail('Invalid control character at', index);
    if (c !== 92) {
      index++;
      continue;
    }
    out += text.slice(chunk, index);
    const escaped = text[index + 1];
    const simple = escaped === undefined ? undefined : SIMPLE_ESCAPES[escaped];
    if (simple !== undefined) {
      out += simple;
      index += 2;
    } else if (escaped === 'u') {
      const hex = text.slice(index + 2, index + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Fail('Invalid \\uXXXX escape', index);
      out += String.fromCharCode(Number.parseInt(hex, 16));
      index += 6;
    } else {
      throw new Fail('Invalid \\escape', index);
    }
    chunk = index;
  }
}

/** Reads any value, noting where it starts in `node`. */
function readValue(reader: Reader, path: JsonPath, node: SourceNode, depth: number): unknown {
  skipSpace(reader);
  const { text } = reader;
  const start = reader.index;
  node.at = positionOf(reader, start);
  const c = text[start];
  if (c === '{' || c === '[') {
    if (depth >= MAX_DEPTH) throw new Fail(`Nested deeper than ${MAX_DEPTH} levels`, start);
    return c === '{' ? readObject(reader, path, node, depth + 1) : readArray(reader, path, node, depth + 1);
  }
  if (c === '"') return readString(reader);
  for (const [word, value] of LITERALS) {
    if (text.startsWith(word, start)) {
      reader.index += word.length;
      return value;
    }
  }
  NUMBER.lastIndex = start;
  const number = NUMBER.exec(text);
  if (number) {
    reader.index += number[0].length;
    return Number(number[0]);
  }
  throw new Fail('Expecting value', start);
}

/** After a member or an item: `true` at a `,`, `false` at `close` (both consumed), a failure otherwise. */
function readSeparator(reader: Reader, close: '}' | ']'): boolean {
  skipSpace(reader);
  const c = reader.text[reader.index];
  if (c !== ',' && c !== close) throw new Fail("Expecting ',' delimiter", reader.index);
  reader.index++;
  return c === ',';
}

/** Whether the container opened at the reader's index is empty (the index is then past it). */
function readEmpty(reader: Reader, close: '}' | ']'): boolean {
  reader.index++;
  skipSpace(reader);
  if (reader.text[reader.index] !== close) return false;
  reader.index++;
  return true;
}

function readObject(reader: Reader, path: JsonPath, node: SourceNode, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const children = new Map<string | number, SourceNode>();
  node.children = children;
  if (readEmpty(reader, '}')) return result;
  do readMember(reader, path, result, children, depth);
  while (readSeparator(reader, '}'));
  return result;
}

/** Reads `"key": value` into `result`, the last of repeated keys winning as in Python. */
function readMember(
  reader: Reader,
  path: JsonPath,
  result: Record<string, unknown>,
  children: Map<string | number, SourceNode>,
  depth: number,
): void {
  skipSpace(reader);
  if (reader.text[reader.index] !== '"') throw new Fail('Expecting property name enclosed in double quotes', reader.index);
  const keyOffset = reader.index;
  const key = readString(reader);
  skipSpace(reader);
  if (reader.text[reader.index] !== ':') throw new Fail("Expecting ':' delimiter", reader.index);
  reader.index++;
  const child: SourceNode = { at: positionOf(reader, reader.index), keyAt: positionOf(reader, keyOffset) };
  const value = readValue(reader, [...path, key], child, depth);
  if (children.has(key)) reader.duplicates.push({ path: [...path, key], offset: keyOffset });
  children.set(key, child);
  // `__proto__` as an own data property, never the prototype (hostile input stays data).
  Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
}

function readArray(reader: Reader, path: JsonPath, node: SourceNode, depth: number): unknown[] {
  const result: unknown[] = [];
  const children = new Map<string | number, SourceNode>();
  node.children = children;
  if (readEmpty(reader, ']')) return result;
  do {
    const child: SourceNode = { at: { line: 1, column: 1 } };
    result.push(readValue(reader, [...path, result.length], child, depth));
    children.set(result.length - 1, child);
  } while (readSeparator(reader, ']'));
  return result;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const LITERALS: readonly [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
];

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
