import { describe, expect, it } from 'vitest';
import { describeBody } from './errors';
import { backoffMs, isRetryableStatus, retryAfterMs, sleep } from './retry';

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

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, () => 0)).toBe(250);
    expect(backoffMs(1, () => 1)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(2000);
    expect(backoffMs(20, () => 1)).toBe(8000);
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
