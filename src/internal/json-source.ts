/**
 * JSON with positions: a parser that reads what Python's `json.loads` reads (the service's JSON
 * reader: `NaN` and `Infinity` accepted, control characters in strings refused, the last of
 * duplicate keys wins) and remembers where every key and value starts, so a diagnostic can point
 * at the exact line and column. Edge-safe.
 * @module
 */
import type { Position } from './diagnostic';

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

/** Parses JSON text, keeping the position of every key and value. Never throws. */
export function parseJsonSource(text: string): JsonSourceResult {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const position = (offset: number): Position => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1 };
  };
  const duplicates: { path: (string | number)[]; offset: number }[] = [];
  let index = 0;

  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(index);
      if (c === 32 || c === 9 || c === 10 || c === 13) index++;
      else return;
    }
  };

  const parseString = (): string => {
    const start = index;
    index++;
    let out = '';
    let chunk = index;
    for (;;) {
      if (index >= text.length) throw new Fail('Unterminated string starting at', start);
      const c = text.charCodeAt(index);
      if (c === 34) {
        out += text.slice(chunk, index);
        index++;
        return out;
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
  };

  const parseValue = (path: (string | number)[], node: SourceNode, depth: number): unknown => {
    skip();
    const start = index;
    node.at = position(start);
    const c = text[index];
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) throw new Fail(`Nested deeper than ${MAX_DEPTH} levels`, start);
      return c === '{' ? parseObject(path, node, depth + 1) : parseArray(path, node, depth + 1);
    }
    if (c === '"') return parseString();
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, index)) {
        index += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = index;
    const number = NUMBER.exec(text);
    if (number) {
      index += number[0].length;
      return Number(number[0]);
    }
    throw new Fail('Expecting value', start);
  };

  const parseObject = (path: (string | number)[], node: SourceNode, depth: number): Record<string, unknown> => {
    index++;
    const result: Record<string, unknown> = {};
    const children = new Map<string | number, SourceNode>();
    node.children = children;
    skip();
    if (text[index] === '}') {
      index++;
      return result;
    }
    for (;;) {
      skip();
      if (text[index] !== '"') throw new Fail('Expecting property name enclosed in double quotes', index);
      const keyOffset = index;
      const key = parseString();
      skip();
      if (text[index] !== ':') throw new Fail("Expecting ':' delimiter", index);
      index++;
      const child: SourceNode = { at: position(index), keyAt: position(keyOffset) };
      const value = parseValue([...path, key], child, depth);
      if (children.has(key)) duplicates.push({ path: [...path, key], offset: keyOffset });
      children.set(key, child);
      // `__proto__` as an own data property, never the prototype (hostile input stays data).
      Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
      skip();
      if (text[index] === ',') {
        index++;
        continue;
      }
      if (text[index] === '}') {
        index++;
        return result;
      }
      throw new Fail("Expecting ',' delimiter", index);
    }
  };

  const parseArray = (path: (string | number)[], node: SourceNode, depth: number): unknown[] => {
    index++;
    const result: unknown[] = [];
    const children = new Map<string | number, SourceNode>();
    node.children = children;
    skip();
    if (text[index] === ']') {
      index++;
      return result;
    }
    for (;;) {
      const child: SourceNode = { at: { line: 1, column: 1 } };
      result.push(parseValue([...path, result.length], child, depth));
      children.set(result.length - 1, child);
      skip();
      if (text[index] === ',') {
        index++;
        continue;
      }
      if (text[index] === ']') {
        index++;
        return result;
      }
      throw new Fail("Expecting ',' delimiter", index);
    }
  };

  const root: SourceNode = { at: { line: 1, column: 1 } };
  try {
    const value = parseValue([], root, 0);
    skip();
    if (index < text.length) throw new Fail('Extra data', index);
    const source: JsonSource = {
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
      duplicateKeys: duplicates.map((duplicate) => ({ path: duplicate.path, at: position(duplicate.offset) })),
    };
    return { ok: true, source };
  } catch (error) {
    if (!(error instanceof Fail)) throw error;
    const at = position(Math.min(error.offset, text.length));
    return { ok: false, error: { message: error.message, ...at } };
  }
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
