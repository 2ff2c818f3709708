/**
 * When and how long the API client waits before trying a request again: the server's
 * `Retry-After` when it gave one, exponential backoff with equal jitter otherwise.
 * @module
 */
import { retryAfterMs } from '../internal/http-retry';

export { isRetryableStatus, MAX_RETRY_AFTER_MS, retryAfterMs, sleep } from '../internal/http-retry';

/** The longest backoff between two attempts: 8 s. */
export const MAX_BACKOFF_MS = 8_000;

/**
 * Exponential backoff with equal jitter: the ceiling doubles with each attempt (0.5 s, 1 s, 2 s…,
 * at most {@link MAX_BACKOFF_MS}) and the wait is drawn uniformly from its upper half, between
 * half the ceiling and the ceiling. Half is always waited, so a client that was just told to slow
 * down never comes back at once; the other half spreads clients that failed together.
 */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * The wait before the next attempt: the server's `Retry-After` when it gave one, the backoff
 * otherwise, and never longer than `limit` (the request's own timeout).
 */
export function retryDelayMs(headers: Headers | undefined, attempt: number, limit: number): number {
  const asked = headers ? retryAfterMs(headers) : undefined;
  return Math.min(asked ?? backoffMs(attempt), Math.max(0, limit));
}
