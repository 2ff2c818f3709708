/**
 * The webhook handler and its Node adapter under faults: error listeners that reject, bodies a
 * middleware already drained, batches of half a million events, numbers JavaScript cannot hold,
 * and a rejection hook that sees every refused request.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Event } from 'agentwire/events';
import { createFileStore } from 'agentwire/stores/file';
import { createWebhookHandler, DEFAULT_MAX_EVENTS, storeListener, type WebhookRejection } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { messageEvent } from '../helpers/events';
import { removeTempFolders, tempFolder } from './temp';

const KEY = 'handler-fault-key';
const headers = { 'x-session-api-key': KEY, 'content-type': 'application/json' };
const closers: (() => Promise<void>)[] = [];
afterAll(removeTempFolders);
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('error listeners', () => {
  it('one that returns a rejected promise never becomes an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const handler = createWebhookHandler({ apiKey: KEY });
      handler.onAny(() => {
        throw new Error('listener down');
      });
      handler.onError(async () => {
        throw new Error('the error listener failed too');
      });
      const calls: string[] = [];
      handler.onError((error) => {
        calls.push(error.conversationId);
      });
      const id = randomUUID();
      const result = await handler.receive({ conversationId: id, headers, body: JSON.stringify([messageEvent('x')]) });
      expect(result.status).toBe(500);
      await new Promise((wait) => setTimeout(wait, 50));
      expect(unhandled).toEqual([]);
      expect(calls).toEqual([id]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('a body a middleware already read', () => {
  it('without req.body, is answered 500 at once instead of waiting forever', async () => {
    const handler = createWebhookHandler({ apiKey: KEY });
    const node = toNodeHandler(handler);
    const base = await listen((req, res) => {
      // A logging middleware that reads the body and keeps it nowhere.
      req.on('data', () => undefined);
      req.on('end', () => node(req, res));
    });
    // Waiting forever would end at the test's timeout; how soon the 500 comes is measured by `npm run bench`.
    const response = await fetch(`${base}/api/v1/webhooks/events/${randomUUID()}`, {
      method: 'POST',
      headers,
      body: JSON.stringify([messageEvent('drained')]),
    });
    expect(response.status).toBe(500);
    expect((await response.json()).detail).toMatch(/already read.*req\.body/);
  });
});

describe('events per batch', () => {
  // How long the refusal takes, and the request sent meanwhile, is measured by `npm run bench` (Hostile input).
  it('a 10 MiB body of tiny events is refused with 413 without being parsed, and other requests are served meanwhile', async () => {
    const handler = createWebhookHandler({ apiKey: KEY });
    let delivered = 0;
    handler.onAny(() => {
      delivered++;
    });
    const rejections: WebhookRejection[] = [];
    handler.onReject((rejection) => {
      rejections.push(rejection);
    });
    const base = await listen(toNodeHandler(handler));
    const one = '{"kind":"PauseEvent"}';
    const count = Math.floor((10 * 1024 * 1024 - 2) / (one.length + 1));
    const body = `[${Array(count).fill(one).join(',')}]`;
    expect(count).toBeGreaterThan(470_000);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const big = request(`${base}/api/v1/webhooks/events/${randomUUID()}`, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        big.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        big.on('error', reject);
      });
      // The first half of the batch is sent; while the rest is held back, another request is answered.
      const half = Math.floor(body.length / 2);
      await new Promise((sent) => big.write(body.slice(0, half), sent));
      const small = await fetch(`${base}/api/v1/webhooks/events/${randomUUID()}`, { method: 'POST', headers, body: `[${one}]` });
      expect(small.status).toBe(200);
      big.end(body.slice(half));
      const { status, text } = await answer;
      // The batch was counted, never parsed: JSON.parse saw the small one, and nothing near a megabyte.
      expect(parse).toHaveBeenCalledWith(`[${one}]`);
      expect(parse.mock.calls.filter(([parsed]) => String(parsed).length > 1024 * 1024)).toEqual([]);
      expect(status).toBe(413);
      expect(JSON.parse(text)).toEqual({
        detail: `The batch holds more than ${DEFAULT_MAX_EVENTS} events, the most one request may carry`,
      });
    } finally {
      parse.mockRestore();
    }
    expect(delivered).toBe(1);
    expect(rejections.map((rejection) => [rejection.status, rejection.reason])).toEqual([
      [413, `The batch holds more than ${DEFAULT_MAX_EVENTS} events, the most one request may carry`],
    ]);
  });

  it('takes exactly maxEvents, refuses one more, with raw and parsed bodies alike', async () => {
    const handler = createWebhookHandler({ apiKey: KEY, maxEvents: 3 });
    const id = randomUUID();
    const batch = (size: number) => Array.from({ length: size }, () => ({ kind: 'PauseEvent', id: randomUUID() }));
    expect((await handler.receive({ conversationId: id, headers, body: JSON.stringify(batch(3)) })).status).toBe(200);
    expect((await handler.receive({ conversationId: id, headers, body: JSON.stringify(batch(4)) })).status).toBe(413);
    expect((await handler.receive({ conversationId: id, headers, body: { json: batch(4) } })).status).toBe(413);
    // Commas inside strings and nested arrays are not items.
    const tricky = `[{"kind":"ConversationStateUpdateEvent","key":"a,b,c,d","value":[1,2,3,4,5]},{"kind":"PauseEvent","id":"x\\",y,z"}]`;
    expect((await handler.receive({ conversationId: id, headers, body: tricky })).status).toBe(200);
    // Too many items is told before bad JSON, whatever the length of the body.
    for (const pad of ['', ' '.repeat(70 * 1024)]) {
      expect((await handler.receive({ conversationId: id, headers, body: `[${pad}{},{},{},{},` })).status).toBe(413);
      expect((await handler.receive({ conversationId: id, headers, body: `[${pad}{},{},` })).status).toBe(422);
      expect((await handler.receive({ conversationId: id, headers, body: `[${pad}{},{},{},{}]` })).status).toBe(413);
    }
    expect(() => createWebhookHandler({ apiKey: KEY, maxEvents: 0 })).toThrow(RangeError);
  });
});

describe('rejected requests', () => {
  it('each is told to onReject with its status and why', async () => {
    const handler = createWebhookHandler({ apiKey: KEY, maxBodyBytes: 1_000 });
    const rejections: WebhookRejection[] = [];
    handler.onReject((rejection) => {
      rejections.push(rejection);
    });
    handler.onReject(() => {
      throw new Error('a failing rejection listener changes nothing');
    });
    const base = await listen(toNodeHandler(handler));
    const id = randomUUID();
    const post = (path: string, body: string, extra: Record<string, string> = headers, method = 'POST') =>
      fetch(`${base}${path}`, { method, headers: extra, ...(method === 'POST' ? { body } : {}) });
    const events = `/api/v1/webhooks/events/${id}`;
    const statuses = [
      (await post(events, '[]', { 'content-type': 'application/json' })).status,
      (await post(events, '[]', { ...headers, 'x-session-api-key': 'wrong' })).status,
      (await post('/elsewhere', '[]')).status,
      (await post(events, '', headers, 'GET')).status,
      (await post(events, `[${'1,'.repeat(600)}1]`)).status,
      (await post(events, '[{"kind":"ActionEvent","thought":[]}]')).status,
      (await post('/api/v1/webhooks/events/not-a-uuid', '[]')).status,
      (await post(events, '[]')).status,
    ];
    expect(statuses).toEqual([401, 401, 404, 405, 413, 422, 422, 200]);
    expect(
      rejections.map(({ status, method, path, conversationId, reason }) => ({ status, method, path, conversationId, reason })),
    ).toEqual([
      { status: 401, method: 'POST', path: events, conversationId: id, reason: 'X-Session-API-Key header is required' },
      { status: 401, method: 'POST', path: events, conversationId: id, reason: 'Invalid session API key' },
      { status: 404, method: 'POST', path: '/elsewhere', conversationId: undefined, reason: 'Not Found' },
      { status: 405, method: 'GET', path: events, conversationId: id, reason: 'Method Not Allowed' },
      { status: 413, method: 'POST', path: events, conversationId: id, reason: 'Request body is larger than the limit of 1000 bytes' },
      { status: 422, method: 'POST', path: events, conversationId: id, reason: 'body.0.tool_name: Field required [missing] (and 3 more)' },
      {
        status: 422,
        method: 'POST',
        path: '/api/v1/webhooks/events/not-a-uuid',
        conversationId: undefined,
        reason: expect.stringMatching(/^path\.conversation_id: Input should be a valid UUID.* \[uuid_parsing\]$/),
      },
    ]);
  });
});

describe('numbers JavaScript cannot hold', () => {
  const body =
    '[{"kind":"ConversationStateUpdateEvent","id":"e1","key":"stats","value":' +
    '{"big":123456789012345678901234567890,"neg":-98765432109876543210,"exact":9007199254740993,' +
    '"safe":9007199254740991,"float":1.5e300,"nan":NaN,"inf":Infinity,"minf":-Infinity,' +
    '"text":"NaN Infinity 123456789012345678901234567890","list":[18446744073709551615,1]}},' +
    '{"kind":"HookExecutionEvent","id":"e2","hook_event_type":"Stop","hook_command":"x","success":true,"exit_code":99999999999999999999}]';

  it('are accepted as the service accepts them, and stored as they were sent', async () => {
    const dir = tempFolder('agentwire-numbers-');
    const store = createFileStore({ dir });
    const handler = createWebhookHandler({ apiKey: KEY });
    handler.onEvents(storeListener(store));
    const seen: Event[] = [];
    handler.onAny((event) => {
      seen.push(event);
    });
    const id = randomUUID();
    const result = await handler.receive({ conversationId: id, headers, body });
    expect(result).toEqual({ status: 200, body: { success: true } });
    const value = (seen[0] as Event & { value: Record<string, unknown> }).value;
    expect(value.nan).toBeNaN();
    expect(value.inf).toBe(Number.POSITIVE_INFINITY);
    expect(value.minf).toBe(Number.NEGATIVE_INFINITY);
    expect(value.big).toBe(Number('123456789012345678901234567890'));
    expect(value.text).toBe('NaN Infinity 123456789012345678901234567890');
    const lines = readFileSync(join(dir, `${id}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(2);
    // Each line is the event as sent (the timestamp it lacked first), with NaN and Infinity as null.
    const timestamps = seen.map((event) => JSON.stringify((event as { timestamp: string }).timestamp));
    expect(lines[0]).toBe(
      `{"timestamp":${timestamps[0]},"kind":"ConversationStateUpdateEvent","id":"e1","key":"stats","value":` +
        '{"big":123456789012345678901234567890,"neg":-98765432109876543210,"exact":9007199254740993,' +
        '"safe":9007199254740991,"float":1.5e300,"nan":null,"inf":null,"minf":null,' +
        '"text":"NaN Infinity 123456789012345678901234567890","list":[18446744073709551615,1]}}',
    );
    expect(lines[1]).toBe(
      `{"timestamp":${timestamps[1]},"kind":"HookExecutionEvent","id":"e2","hook_event_type":"Stop","hook_command":"x","success":true,"exit_code":99999999999999999999}`,
    );
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    await store.close();
  });

  it('malformed JSON around them is still json_invalid at the right place', async () => {
    const handler = createWebhookHandler({ apiKey: KEY });
    const result = await handler.receive({ conversationId: randomUUID(), headers, body: '[{"kind":"PauseEvent","x":NaN,}]' });
    expect(result.status).toBe(422);
    expect((result.body as { detail: { type: string; loc: unknown[] }[] }).detail[0]).toMatchObject({ type: 'json_invalid' });
    const bare = await handler.receive({ conversationId: randomUUID(), headers, body: '[nan]' });
    expect(bare.status).toBe(422);
  });
});
