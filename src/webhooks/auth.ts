/**
 * The API key check, worded as the service words it.
 * @module
 */
import { timingSafeEqual } from '../internal/timing-safe-equal';
import type { HeaderLookup } from './headers';

/** The accepted keys: one, several (rotation), or a function deciding per conversation. */
export type ApiKeyOption = string | readonly string[] | ((key: string, conversationId: string | undefined) => boolean | Promise<boolean>);

/** A failed check: the 401 detail. */
export type AuthFailure = string | undefined;

/**
 * Builds the check; `undefined` keys mean no check (only with the explicit `auth: 'none'`). With
 * fixed keys the check answers at once; only a key function's answer may be a promise.
 */
export function createAuthCheck(apiKey: ApiKeyOption | undefined, headerName: string) {
  const keys = typeof apiKey === 'string' ? [apiKey] : Array.isArray(apiKey) ? [...apiKey] : undefined;
  if (keys?.some((key) => typeof key !== 'string' || key === '')) throw new TypeError('apiKey must not hold an empty key');
  if (keys?.length === 0) throw new TypeError('apiKey must hold at least one key');
  const verdict = (ok: boolean): AuthFailure => (ok ? undefined : 'Invalid session API key');
  return (headers: HeaderLookup, conversationId: string | undefined): AuthFailure | Promise<AuthFailure> => {
    if (apiKey === undefined) return undefined;
    const presented = headers.get(headerName);
    if (!presented) return `${headerName} header is required`;
    if (keys) {
      let ok = false;
      // Compare against every key so the time taken does not tell which one matched.
      for (const key of keys) ok = timingSafeEqual(presented, key) || ok;
      return verdict(ok);
    }
    if (typeof apiKey !== 'function') return verdict(false);
    const answer = apiKey(presented, conversationId);
    return typeof answer === 'boolean' ? verdict(answer) : Promise.resolve(answer).then((ok) => verdict(ok === true));
  };
}
