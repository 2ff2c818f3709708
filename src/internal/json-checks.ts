/**
 * Checking parsed JSON values at a path and reporting what is wrong with its exact position: the
 * small toolkit every JSON-file parser of the skill and plugin tooling shares (type names, safe
 * own-key handling, diagnostics at a key or a value, and the lax number and boolean spellings the
 * service's models accept).
 * Edge-safe.
 * @module
 */
import { type Diagnostic, diagnostic, type RelatedLocation, type Severity } from './diagnostic';
import { readJsonDocument } from './json-document';
import type { JsonPath, JsonSource } from './python/json';
import type { Rule } from './rule';

/** The six kinds of JSON value. */
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** The JSON kind of a parsed value. */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

/** The kind with its article, as a message says it: `an object`, `a string`, `null`. */
export function describeJsonType(type: JsonType): string {
  if (type === 'null') return 'null';
  return type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`;
}

/** Whether a parsed value is a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `key` is an own property of `object` (`__proto__` and `constructor` included, never inherited ones). */
export function hasOwn(object: object, key: string): boolean {
  return Object.hasOwn(object, key);
}

/** Sets `key` as an own data property, so a `__proto__` key stays data instead of changing the prototype. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** A shallow copy of an object's own entries, each set with {@link setOwn}. */
export function copyObject<T>(source: Readonly<Record<string, T>>): Record<string, T> {
  const copy: Record<string, T> = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key] as T);
  return copy;
}

/** A path as a reader writes it: `mcpServers.github.args[0]`, `extensions["dev.openhands"]`. */
export function formatJsonPath(path: JsonPath): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(step)) text += text === '' ? step : `.${step}`;
    else text += `[${JSON.stringify(step)}]`;
  }
  return text === '' ? '(the document)' : text;
}

/** Where the diagnostics of one JSON file go. */
export interface JsonCheckContext {
  readonly file: string;
  readonly source: JsonSource;
  readonly diagnostics: Diagnostic[];
}

/** A context for one file, starting from the diagnostics its JSON reader gave (copied, not shared). */
export function createJsonCheckContext(file: string, source: JsonSource, diagnostics: readonly Diagnostic[] = []): JsonCheckContext {
  return { file, source, diagnostics: [...diagnostics] };
}

/**
 * Reads a plugin file that must hold a JSON object: its check context and the object, or the
 * failed result (invalid JSON, or `notObject(type)` reported with `rule` when it holds another type).
 */
export function readJsonObject(
  json: string,
  file: string,
  bom: 'strip' | 'refuse',
  rule: Rule,
  notObject: (type: string) => string,
): { ok: true; context: JsonCheckContext; root: Record<string, unknown> } | { ok: false; diagnostics: Diagnostic[] } {
  const document = readJsonDocument(json, file, bom);
  if (!document.ok) return document;
  const context = createJsonCheckContext(file, document.source, document.diagnostics);
  const root = document.source.value;
  if (isJsonObject(root)) return { ok: true, context, root };
  report(context, rule, [], 'value', notObject(jsonTypeOf(root)));
  return { ok: false, diagnostics: context.diagnostics };
}

/** What a report may change beyond the rule's defaults. */
export interface ReportOptions {
  hint?: string;
  severity?: Severity;
  related?: RelatedLocation[];
}

/** Adds a diagnostic at the key (`'key'`) or the value (`'value'`) found at `path`, and returns it. */
export function report(
  context: JsonCheckContext,
  rule: Rule,
  path: JsonPath,
  part: 'key' | 'value',
  message: string,
  options: ReportOptions = {},
): Diagnostic {
  const found = diagnostic(rule, { file: context.file, at: context.source.locate(path, part), message, ...options });
  context.diagnostics.push(found);
  return found;
}

/**
 * Checks that `value` has one of the `expected` JSON kinds; otherwise reports `rule` at the value
 * with `<what> must be <kinds>, not <actual>; <consequence>` and returns false. The value itself is
 * never quoted (it may be a secret).
 */
export function checkJsonType(
  context: JsonCheckContext,
  rule: Rule,
  path: JsonPath,
  value: unknown,
  expected: readonly JsonType[],
  consequence: string,
  options: ReportOptions = {},
): boolean {
  const actual = jsonTypeOf(value);
  if (expected.includes(actual)) return true;
  const wanted = expected.map(describeJsonType).join(' or ');
  report(
    context,
    rule,
    path,
    'value',
    `${formatJsonPath(path)} must be ${wanted}, not ${describeJsonType(actual)}; ${consequence}`,
    options,
  );
  return false;
}

/** A value read the way a lax model reads it: `coerced` says the file spelled it another way (`"60"` for 60). */
export type LaxResult<T> = { ok: true; value: T; coerced: boolean } | { ok: false };

const LAX_INT = /^[+-]?\d+(?:_\d+)*(?:\.0+)?$/;
const LAX_FLOAT = /^[+-]?(?:(?:\d+(?:_\d+)*)(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$/;
const LAX_FLOAT_WORDS = /^[+-]?(?:inf|infinity|nan)$/i;
const LAX_TRUE = /* @__PURE__ */ new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const LAX_FALSE = /* @__PURE__ */ new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** An integer as the service's models accept it: a whole number, `true`/`false`, or a string such as `"60"` or `" 1_000 "`. */
export function readLaxInt(value: unknown): LaxResult<number> {
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0, coerced: true };
  if (typeof value === 'number') return Number.isInteger(value) ? { ok: true, value, coerced: false } : { ok: false };
  if (typeof value !== 'string') return { ok: false };
  const text = value.trim();
  if (!LAX_INT.test(text)) return { ok: false };
  return { ok: true, value: Number.parseInt(text.replaceAll('_', ''), 10), coerced: true };
}

/** A number as the service's models accept it: any number, `true`/`false`, or a numeric string (`"1.5"`, `"1e3"`, `"inf"`). */
export function readLaxFloat(value: unknown): LaxResult<number> {
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0, coerced: true };
  if (typeof value === 'number') return { ok: true, value, coerced: false };
  if (typeof value !== 'string') return { ok: false };
  const text = value.trim();
  if (LAX_FLOAT_WORDS.test(text)) {
    const negative = text.startsWith('-');
    const number = /nan/i.test(text) ? Number.NaN : negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    return { ok: true, value: number, coerced: true };
  }
  if (!LAX_FLOAT.test(text)) return { ok: false };
  return { ok: true, value: Number(text.replaceAll('_', '')), coerced: true };
}

/** A boolean as the service's models accept it: `true`/`false`, `0`/`1`, or `"yes"`, `"off"`, `"t"`… (any case). */
export function readLaxBool(value: unknown): LaxResult<boolean> {
  if (typeof value === 'boolean') return { ok: true, value, coerced: false };
  if (value === 0 || value === 1) return { ok: true, value: value === 1, coerced: true };
  if (typeof value !== 'string') return { ok: false };
  const text = value.toLowerCase();
  if (LAX_TRUE.has(text)) return { ok: true, value: true, coerced: true };
  if (LAX_FALSE.has(text)) return { ok: true, value: false, coerced: true };
  return { ok: false };
}
