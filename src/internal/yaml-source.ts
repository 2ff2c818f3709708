/**
 * YAML read as the service reads it (PyYAML's `SafeLoader`: YAML 1.1 scalars, `yes`/`on` as
 * booleans, `1.0` a float but `1e5` a string, dates as dates, merge keys), with the position of
 * every key and value and Python's `str()` of any value. Alias expansion is capped, so an alias
 * bomb fails fast. Edge-safe.
 * @module
 */
import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type Pair,
  parseDocument,
  type ScalarTag,
  type Tags,
  type YAMLMap,
} from 'yaml';
import type { Position } from './diagnostic';
import { PythonDate, PythonFloat, PythonObject, pythonRepr, pythonStr } from './python/repr';
import {
  constructorError,
  isTimestampScalar,
  keywordError,
  PY_EXTRA_LINE_BREAKS,
  PY_TIMESTAMP,
  type PythonLoadError,
  pythonTimestamp,
  readerError,
  scannerError,
} from './pyyaml-rules';

/** A step into a YAML value: a mapping key or a sequence index. */
export type YamlPath = readonly (string | number)[];

/** A parsed YAML document that can say where any of its parts came from. */
export interface YamlSource {
  /** The document as plain JavaScript data (`undefined` for an empty document). */
  value: unknown;
  /** Where the value at `path` (or its key, with `'key'`) starts; the deepest existing ancestor when absent. */
  locate(path: YamlPath, part?: 'value' | 'key'): Position;
  /** Python's `str()` of the value at `path`, as the service computes it (`1.0` stays `1.0`, `yes` is `True`). */
  pythonStr(path: YamlPath): string;
}

/**
 * Why a text is not YAML (`syntax`), expands too far to read safely (`aliases`), or fails in
 * PyYAML or python-frontmatter where the `yaml` package reads it (`python`), and where.
 */
export interface YamlSyntaxError {
  kind: 'syntax' | 'aliases' | 'python';
  message: string;
  at: Position;
  /** For `python`: the exception and the rule of `pyyaml-rules.ts` that raises it. */
  python?: PythonLoadError;
}

/** Options of {@link parseYamlSource}. */
export interface YamlSourceOptions {
  /**
   * Also fail where PyYAML's `SafeLoader` and python-frontmatter's `Post(**metadata)` fail and the
   * `yaml` package does not (control characters, unknown tags, unhashable keys, impossible dates,
   * top-level keys that are not keyword names): see `pyyaml-rules.ts`.
   */
  pyyaml?: boolean;
}

/** The result of {@link parseYamlSource}. */
export type YamlSourceResult = { ok: true; source: YamlSource } | { ok: false; error: YamlSyntaxError };

/** Aliases may expand to at most this many nodes: a billion-laughs file fails at once. */
export const MAX_ALIAS_COUNT = 100;

// PyYAML's implicit resolvers, where they differ from the `yaml` package's YAML 1.1 schema.
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const PY_INT = /^[-+]?(?:0|[1-9][0-9_]*)$/;
const PY_FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

const pyFloat: ScalarTag = {
  identify: (value) => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  test: PY_FLOAT,
  resolve(text) {
    const lower = text.toLowerCase();
    if (lower.endsWith('nan')) return Number.NaN;
    if (lower.endsWith('inf')) return text.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    return Number.parseFloat(text.replace(/_/g, ''));
  },
};

let adjusted: Tags | undefined;

/** The `yaml` package's YAML 1.1 tags, adjusted to resolve plain scalars as PyYAML does (built once). */
function pyyamlTags(tags: Tags): Tags {
  if (adjusted) return adjusted;
  const result: Tags = [];
  for (const tag of tags) {
    if (typeof tag !== 'object' || !('tag' in tag)) {
      result.push(tag);
      continue;
    }
    const scalar = tag as ScalarTag;
    if (scalar.tag === 'tag:yaml.org,2002:bool') {
      result.push({ ...scalar, test: scalar.identify?.(true) ? PY_TRUE : PY_FALSE });
    } else if (scalar.tag === 'tag:yaml.org,2002:int' && scalar.format === undefined) {
      result.push({ ...scalar, test: PY_INT });
    } else if (scalar.tag === 'tag:yaml.org,2002:float' && scalar.format !== 'TIME') {
      if (!result.includes(pyFloat)) result.push(pyFloat);
    } else if (scalar.tag === 'tag:yaml.org,2002:timestamp') {
      result.push({ ...scalar, test: PY_TIMESTAMP });
    } else {
      result.push(tag);
    }
  }
  adjusted = result;
  return result;
}

function isMergeKey(key: unknown): boolean {
  return isScalar(key) && (typeof key.value === 'symbol' || (key.type === 'PLAIN' && key.source === '<<'));
}

/**
 * A mapping's pairs as PyYAML's `flatten_mapping` orders them: the pairs merged in with `<<`
 * first (of several merged mappings, the later ones first, so the earlier ones win), then the
 * mapping's own pairs; of duplicate keys the last one wins.
 */
function flatPairs(doc: Document, map: YAMLMap, depth = 0): Pair[] {
  if (depth > 16) return [];
  const merged: Pair[] = [];
  const own: Pair[] = [];
  for (const pair of map.items) {
    if (!isMergeKey(pair.key)) {
      own.push(pair);
      continue;
    }
    const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
    const sources = isSeq(value) ? [...value.items].reverse() : [value];
    for (const source of sources) {
      const target = isAlias(source) ? source.resolve(doc) : source;
      if (isMap(target)) merged.push(...flatPairs(doc, target, depth + 1));
    }
  }
  return [...merged, ...own];
}

function childNode(doc: Document, node: unknown, step: string | number): { node: unknown; key?: unknown } | undefined {
  const target = isAlias(node) ? (node as Alias).resolve(doc) : node;
  if (isMap(target)) {
    const items = flatPairs(doc, target);
    // The last of duplicate keys wins, as in Python.
    for (let i = items.length - 1; i >= 0; i--) {
      const pair = items[i];
      const key = isScalar(pair?.key) ? pair.key.value : pair?.key;
      if (key !== undefined && String(key) === String(step)) return { node: pair?.value, key: pair?.key };
    }
    return undefined;
  }
  if (isSeq(target) && typeof step === 'number') {
    const item = target.items[step];
    return item === undefined ? undefined : { node: item };
  }
  return undefined;
}

function pad(value: number, width = 2): string {
  return String(Math.abs(value)).padStart(width, '0');
}

/** A timestamp as PyYAML builds it: a `date`, or a `datetime` that keeps its offset (`+02:00`, `Z` as `+00:00`). */
function pythonTimestampValue(text: string): unknown {
  const read = pythonTimestamp(text);
  if (!read || 'error' in read) return text;
  if (!read.time) return new PythonDate(read.year, read.month, read.day);
  const { hour, minute, second, micro, tz } = read.time;
  const day = `${pad(read.year, 4)}-${pad(read.month)}-${pad(read.day)}`;
  const str = `${day} ${pad(hour)}:${pad(minute)}:${pad(second)}${micro ? `.${pad(micro, 6)}` : ''}${
    tz === undefined ? '' : `${tz < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(tz) / 60))}:${pad(Math.abs(tz) % 60)}`
  }`;
  const parts = [read.year, read.month, read.day, hour, minute];
  if (second || micro) parts.push(second);
  if (micro) parts.push(micro);
  const zone =
    tz === undefined
      ? ''
      : tz === 0
        ? ', tzinfo=datetime.timezone.utc'
        : `, tzinfo=datetime.timezone(datetime.timedelta(${tz < 0 ? `days=-1, seconds=${86400 + tz * 60}` : `seconds=${tz * 60}`}))`;
  return new PythonObject(str, `datetime.datetime(${parts.join(', ')}${zone})`);
}

/** Python `repr(bytes)`. */
function bytesRepr(bytes: Uint8Array): string {
  const quote = bytes.includes(0x27) && !bytes.includes(0x22) ? '"' : "'";
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (byte === 0x09) out += '\\t';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x0d) out += '\\r';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `b${quote}${out}${quote}`;
}

/** The value of a node with Python's types kept: floats, dates, bytes, tuples and sets marked for `str()`. */
function pythonValue(doc: Document, node: unknown, depth = 0): unknown {
  if (depth > 64) return '…';
  const target = isAlias(node) ? (node as Alias).resolve(doc) : node;
  const tag = (target as { tag?: string } | undefined)?.tag;
  if (isScalar(target)) {
    const source = (target as { source?: string }).source;
    // `!!float 1`: the `yaml` package leaves a tagged value its float pattern does not match a string; Python's float() reads it.
    if (tag === 'tag:yaml.org,2002:float') {
      const number = typeof target.value === 'number' ? target.value : Number(String(target.value).replace(/_/g, ''));
      if (!Number.isNaN(number) || /nan$/i.test(String(target.value))) return new PythonFloat(number);
    }
    if (target.value instanceof Uint8Array) {
      const repr = bytesRepr(target.value);
      return new PythonObject(repr, repr);
    }
    if (typeof source === 'string' && isTimestampScalar(target)) return pythonTimestampValue(source.trim());
    if (target.type === 'PLAIN' && typeof source === 'string' && !tag) {
      if (typeof target.value === 'number' && PY_FLOAT.test(source)) return new PythonFloat(target.value);
    }
    return target.value;
  }
  if (isSeq(target) && (tag === 'tag:yaml.org,2002:omap' || tag === 'tag:yaml.org,2002:pairs')) {
    // A list of (key, value) tuples.
    const tuples = target.items.flatMap((item) => {
      const pair = isPair(item) ? item : isMap(item) ? item.items[0] : undefined;
      if (!pair) return [];
      const key = pythonRepr(pythonValue(doc, pair.key, depth + 1));
      return [`(${key}, ${pythonRepr(pythonValue(doc, pair.value, depth + 1))})`];
    });
    const repr = `[${tuples.join(', ')}]`;
    return new PythonObject(repr, repr);
  }
  if (isSeq(target)) return target.items.map((item) => pythonValue(doc, item, depth + 1));
  if (isMap(target) && tag === 'tag:yaml.org,2002:set') {
    const members = target.items.map((pair) => pythonRepr(pythonValue(doc, pair.key, depth + 1)));
    const repr = members.length ? `{${members.join(', ')}}` : 'set()';
    return new PythonObject(repr, repr);
  }
  if (isMap(target)) {
    const out: Record<string, unknown> = {};
    for (const pair of flatPairs(doc, target)) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      Object.defineProperty(out, pythonStr(key), {
        value: pythonValue(doc, pair.value, depth + 1),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return out;
  }
  return null;
}

/**
 * Parses YAML text. `firstLine` is the line of the file the text starts on, so positions are
 * the file's. Never throws: syntax errors, and aliases that expand past {@link MAX_ALIAS_COUNT},
 * come back as errors.
 */
export function parseYamlSource(text: string, firstLine = 1, options: YamlSourceOptions = {}): YamlSourceResult {
  const lines = new LineCounter();
  const toPosition = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + firstLine - 1, column: col };
  };
  const pythonFailure = (python: PythonLoadError): YamlSourceResult => ({
    ok: false,
    error: { kind: 'python', message: `${python.type}: ${python.message}`, at: toPosition(python.offset), python },
  });
  // PyYAML's reader checks the whole text before it scans anything.
  const unreadable = options.pyyaml ? readerError(text) : undefined;
  if (unreadable) {
    let line = 0;
    let start = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < unreadable.offset; i = text.indexOf('\n', i + 1)) {
      line++;
      start = i + 1;
    }
    const at = { line: line + firstLine, column: unreadable.offset - start + 1 };
    return { ok: false, error: { kind: 'python', message: `${unreadable.type}: ${unreadable.message}`, at, python: unreadable } };
  }
  const parsedText = options.pyyaml ? text.replace(PY_EXTRA_LINE_BREAKS, '\n') : text;
  const doc = parseDocument(parsedText, {
    version: '1.1',
    customTags: pyyamlTags,
    lineCounter: lines,
    uniqueKeys: false,
    prettyErrors: false,
    merge: true,
  });
  const [error] = doc.errors;
  if (error) {
    // The library's message ends with its own line and column, counted in the YAML text: the position is ours.
    const message = (error.message.split('\n')[0] as string).replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, error: { kind: 'syntax', message, at: toPosition(error.pos[0]) } };
  }
  // PyYAML scans and composes the whole document before it constructs anything: syntax errors come first.
  const unconstructable = options.pyyaml ? (scannerError(doc, parsedText) ?? constructorError(doc)) : undefined;
  if (unconstructable) return pythonFailure(unconstructable);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (failure) {
    const message = `Aliases expand past ${MAX_ALIAS_COUNT} nodes (${(failure as Error).message})`;
    return { ok: false, error: { kind: 'aliases', message, at: toPosition(0) } };
  }
  if (options.pyyaml) {
    const failure = keywordError(doc, doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT, mapAsMap: true }));
    if (failure) return pythonFailure(failure);
  }
  const nodeAt = (path: YamlPath): { node: unknown; key?: unknown; found: boolean } => {
    let current: { node: unknown; key?: unknown } = { node: doc.contents };
    for (const step of path) {
      const next = childNode(doc, current.node, step);
      if (!next) return { ...current, found: false };
      current = next;
    }
    return { ...current, found: true };
  };
  const start = (node: unknown): Position | undefined => {
    const range = (node as Node | null)?.range;
    return range ? toPosition(range[0]) : undefined;
  };
  return {
    ok: true,
    source: {
      value,
      locate(path, part = 'value') {
        const { node, key, found } = nodeAt(path);
        const at = found && part === 'key' ? start(key) : start(node);
        return at ?? start(key) ?? toPosition(0);
      },
      pythonStr(path) {
        return pythonStr(pythonValue(doc, nodeAt(path).node));
      },
    },
  };
}
