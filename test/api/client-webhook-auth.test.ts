/**
 * Which credential header each route gets: the webhook callbacks take the sandbox's session key
 * in `X-Session-API-Key` (as the service checks it), every other operation the client's `auth`.
 * Against agentwire's own webhook handler and a recording server, both on loopback.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { AuthenticationError, createClient } from 'agentwire/api';
import { decodeEvent } from 'agentwire/events';
import { createWebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvent } from '../helpers/events';

const USER_KEY = 'sk-user-0123456789abcdef';
const SESSION_KEY = 'session-key-fedcba9876543210';

const servers: Server[] = [];
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** The webhook as the service guards it: `X-Session-API-Key` must be the session key. Stores what it accepts. */
let webhookBase: string;
const stored: string[] = [];
/** A server that records each request's path and headers and answers `{"success":true}`. */
let recorderBase: string;
const recorded: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  const handler = createWebhookHandler({ apiKey: SESSION_KEY });
  handler.onAny((event) => {
    stored.push(event.id);
  });
  webhookBase = await listen(createServer(toNodeHandler(handler)));
  recorderBase = await listen(
    createServer((req, res) => {
      recorded.push({ path: req.url ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(req.url?.startsWith('/api/billing') ? '{"credits":1}' : '{"success":true}');
      });
    }),
  );
});

describe('the credential each route takes', () => {
  it('webhooks.sendEvents succeeds against the webhook with the default (bearer) client: it sends X-Session-API-Key', async () => {
    // The webhook mounted at /api/v1/webhooks, as the service mounts it.
    const api = createClient({ baseUrl: webhookBase, apiKey: SESSION_KEY, maxRetries: 0 });
    const events = [decodeEvent(messageEvent('one')), decodeEvent(messageEvent('two'))];
    const answer = await api.webhooks.sendEvents(randomUUID(), events);
    expect(answer.success).toBe(true);
    expect(stored).toEqual(expect.arrayContaining(events.map((event) => event.id)));
  });

  it('sends the session key to the webhook callbacks and the bearer key everywhere else, never one in place of the other', async () => {
    const api = createClient({ baseUrl: recorderBase, apiKey: USER_KEY, sessionApiKey: SESSION_KEY, maxRetries: 0 });
    const conversationId = randomUUID();
    await api.webhooks.sendEvents(conversationId, [decodeEvent(messageEvent('x'))]);
    await api.request('POST', '/api/v1/webhooks/conversations', { body: {} });
    await api.credits();
    const [events, conversations, credits] = recorded.slice(-3);
    expect(events?.path).toBe(`/api/v1/webhooks/events/${conversationId}`);
    for (const request of [events, conversations]) {
      expect(request?.headers['x-session-api-key']).toBe(SESSION_KEY);
      expect(request?.headers.authorization).toBeUndefined();
    }
    expect(credits?.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    expect(credits?.headers['x-session-api-key']).toBeUndefined();
  });

  it("auth: 'session-key' sends X-Session-API-Key to every route (a self-hosted server)", async () => {
    const api = createClient({ baseUrl: recorderBase, apiKey: SESSION_KEY, auth: 'session-key', maxRetries: 0 });
    await api.credits();
    expect(recorded.at(-1)?.headers['x-session-api-key']).toBe(SESSION_KEY);
    expect(recorded.at(-1)?.headers.authorization).toBeUndefined();
    expect(() => createClient({ baseUrl: recorderBase, apiKey: SESSION_KEY, auth: 'token' as 'bearer' })).toThrow(TypeError);
  });

  it('a refused session key is an AuthenticationError that shows neither key', async () => {
    const api = createClient({ baseUrl: webhookBase, apiKey: USER_KEY, sessionApiKey: `${SESSION_KEY}-wrong`, maxRetries: 0 });
    const error = await api.webhooks.sendEvents(randomUUID(), [decodeEvent(messageEvent('x'))]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
    for (const text of [String(error), inspect(error, { depth: 5 }), inspect(api, { depth: 5 }), JSON.stringify(api)]) {
      expect(text).not.toContain(USER_KEY);
      expect(text).not.toContain(SESSION_KEY);
    }
  });
});
