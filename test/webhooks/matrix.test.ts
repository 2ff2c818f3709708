import { randomUUID } from 'node:crypto';
import type { Event } from 'agentwire/events';
import { createWebhookHandler, type WebhookHandler } from 'agentwire/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEvent, messageEvent } from '../helpers/events';
import { type Mounted, VARIANTS } from './servers';

const KEY = 'test-session-key';
const SECRET = `whsec_${Buffer.from('a-webhook-signing-secret-of-32-b').toString('base64')}`;
const LIMIT = 64 * 1024;

const message = messageEvent;
const action = () => actionEvent();

describe.each(VARIANTS)('webhook on $name', ({ mount, parsesJson }) => {
  const received: { conversationId: string; event: Event }[] = [];
  const failing = new Set<string>();
  let handler: WebhookHandler;
  let server: Mounted;
  let signedServer: Mounted;

  beforeAll(async () => {
    handler = createWebhookHandler({ apiKey: [KEY, 'rotated-key'], maxBodyBytes: LIMIT });
    handler.onAny((event, { conversationId }) => {
      if (failing.has(event.id)) {
        failing.delete(event.id);
        throw new Error('listener down');
      }
      received.push({ conversationId, event });
    });
    server = await mount(handler);
    const signed = createWebhookHandler({ apiKey: KEY, signature: { secrets: ['whsec_b2xkLXNlY3JldA==', SECRET] } });
    signedServer = await mount(signed);
  });
  afterAll(async () => {
    await server.close();
    await signedServer.close();
  });

  const post = (conversation: string, body: unknown, headers: Record<string, string> = { 'x-session-api-key': KEY }) =>
    server.send(`/api/v1/webhooks/events/${conversation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const answer = async (response: Response) => ({ status: response.status, body: await response.json() });
  const eventsOf = (conversationId: string) =>
    received.filter((entry) => entry.conversationId === conversationId).map((entry) => entry.event);

  it('accepts a valid batch, runs listeners in order with typed events and a normalized id', async () => {
    const id = randomUUID();
    const batch = [message('one'), action(), message('two')];
    expect(await answer(await post(id.replaceAll('-', ''), batch))).toEqual({ status: 200, body: { success: true } });
    const events = eventsOf(id);
    expect(events.map((event) => event.id)).toEqual(batch.map((event) => event.id));
    expect(events[1]?.kind === 'ActionEvent' && events[1].security_risk).toBe('UNKNOWN');
  });

  it('answers 401 with the service words, before reading the body', async () => {
    const id = randomUUID();
    expect(await answer(await post(id, [message('x')], {}))).toEqual({
      status: 401,
      body: { detail: 'X-Session-API-Key header is required' },
    });
    expect(await answer(await post(id, [message('x')], { 'x-session-api-key': '' }))).toEqual({
      status: 401,
      body: { detail: 'X-Session-API-Key header is required' },
    });
    expect(await answer(await post(id, [{ kind: 'Nope' }], { 'x-session-api-key': 'wrong' }))).toEqual({
      status: 401,
      body: { detail: 'Invalid session API key' },
    });
    expect((await post(id, [message('x')], { 'x-session-api-key': 'rotated-key' })).status).toBe(200);
  });

  it('answers 422 for a conversation id that is not a UUID', async () => {
    expect(await answer(await post('not-a-uuid', [message('x')]))).toEqual({
      status: 422,
      body: { detail: [expect.objectContaining({ type: 'uuid_parsing', loc: ['path', 'conversation_id'], input: 'not-a-uuid' })] },
    });
  });

  it('answers 422 json_invalid for malformed JSON (behind express.json(), Express answers 400 first)', async () => {
    const response = await post(randomUUID(), '[{"kind": ');
    if (parsesJson) {
      expect(response.status).toBe(400);
      return;
    }
    const { status, body } = await answer(response);
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      expect.objectContaining({ type: 'json_invalid', msg: 'JSON decode error', loc: ['body', expect.any(Number)] }),
    ]);
  });

  it('rejects the whole batch with located errors when one event is invalid', async () => {
    const id = randomUUID();
    const { tool_call_id: _, ...broken } = action();
    const { status, body } = await answer(await post(id, [message('fine'), broken, { ...message('x'), extra: 1 }]));
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      expect.objectContaining({ type: 'missing', loc: ['body', 1, 'tool_call_id'], msg: 'Field required' }),
      expect.objectContaining({ type: 'extra_forbidden', loc: ['body', 2, 'extra'], input: 1 }),
    ]);
    expect(eventsOf(id)).toEqual([]);
    expect((await answer(await post(id, { not: 'a list' }))).body.detail[0]).toMatchObject({ type: 'list_type', loc: ['body'] });
  });

  it('acknowledges a re-delivery without running listeners twice', async () => {
    const id = randomUUID();
    const batch = [message('a'), message('b')];
    expect((await post(id, batch)).status).toBe(200);
    expect((await post(id, [...batch, message('c')])).status).toBe(200);
    expect(eventsOf(id).map((event) => event.kind === 'MessageEvent' && event.llm_message.content[0])).toHaveLength(3);
  });

  it('answers 500 when a listener throws, then loses and doubles nothing on the retry', async () => {
    const id = randomUUID();
    const batch = [message('1'), message('2'), message('3')];
    failing.add(batch[1]?.id as string);
    expect((await post(id, batch)).status).toBe(500);
    expect((await post(id, batch)).status).toBe(200);
    expect(eventsOf(id).map((event) => event.id)).toEqual(batch.map((event) => event.id));
  });

  it('answers 413 past the body limit', async () => {
    const big = [message('x'.repeat(LIMIT))];
    expect((await post(randomUUID(), big)).status).toBe(413);
  });

  it('answers 404 elsewhere and 405 for other methods', async () => {
    expect((await server.send('/api/v1/other', { method: 'POST', body: '[]' })).status).toBe(404);
    const get = await server.send(`/api/v1/webhooks/events/${randomUUID()}`, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('accepts conversation info posts', async () => {
    const response = await server.send('/api/v1/webhooks/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
      body: JSON.stringify({ id: randomUUID(), execution_status: 'running' }),
    });
    expect(await answer(response)).toEqual({ status: 200, body: { success: true } });
  });

  it('checks Standard Webhooks signatures made by the reference library (they need the raw body)', async () => {
    const payload = JSON.stringify([message('signed')]);
    const at = new Date();
    const sign = (secret: string, date: Date) => new Webhook(secret).sign('msg_1', date, payload);
    const send = (headers: Record<string, string>) =>
      signedServer.send(`/api/v1/webhooks/events/${randomUUID()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-api-key': KEY, ...headers },
        body: payload,
      });
    const base = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)) };
    if (parsesJson) {
      const refused = await answer(await send({ ...base, 'webhook-signature': sign(SECRET, at) }));
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toContain('the raw body is needed');
      return;
    }
    expect((await send({ ...base, 'webhook-signature': sign(SECRET, at) })).status).toBe(200);
    expect((await send({ ...base, 'webhook-signature': `v1,bm9wZQ== ${sign(SECRET, at)}` })).status).toBe(200);
    const wrong = await send({ ...base, 'webhook-signature': sign('whsec_d3Jvbmctc2VjcmV0', at) });
    expect(await answer(wrong)).toEqual({ status: 401, body: { detail: 'Invalid webhook signature: No matching signature' } });
    const old = new Date(at.getTime() - 10 * 60 * 1000);
    const stale = await send({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': sign(SECRET, old),
    });
    expect(stale.status).toBe(401);
    expect((await send({})).status).toBe(401);
  });
});
