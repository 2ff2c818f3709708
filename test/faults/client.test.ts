/**
 * The API client under faults: a message is never sent twice, `Retry-After` never stalls or
 * hammers, and a server that echoes the key never gets it into what the client shows.
 */
import { inspect } from 'node:util';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  createClient,
  InternalServerError,
  RateLimitError,
  type ResponseInfo,
} from 'agentwire/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedPort, startScripted } from './loopback';

const KEY = 'sk/test+key=0123456789';
const CONVERSATION = '3f2a9c104a004a01a0015e1d0000b000';
const SENT = { success: true, sandbox_status: 'RUNNING', message: null };
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function scripted(...args: Parameters<typeof startScripted>) {
  const server = await startScripted(...args);
  servers.push(server);
  return server;
}

const message = { content: [{ type: 'text' as const, text: 'Deploy the fix' }] };

describe('sendMessage is never repeated once the server may have acted', () => {
  it.each([
    ['a 500', { status: 500, body: 'boom' }, InternalServerError],
    ['a 502', { status: 502, body: 'bad gateway' }, InternalServerError],
    ['a 503 without Retry-After', { status: 503, body: 'unavailable' }, InternalServerError],
    ['a 504', { status: 504, body: 'gateway timeout' }, InternalServerError],
    ['a 408', { status: 408, body: 'request timeout' }, APIError],
    ['a reset after the request arrived', { reset: true as const }, APIConnectionError],
  ])('%s: one request, and the error', async (_name, step, type) => {
    const server = await scripted([step], { status: 200, body: JSON.stringify(SENT) });
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 3, timeout: 30_000 });
    const error = await api.appConversations.sendMessage(CONVERSATION, message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(type);
    expect(server.seen.filter((request) => request.url.endsWith('/send-message'))).toHaveLength(1);
  });

  it('a timeout: one request, APITimeoutError', async () => {
    const server = await scripted([{ stall: 1000 }], { status: 200, body: JSON.stringify(SENT) });
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 3, timeout: 150 });
    await expect(api.appConversations.sendMessage(CONVERSATION, message)).rejects.toBeInstanceOf(APITimeoutError);
    await new Promise((wait) => setTimeout(wait, 300));
    expect(server.seen).toHaveLength(1);
  });

  it('is repeated after a 429 or a 503 with Retry-After (the server did not act)', async () => {
    const server = await scripted(
      [
        { status: 429, headers: { 'retry-after': '0' }, body: '{"message":"slow down"}' },
        { status: 503, headers: { 'retry-after': '0' }, body: 'maintenance' },
      ],
      { status: 200, body: JSON.stringify(SENT) },
    );
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 3, timeout: 30_000 });
    expect(await api.appConversations.sendMessage(CONVERSATION, message)).toEqual(SENT);
    expect(server.seen).toHaveLength(3);
    expect(JSON.parse(server.seen[2]?.body ?? '')).toEqual({ role: 'user', ...message });
  });

  it('is repeated when the connection was refused (nothing was sent)', async () => {
    const port = await closedPort();
    const attempts: number[] = [];
    const api = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      maxRetries: 1,
      timeout: 30_000,
      onRequest: (info) => attempts.push(info.attempt),
    });
    await expect(api.appConversations.sendMessage(CONVERSATION, message)).rejects.toBeInstanceOf(APIConnectionError);
    expect(attempts).toEqual([1, 2]);
  });

  it('every POST follows the same rule (pause, resume, start), while GETs are retried', async () => {
    const server = await scripted([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 502 }], {
      status: 200,
      body: '{"items":[],"next_page_id":null}',
    });
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 3, timeout: 30_000 });
    await expect(api.sandboxes.pause('s1')).rejects.toBeInstanceOf(InternalServerError);
    await expect(api.sandboxes.resume('s1')).rejects.toBeInstanceOf(InternalServerError);
    await expect(api.sandboxes.start()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect((await api.sandboxes.search()).items).toEqual([]);
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'POST', 'POST', 'GET', 'GET']);
  });
});

/** The longest wait a server's `Retry-After` can impose on the client. */
const RETRY_AFTER_CAP = 60_000;

/** Records the timers set with `setTimeout` and cleared with `clearTimeout` until `restore()`. */
function watchTimers() {
  const setTimer = globalThis.setTimeout;
  const awaited = new Map<number, () => void>();
  const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, delay?: number) => {
    const timer = setTimer(callback, delay);
    awaited.get(delay ?? 0)?.();
    return timer;
  }) as typeof setTimeout);
  const cleared = vi.spyOn(globalThis, 'clearTimeout');
  return {
    /** Resolves once a timer is set with `delay`. */
    setWith: (delay: number) => new Promise<void>((resolve) => awaited.set(delay, resolve)),
    /** The delay of each timer set, in order. */
    delays: () => set.mock.calls.map((call) => call[1]),
    /** The longest delay set (0 when none was). */
    longest: () => Math.max(0, ...set.mock.calls.map((call) => call[1] ?? 0)),
    /** Whether the timer set with `delay` was cleared before it fired. */
    clearedAfter: (delay: number) => {
      const index = set.mock.calls.findIndex((call) => call[1] === delay);
      return index >= 0 && cleared.mock.calls.some(([timer]) => timer === set.mock.results[index]?.value);
    },
    restore: () => {
      set.mockRestore();
      cleared.mockRestore();
    },
  };
}

// How long each wait takes is measured by `npm run bench` (Deadlines and waits).
describe('Retry-After', () => {
  it.each([
    ['a huge number of seconds', '99999999999999'],
    ['a date far in the future', 'Fri, 31 Dec 9999 23:59:59 GMT'],
  ])('%s waits at most the request timeout, never overflows the timer', async (_name, value) => {
    const server = await scripted([{ status: 429, headers: { 'retry-after': value }, body: '{"message":"later"}' }], {
      status: 200,
      body: '{"items":[],"next_page_id":null}',
    });
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 2, timeout: 300 });
    const timers = watchTimers();
    try {
      const started = Date.now();
      expect((await api.sandboxes.search()).items).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      // The wait was set to the request timeout; no timer to the server's value (60 s at most) nor an overflowed one.
      expect(timers.delays()).toContain(300);
      expect(timers.longest()).toBeLessThan(RETRY_AFTER_CAP);
    } finally {
      timers.restore();
    }
    expect(server.seen).toHaveLength(2);
  });

  it('a wait is cut short by the signal', async () => {
    const server = await scripted([{ status: 429, headers: { 'retry-after': '30' } }]);
    const controller = new AbortController();
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 2, timeout: 60_000, signal: controller.signal });
    const timers = watchTimers();
    try {
      const waiting = timers.setWith(30_000);
      const pending = api.sandboxes.search();
      // Once the server has answered 429 and the 30 s wait has begun, abort.
      await waiting;
      controller.abort(new Error('cancelled'));
      await expect(pending).rejects.toThrow('cancelled');
      expect(timers.clearedAfter(30_000)).toBe(true);
    } finally {
      timers.restore();
    }
    expect(server.seen).toHaveLength(1);
  });

  it('the last attempt gives the typed error at once', async () => {
    const server = await scripted([{ status: 429, headers: { 'retry-after': '99999999999999' } }]);
    const api = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 0, timeout: 60_000 });
    const timers = watchTimers();
    try {
      await expect(api.sandboxes.search()).rejects.toBeInstanceOf(RateLimitError);
      // No wait was set before the error: no timer to the server's value.
      expect(timers.longest()).toBeLessThan(RETRY_AFTER_CAP);
    } finally {
      timers.restore();
    }
    expect(server.seen).toHaveLength(1);
  });
});

describe('a server that echoes the key', () => {
  const encodings = [KEY, encodeURIComponent(KEY), encodeURIComponent(KEY).toLowerCase(), 'sk%2Ftest%2Bkey%3D0123456789'];

  it('never gets it into the error, its body keys, its headers, or the response hook', async () => {
    const echo = {
      status: 400,
      headers: {
        'x-echo': `you sent ${KEY}`,
        'www-authenticate': `Bearer realm="api", key="${encodeURIComponent(KEY)}"`,
        'x-request-id': `req-${KEY}`,
      },
      body: JSON.stringify({
        detail: `bad key ${encodeURIComponent(KEY)} (was ${KEY.replaceAll('/', '%2f')})`,
        [KEY]: 'a key as a field name',
        nested: { [`k:${KEY}`]: [KEY, encodeURIComponent(KEY)] },
        url: `https://x/?api_key=${encodeURIComponent(KEY)}`,
      }),
    };
    for (const auth of ['bearer', 'session-key'] as const) {
      const server = await scripted([echo]);
      const responses: ResponseInfo[] = [];
      const api = createClient({ baseUrl: server.url, apiKey: KEY, auth, maxRetries: 0, onResponse: (info) => responses.push(info) });
      const error = (await api.sandboxes.search().catch((caught: unknown) => caught)) as APIError;
      expect(error).toBeInstanceOf(APIError);
      expect(error.status).toBe(400);
      const shown = [
        String(error),
        error.message,
        error.stack ?? '',
        inspect(error, { depth: 10 }),
        JSON.stringify(error.body),
        JSON.stringify([...error.headers.entries()]),
        String(error.requestId),
        JSON.stringify(responses),
      ];
      for (const text of shown) for (const form of encodings) expect(text).not.toContain(form);
      expect(error.headers.get('x-echo')).toBe('you sent [redacted]');
      expect(Object.keys(error.body as object)).toContain('[redacted]');
      expect(responses[0]?.headers['x-echo']).toBe('you sent [redacted]');
      expect(error.message).toContain('bad key [redacted]');
    }
  });
});
