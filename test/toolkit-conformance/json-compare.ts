/**
 * The value rules of the comparison: `null` equals missing, key order is ignored, tool servers are
 * normalized, `<CASE_ROOT>` stands for the tree's root, and error texts count by exception type.
 */
import { isDeepStrictEqual } from 'node:util';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy without object members that are `null` or `undefined`, at every depth (arrays keep their items). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null && member !== undefined) result[key] = withoutNulls(member);
  }
  return result;
}

/** Whether two values agree: deep equality with key order ignored and `null` equal to missing. */
export function sameValue(ours: unknown, theirs: unknown): boolean {
  const a = ours === undefined ? null : withoutNulls(ours);
  const b = theirs === undefined ? null : withoutNulls(theirs);
  return isDeepStrictEqual(a, b);
}

/**
 * Tool servers as the comparison reads them: in each server, `null` members, `enabled: true` and
 * empty objects are left out and `type` is read as `transport`; an empty map is `null`.
 */
export function normalizeMcp(servers: unknown): unknown {
  if (servers === null || servers === undefined) return null;
  if (!isPlainObject(servers)) return servers;
  const result: Record<string, unknown> = {};
  for (const [name, server] of Object.entries(servers)) {
    if (!isPlainObject(server)) {
      result[name] = server;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(server)) {
      if (member === null || member === undefined) continue;
      if (key === 'enabled' && member === true) continue;
      if (isPlainObject(member) && Object.keys(member).length === 0) continue;
      kept[key === 'type' && !Object.hasOwn(server, 'transport') ? 'transport' : key] = member;
    }
    if (Object.hasOwn(kept, 'type') && Object.hasOwn(kept, 'transport')) delete kept.type;
    result[name] = kept;
  }
  return Object.keys(result).length === 0 ? null : result;
}

/** The exception type of a recorded error text (`ValueError: …` → `ValueError`). */
export function exceptionType(error: string): string {
  const colon = error.indexOf(':');
  return colon === -1 ? error : error.slice(0, colon);
}

/**
 * The reference's answer made comparable: `<CASE_ROOT>` replaced by the tree's root in every
 * string, and every `error` text cut to its exception type (the text's cut depends on the root).
 */
export function prepareReference<T>(reference: T, root: string): T {
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      const replaced = value.replaceAll('<CASE_ROOT>', root);
      return key === 'error' ? exceptionType(replaced) : replaced;
    }
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(reference) as T;
}

/** A value for a message, cut to `limit` characters. */
export function shown(value: unknown, limit = 240): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
