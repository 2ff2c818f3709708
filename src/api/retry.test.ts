import { describe, expect, it } from 'vitest';
import { describeBody, RateLimitError } from './errors';
import { backoffMs, isRetryableStatus, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, retryAfterMs, retryDelayMs, sleep } from './retry';
import { isIdempotent, mayRetryStatus } from './transport';

describe('retry rules', () => {
  it('retries 408, 429 and 5xx only', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 10:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it('caps Retry-After at 60 s, whatever the server asks', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '99999999999999' }), now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(new Headers({ 'retry-after': '1e400' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': `${'9'.repeat(400)}` }), now)).toBe(60_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }), now)).toBe(60_000);
    expect(retryAfterMs(new Headers({ 'retry-after': ' 59.5 ' }), now)).toBe(59_500);
  });

  it('waits no longer than the request timeout', () => {
    expect(retryDelayMs(new Headers({ 'retry-after': '30' }), 1, 200)).toBe(200);
    expect(retryDelayMs(new Headers({ 'retry-after': '0' }), 1, 200)).toBe(0);
    expect(retryDelayMs(undefined, 5, 100)).toBe(100);
    expect(retryDelayMs(undefined, 1, 60_000)).toBeLessThanOrEqual(500);
  });

  it('repeats a request that is not idempotent only when the server did not act', () => {
    expect([isIdempotent({ method: 'GET' }), isIdempotent({ method: 'PUT' }), isIdempotent({ method: 'DELETE' })]).toEqual([
      true,
      true,
      true,
    ]);
    expect([isIdempotent({ method: 'POST' }), isIdempotent({ method: 'PATCH' })]).toEqual([false, false]);
    expect(isIdempotent({ method: 'PATCH', idempotent: true })).toBe(true);
    expect(isIdempotent({ method: 'GET', create: true })).toBe(false);
    const none = new Headers();
    const later = new Headers({ 'retry-after': '1' });
    expect([500, 502, 503, 504, 408].map((status) => mayRetryStatus(status, none, false))).toEqual([false, false, false, false, false]);
    expect([mayRetryStatus(429, none, false), mayRetryStatus(503, later, false), mayRetryStatus(500, later, false)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([408, 429, 500, 503].every((status) => mayRetryStatus(status, none, true))).toBe(true);
    expect(mayRetryStatus(404, later, true)).toBe(false);
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, () => 0)).toBe(250);
    expect(backoffMs(1, () => 1)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(2000);
    expect(backoffMs(20, () => 1)).toBe(8000);
  });

  it('draws each wait from the upper half of its ceiling (equal jitter): never less than half, never more than all', () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      const ceiling = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (attempt - 1));
      const waits = Array.from({ length: 200 }, () => backoffMs(attempt));
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(ceiling / 2);
      expect(Math.max(...waits)).toBeLessThanOrEqual(ceiling);
      // Spread over that half, not stuck at one end.
      expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(ceiling / 4);
    }
    expect([backoffMs(2, () => 0), backoffMs(2, () => 0.5), backoffMs(2, () => 1)]).toEqual([500, 750, 1000]);
  });

  it('never hands a timer a delay it would overflow', async () => {
    const controller = new AbortController();
    let settled = false;
    const pending = sleep(1e15, controller.signal).then(
      () => {
        settled = true;
      },
      () => undefined,
    );
    await new Promise((wait) => setTimeout(wait, 20));
    expect(settled).toBe(false);
    controller.abort(new Error('stop'));
    await pending;
  });

  it('sleeps until aborted', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});

describe('error bodies', () => {
  it('reads every shape the service sends', () => {
    expect(describeBody({ detail: 'Not found' })).toBe('Not found');
    expect(describeBody({ detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] })).toBe('body.name: Field required');
    expect(describeBody({ error: 'bad key' })).toBe('bad key');
    expect(describeBody({ message: 'Rate limit exceeded' })).toBe('Rate limit exceeded');
    expect(describeBody('Internal Server Error')).toBe('Internal Server Error');
    expect(describeBody(undefined)).toBeUndefined();
  });
});

describe('RateLimitError.retryAfter', () => {
  const limited = (headers: Record<string, string>) =>
    new RateLimitError({ status: 429, headers: new Headers(headers), body: undefined, method: 'GET', path: '/x' });

  it('holds the seconds the server asked for, as seconds or as a date, uncapped', () => {
    expect(limited({ 'retry-after': '3' }).retryAfter).toBe(3);
    expect(limited({ 'retry-after': '0.5' }).retryAfter).toBe(0.5);
    expect(limited({ 'retry-after': '3600' }).retryAfter).toBe(3600);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(limited({ 'retry-after': inTenSeconds }).retryAfter).toBeGreaterThan(8);
    expect(limited({ 'retry-after': inTenSeconds }).retryAfter).toBeLessThanOrEqual(10);
    expect(limited({ 'retry-after': 'Sun, 22 Nov 2020 09:00:00 GMT' }).retryAfter).toBe(0);
  });

  it('is undefined when the server did not say, or said nothing readable', () => {
    expect(limited({}).retryAfter).toBeUndefined();
    expect(limited({ 'retry-after': 'soon' }).retryAfter).toBeUndefined();
    expect(limited({ 'retry-after': '9'.repeat(400) }).retryAfter).toBeUndefined();
  });
});
