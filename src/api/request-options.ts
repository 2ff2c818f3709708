/**
 * Per-request options, taken by every method of the client as its last argument, and the check
 * that turns a misspelt option into a `TypeError` instead of something silently ignored.
 * @module
 */

/** Options of one call: each one replaces the client's for this request only. */
export interface RequestOptions {
  /** Cancels this request (together with the client's `signal`, if any). */
  signal?: AbortSignal | undefined;
  /** Milliseconds per attempt. */
  timeout?: number | undefined;
  /** Further attempts after a retryable failure. */
  maxRetries?: number | undefined;
  /** Headers of this request, over the client's. A credential header given here is redacted like the client's key. */
  headers?: Record<string, string> | undefined;
}

const REQUEST_OPTIONS: readonly string[] = ['signal', 'timeout', 'maxRetries', 'headers'];

/** The number of single-character edits between two short strings. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The known name nearest to `name`, when one is close enough to be a likely typo. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const d = distance(name.slice(0, 64), candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Throws a `TypeError` when `value` is not a plain object or has an own key outside `known`
 * (the message names the call, the key, and the nearest known key).
 */
export function checkKeys(value: unknown, known: readonly string[], what: string, kind: string): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `${what}: ${kind} must be an object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = nearestName(key, known);
    const list = known.length ? known.join(', ') : 'none';
    throw new TypeError(
      `${what}: unknown ${kind} ${JSON.stringify(key)}${near ? ` (did you mean ${JSON.stringify(near)}?)` : ''}; known: ${list}`,
    );
  }
}

/** Checks per-request options: an unknown key, or a value of the wrong type, is a `TypeError`. */
export function checkRequestOptions(options: RequestOptions | undefined, what: string): RequestOptions {
  if (options === undefined) return {};
  checkKeys(options, REQUEST_OPTIONS, what, 'request option');
  const { signal, timeout, maxRetries, headers } = options;
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && 'aborted' in signal)) {
    throw new TypeError(`${what}: signal must be an AbortSignal`);
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    throw new TypeError(`${what}: timeout must be a positive number of milliseconds, not ${String(timeout)}`);
  }
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) {
    throw new TypeError(`${what}: maxRetries must be a whole number from 0, not ${String(maxRetries)}`);
  }
  if (
    headers !== undefined &&
    (headers === null || typeof headers !== 'object' || Object.values(headers).some((h) => typeof h !== 'string'))
  ) {
    throw new TypeError(`${what}: headers must be an object of strings`);
  }
  return options;
}
