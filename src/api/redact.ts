/**
 * Keeping keys out of everything the client shows: debug hooks, errors, inspection.
 * @module
 */
import { REDACTED, scrubText, secretPattern } from '../internal/secret-pattern';

export { REDACTED, scrubText, secretPattern };

const SECRET_HEADERS = new Set(['authorization', 'x-session-api-key', 'x-access-token', 'cookie', 'set-cookie', 'proxy-authorization']);

/** Whether a header carries a credential by its name (its value is never shown). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase());
}

/** Headers as a plain object: secret headers' values replaced, and the secrets removed from every other value. */
export function redactHeaders(headers: Record<string, string>, pattern?: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = isSecretHeader(name) ? (value.startsWith('Bearer ') ? `Bearer ${REDACTED}` : REDACTED) : scrubText(value, pattern);
  }
  return out;
}

/** A copy of response headers with the secrets removed from every value. */
export function scrubHeaders(headers: Headers, pattern: RegExp | undefined): Headers {
  if (!pattern) return headers;
  const out = new Headers();
  for (const [name, value] of headers.entries()) out.append(name, scrubText(value, pattern));
  return out;
}

/**
 * A copy of a JSON-like value with every occurrence of the secrets (as written or URL-encoded)
 * replaced, in strings and in object keys.
 */
export function scrub<T>(value: T, secrets: readonly string[] | RegExp | undefined): T {
  const pattern = Array.isArray(secrets) ? secretPattern(secrets) : (secrets as RegExp | undefined);
  if (!pattern) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubText(item, pattern);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(item)) {
        // defineProperty keeps a `__proto__` key as data.
        Object.defineProperty(out, scrubText(key, pattern), { value: walk(entry), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    return item;
  };
  return walk(value) as T;
}

/** The key Node's `util.inspect` looks for, without importing `node:util`. */
export const INSPECT = Symbol.for('nodejs.util.inspect.custom');
