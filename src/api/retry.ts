/**
 * When and how long to wait before trying a request again.
 * @module
 */

/** The longest wait a server's `Retry-After` can impose: 60 s. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** The longest delay `setTimeout` honours (2^31 − 1 ms); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Statuses worth another try. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * The server's `Retry-After` (seconds or an HTTP date) in milliseconds, if any, capped at
 * {@link MAX_RETRY_AFTER_MS}: a huge or far-future value never becomes a wait of days, nor a
 * timer that overflows and fires at once.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number.isFinite(ms) ? ms : MAX_RETRY_AFTER_MS));
}

/** Exponential backoff with full jitter: attempt 1 waits up to 0.5 s, then 1 s, 2 s… capped at 8 s. */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(8000, 500 * 2 ** (attempt - 1));
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

/** Waits `ms` (clamped to what a timer can hold), or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, Number.isFinite(ms) ? ms : MAX_TIMER_MS)),
    );
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
