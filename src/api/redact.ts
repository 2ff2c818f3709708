/**
 * Keeping keys out of everything the client shows: debug hooks, errors, inspection.
 * @module
 */

const SECRET_HEADERS = new Set(['authorization', 'x-session-api-key', 'x-access-token', 'cookie']);

/** Headers as a plain object with the values of secret headers replaced. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? (value.startsWith('Bearer ') ? 'Bearer [redacted]' : '[redacted]') : value;
  }
  return out;
}

/** A copy of a JSON-like value with every occurrence of the secrets in its strings replaced. */
export function scrub<T>(value: T, secrets: readonly string[]): T {
  const live = secrets.filter((secret) => secret.length >= 4);
  if (live.length === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return live.reduce((text, secret) => text.split(secret).join('[redacted]'), item);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    return item;
  };
  return walk(value) as T;
}

/** The key Node's `util.inspect` looks for, without importing `node:util`. */
export const INSPECT = Symbol.for('nodejs.util.inspect.custom');
