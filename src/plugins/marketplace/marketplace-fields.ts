/**
 * Reading typed fields of a marketplace file the way the service's models validate them (lax
 * booleans, text that must be text, lists of text), with a diagnostic at the exact position of a
 * bad value. Internal to `agentwire/plugins`.
 * @module
 */
import { type Diagnostic, diagnostic, type Severity } from '../../internal/diagnostic';
import type { JsonPath, JsonSource } from '../../internal/python/json';
import { laxBool } from '../../internal/python/types';
import type { Rule } from '../../internal/rule';
import { describe } from '../sources/reference-check';
import {
  MARKETPLACE_FIELD_MISSING,
  MARKETPLACE_IGNORED_FIELD,
  MARKETPLACE_UNKNOWN_FIELD,
  MARKETPLACE_WRONG_TYPE,
} from './marketplace-rules';

/** The state of one parse: where diagnostics go, and whether the service rejects the whole file. */
export interface FieldReader {
  file: string;
  json: JsonSource;
  diagnostics: Diagnostic[];
  /** Set when the service's validation of the whole file fails. */
  rejected: boolean;
}

/** Options of one report. */
export interface ReportOptions {
  part?: 'value' | 'key';
  hint?: string;
  severity?: Severity;
}

/** Records a diagnostic at `path`; an error under the validation rules marks the file rejected. */
export function report(reader: FieldReader, rule: Rule, path: JsonPath, message: string, options: ReportOptions = {}): void {
  const found = diagnostic(rule, {
    file: reader.file,
    at: reader.json.locate(path, options.part ?? 'value'),
    message,
    ...(options.hint === undefined ? {} : { hint: options.hint }),
    ...(options.severity === undefined ? {} : { severity: options.severity }),
  });
  reader.diagnostics.push(found);
  if (rule === MARKETPLACE_WRONG_TYPE || rule === MARKETPLACE_FIELD_MISSING) reader.rejected = true;
}

/** `plugins[3].source.repo`. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const step of path) out += typeof step === 'number' ? `[${step}]` : out === '' ? step : `.${step}`;
  return out || 'the file';
}

/** Whether a value is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property read that never walks the prototype (`__proto__` stays data). */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

const REJECTS = 'the service rejects the whole marketplace';

/** Reports a missing required field. */
export function missing(reader: FieldReader, path: JsonPath, what: string): void {
  const parent = formatPath(path.slice(0, -1));
  report(reader, MARKETPLACE_FIELD_MISSING, path, `${parent[0]?.toUpperCase()}${parent.slice(1)} has no ${what}; ${REJECTS}.`);
}

function wrongType(reader: FieldReader, path: JsonPath, value: unknown, expected: string): undefined {
  report(
    reader,
    MARKETPLACE_WRONG_TYPE,
    path,
    `${formatPath(path)} is ${describe(value)}; the service expects ${expected} and rejects the whole marketplace.`,
  );
  return undefined;
}

/** Required text. */
export function requiredText(reader: FieldReader, object: Record<string, unknown>, path: JsonPath, key: string): string | undefined {
  const value = own(object, key);
  if (value === undefined) {
    missing(reader, [...path, key], `\`${key}\``);
    return undefined;
  }
  if (typeof value !== 'string') return wrongType(reader, [...path, key], value, 'text');
  return value;
}

/** Optional text that may be null (`str | None`). Absent stays absent. */
export function optionalText(reader: FieldReader, object: Record<string, unknown>, path: JsonPath, key: string): string | null | undefined {
  const value = own(object, key);
  if (value === undefined || value === null || typeof value === 'string') return value;
  return wrongType(reader, [...path, key], value, 'text or null');
}

/** A list of text, `[]` when absent (null is refused). */
export function textList(reader: FieldReader, object: Record<string, unknown>, path: JsonPath, key: string): string[] {
  const value = own(object, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) return wrongType(reader, [...path, key], value, 'a list of text') ?? [];
  value.forEach((item, index) => {
    if (typeof item !== 'string') wrongType(reader, [...path, key, index], item, 'text');
  });
  return value.filter((item): item is string => typeof item === 'string');
}

/** A boolean read as the service's lax validation reads it (`"yes"`, `1`, `"off"` …). */
export function laxBoolean(reader: FieldReader, object: Record<string, unknown>, path: JsonPath, key: string, fallback: boolean): boolean {
  const value = own(object, key);
  if (value === undefined) return fallback;
  const flag = laxBool(value);
  if (flag !== undefined) return flag;
  wrongType(reader, [...path, key], value, 'a boolean');
  return fallback;
}

/** One of several shapes, or null; `undefined` when absent or wrong. */
export function shaped<T>(
  reader: FieldReader,
  object: Record<string, unknown>,
  path: JsonPath,
  key: string,
  expected: string,
  accept: (value: unknown) => value is T,
): T | null | undefined {
  const value = own(object, key);
  if (value === undefined || value === null) return value as null | undefined;
  if (accept(value)) return value;
  return wrongType(reader, [...path, key], value, expected);
}

/** Text or a list of text. */
export const isTextOrTextList = (value: unknown): value is string | string[] =>
  typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/** An object whose values are all objects (`mcpServers`, `lspServers`). */
export const isObjectOfObjects = (value: unknown): value is Record<string, Record<string, unknown>> =>
  isObject(value) && Object.values(value).every(isObject);

/** Text or an object (`hooks`). */
export const isTextOrObject = (value: unknown): value is string | Record<string, unknown> => typeof value === 'string' || isObject(value);

/**
 * The keys of `object` outside `known`, kept as extras. `dropped`: the service's model ignores
 * extra keys here (`owner`, `author`), reported as ignored; otherwise they are kept and reported as
 * unknown, except the `quiet` ones (fields other catalogs define, kept without comment).
 */
export function extras(
  reader: FieldReader,
  object: Record<string, unknown>,
  path: JsonPath,
  known: ReadonlySet<string>,
  options: { dropped?: boolean; quiet?: ReadonlySet<string> } = {},
): Record<string, unknown> {
  const dropped = options.dropped === true;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    if (known.has(key)) continue;
    Object.defineProperty(out, key, { value: object[key], enumerable: true, writable: true, configurable: true });
    if (options.quiet?.has(key)) continue;
    const where = formatPath([...path, key]);
    if (dropped)
      report(
        reader,
        MARKETPLACE_IGNORED_FIELD,
        [...path, key],
        `${where} is dropped by the service (it keeps only the fields it knows here).`,
        { part: 'key' },
      );
    else
      report(
        reader,
        MARKETPLACE_UNKNOWN_FIELD,
        [...path, key],
        `${where} is not a field of any marketplace format; the service keeps it unused.`,
        { part: 'key' },
      );
  }
  return out;
}
