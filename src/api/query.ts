/**
 * Query parameters of an operation from the object a method takes: the API's names, `pageId` for
 * `page_id`, and `name` for each `name__eq` filter (`events.search(id, { kind })`). A key the
 * operation does not know is a `TypeError`, never a parameter the server would silently ignore.
 * @module
 */
import { checkLimit } from './page';
import { checkKeys } from './request-options';

/** A query as the transport sends it: arrays become repeated keys. */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

/** The keys a method's parameters object accepts for an operation's query parameters. */
export function acceptedKeys(names: readonly string[]): string[] {
  const keys: string[] = [];
  for (const name of names) {
    keys.push(name === 'page_id' ? 'pageId' : name);
    if (name.endsWith('__eq')) keys.push(name.slice(0, -4));
  }
  return keys;
}

function queryValue(value: unknown, key: string, what: string): Query[string] {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  throw new TypeError(
    `${what}: ${key} must be a string, a number, a boolean or a list of strings, not ${JSON.stringify(value) ?? typeof value}`,
  );
}

/**
 * The query of a call. `names` are the operation's query parameters as the API names them;
 * `params` is what the caller gave (undefined and null values are left out).
 */
export function buildQuery(params: object | undefined, names: readonly string[], what: string): Query {
  checkKeys(params, acceptedKeys(names), what, 'option');
  const given = (params ?? {}) as Record<string, unknown>;
  const query: Query = {};
  for (const name of names) {
    const key = name === 'page_id' ? 'pageId' : name;
    let value = given[key];
    if (name.endsWith('__eq')) {
      const alias = given[name.slice(0, -4)];
      if (alias !== undefined && alias !== null) {
        if (value !== undefined && value !== null && value !== alias) {
          throw new TypeError(`${what}: ${name.slice(0, -4)} and ${name} disagree (${JSON.stringify(alias)} and ${JSON.stringify(value)})`);
        }
        value = alias;
      }
    }
    if (value === undefined || value === null) continue;
    query[name] = queryValue(value, key, what);
  }
  if (names.includes('limit')) checkLimit(query.limit as number | undefined);
  return query;
}
