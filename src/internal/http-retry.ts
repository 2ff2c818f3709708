/**
 * What every HTTP caller of the package shares about trying again: the statuses worth another
 * try, the server's `Retry-After`, and a wait that an abort signal cuts short. Shared by the API
 * client and the event sender.
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
 * The wait the server's `Retry-After` asks for (seconds or an HTTP date) in milliseconds, as it
 * asked: 0 for a date already past, `Infinity` for more seconds than a number holds, `undefined`
 * when there is none or it is neither form.
 */
export function askedRetryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The server's `Retry-After` (seconds or an HTTP date) in milliseconds, if any, capped at
 * {@link MAX_RETRY_AFTER_MS}: a huge or far-future value never becomes a wait of days, nor a
 * timer that overflows and fires at once.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = askedRetryAfterMs(headers, now);
  if (ms === undefined) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Number.isFinite(ms) ? ms : MAX_RETRY_AFTER_MS);
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
