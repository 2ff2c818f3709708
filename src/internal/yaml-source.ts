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
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type ScalarTag,
  type Tags,
} from 'yaml';
import type { Position } from './diagnostic';
import { PythonDate, PythonFloat, pythonStr } from './python/repr';

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

/** Why a text is not YAML (`syntax`), or expands too far to read safely (`aliases`), and where. */
export interface YamlSyntaxError {
  kind: 'syntax' | 'aliases';
  message: string;
  at: Position;
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
const PY_TIMESTAMP =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
const DATE_ONLY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

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

function childNode(doc: Document, node: unknown, step: string | number): { node: unknown; key?: unknown } | undefined {
  const target = isAlias(node) ? (node as Alias).resolve(doc) : node;
  if (isMap(target)) {
    // The last of duplicate keys wins, as in Python.
    for (let i = target.items.length - 1; i >= 0; i--) {
      const pair = target.items[i];
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

/** The value of a node with Python's types kept: integral floats and dates marked for `str()`. */
function pythonValue(doc: Document, node: unknown, depth = 0): unknown {
  if (depth > 64) return '…';
  const target = isAlias(node) ? (node as Alias).resolve(doc) : node;
  if (isScalar(target)) {
    const source = (target as { source?: string }).source;
    if (target.type === 'PLAIN' && typeof source === 'string') {
      if (typeof target.value === 'number' && PY_FLOAT.test(source)) return new PythonFloat(target.value);
      const date = DATE_ONLY.exec(source);
      if (date) return new PythonDate(Number(date[1]), Number(date[2]), Number(date[3]));
    }
    return target.value;
  }
  if (isSeq(target)) return target.items.map((item) => pythonValue(doc, item, depth + 1));
  if (isMap(target)) {
    const out: Record<string, unknown> = {};
    for (const pair of target.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      Object.defineProperty(out, pythonStr(key), { value: pythonValue(doc, pair.value, depth + 1), enumerable: true });
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
export function parseYamlSource(text: string, firstLine = 1): YamlSourceResult {
  const lines = new LineCounter();
  const toPosition = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + firstLine - 1, column: col };
  };
  const doc = parseDocument(text, {
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
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (failure) {
    const message = `Aliases expand past ${MAX_ALIAS_COUNT} nodes (${(failure as Error).message})`;
    return { ok: false, error: { kind: 'aliases', message, at: toPosition(0) } };
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
