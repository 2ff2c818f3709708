import { describe, expect, it } from 'vitest';
import { actionEvent, messageEvent } from '../../test/helpers/events';
import { stringifyEvent } from '../stores/index';
import { createWebhookHandler } from './handler/index';
import { createMemorySeenStore, type SeenStore } from './seen';
import type { WebhookListenerError } from './types';

const ID = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
const headers = { 'x-session-api-key': 'k' };

describe('createWebhookHandler options', () => {
  it('refuses to start without a key unless auth is explicitly off, and warns when it is', () => {
    expect(() => createWebhookHandler({})).toThrow(/no apiKey/);
    expect(() => createWebhookHandler({ apiKey: 'k', auth: 'none' })).toThrow(/not both/);
    expect(() => createWebhookHandler({ apiKey: [] })).toThrow(/at least one key/);
    expect(() => createWebhookHandler({ apiKey: 'k', maxBodyBytes: 0 })).toThrow(RangeError);
    expect(() => createWebhookHandler({ apiKey: 'k', signature: { secrets: 'whsec_***' } })).toThrow(/not base64/);
    const warnings: string[] = [];
    const open = createWebhookHandler({ auth: 'none', logger: { warn: (message) => warnings.push(message) } });
    expect(warnings).toHaveLength(1);
    return expect(open.receive({ conversationId: ID, headers: {}, body: '[]' })).resolves.toEqual({ status: 200, body: { success: true } });
  });

  it('asks a key function, with the normalized conversation id', async () => {
    const asked: [string, string | undefined][] = [];
    const handler = createWebhookHandler({
      apiKey: async (key, conversationId) => {
        asked.push([key, conversationId]);
        return key === 'good';
      },
      headerName: 'X-Access-Token',
    });
    const body = JSON.stringify([messageEvent('hi')]);
    expect((await handler.receive({ conversationId: ID.replaceAll('-', ''), headers: { 'x-access-token': 'good' }, body })).status).toBe(
      200,
    );
    expect(await handler.receive({ conversationId: ID, headers: { 'x-access-token': 'bad' }, body })).toEqual({
      status: 401,
      body: { detail: 'Invalid session API key' },
    });
    expect((await handler.receive({ conversationId: ID, headers: {}, body })).body).toEqual({
      detail: 'X-Access-Token header is required',
    });
    expect(asked).toEqual([
      ['good', ID],
      ['bad', ID],
    ]);
  });
});

describe('receive', () => {
  it('takes text, bytes or parsed JSON', async () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    const kinds: string[] = [];
    handler.onAny((event) => {
      kinds.push(event.kind);
    });
    const batch = [messageEvent('a'), actionEvent()];
    expect((await handler.receive({ conversationId: ID, headers, body: JSON.stringify([batch[0]]) })).status).toBe(200);
    expect(
      (await handler.receive({ conversationId: ID, headers, body: new TextEncoder().encode(JSON.stringify([batch[1]])) })).status,
    ).toBe(200);
    expect((await handler.receive({ conversationId: ID, headers, body: { json: [messageEvent('c')] } })).status).toBe(200);
    expect(kinds).toEqual(['MessageEvent', 'ActionEvent', 'MessageEvent']);
  });

  it('reports a failing listener to onError with the events still to deliver, and uses an async seen store', async () => {
    const keys = new Set<string>();
    const seen: SeenStore = { has: async (key) => keys.has(key), add: async (key) => void keys.add(key) };
    const handler = createWebhookHandler({ apiKey: 'k', seen });
    const errors: WebhookListenerError[] = [];
    let fail = true;
    handler.on('ActionEvent', () => {
      if (fail) throw new Error('down');
    });
    handler.onError((error) => errors.push(error));
    const batch = [messageEvent('a'), actionEvent(), messageEvent('b')];
    const body = JSON.stringify(batch);
    expect((await handler.receive({ conversationId: ID, headers, body })).status).toBe(500);
    expect(errors[0]).toBeInstanceOf(AggregateError);
    expect(errors[0]?.conversationId).toBe(ID);
    expect(errors[0]?.events.map((event) => event.id)).toEqual([batch[1]?.id, batch[2]?.id]);
    expect(keys.size).toBe(1);
    fail = false;
    expect((await handler.receive({ conversationId: ID, headers, body })).status).toBe(200);
    expect(keys.size).toBe(3);
  });

  it('records `<conversation id>:<event id>` in a memory seen store, and skips what it holds, in short and long batches', async () => {
    const seen = createMemorySeenStore();
    const handler = createWebhookHandler({ apiKey: 'k', seen });
    const delivered: string[] = [];
    handler.onAny((event) => void delivered.push(event.id));
    const known = messageEvent('known');
    seen.add(`${ID}:${known.id}`);
    const short = [known, messageEvent('a'), messageEvent('b')];
    const long = Array.from({ length: 20 }, (_, i) => messageEvent(`m${i}`));
    // Repeated ids in a batch are delivered once; the compact conversation id is the same conversation.
    for (const batch of [
      [...short, short[1]],
      [...long, long[3], long[19]],
    ]) {
      expect((await handler.receive({ conversationId: ID.replaceAll('-', ''), headers, body: JSON.stringify(batch) })).status).toBe(200);
    }
    const expected = [...short.slice(1), ...long].map((event) => event.id);
    expect(delivered).toEqual(expected);
    expect(expected.every((id) => seen.has(`${ID}:${id}`))).toBe(true);
    expect(seen.size).toBe(expected.length + 1);
    // A memory store whose `has` was replaced is asked through it.
    const asked: string[] = [];
    const wrapped = createMemorySeenStore();
    const has = wrapped.has;
    wrapped.has = (key) => {
      asked.push(key);
      return has(key);
    };
    const event = messageEvent('c');
    await createWebhookHandler({ apiKey: 'k', seen: wrapped }).receive({ conversationId: ID, headers, body: JSON.stringify([event]) });
    expect(asked).toEqual([`${ID}:${event.id}`]);
    expect(wrapped.has(`${ID}:${event.id}`)).toBe(true);
  });

  it('gives listeners events whose stored text is the text received, after re-delivered ones in the same batch', async () => {
    const handler = createWebhookHandler({ apiKey: 'k', unknownFields: 'keep' });
    const texts: string[] = [];
    handler.onAny((event) => void texts.push(stringifyEvent(event)));
    const [a, b, c] = [messageEvent('a'), messageEvent('b'), messageEvent('c')];
    // `1.0` stays `1.0` only in the text received.
    const item = (event: object, extra: string) =>
      `${JSON.stringify({ ...event, timestamp: '2026-01-01T00:00:00' }).slice(0, -1)},"extra":${extra}}`;
    expect((await handler.receive({ conversationId: ID, headers, body: `[${item(a, '1.0')}]` })).status).toBe(200);
    const body = `[${item(a, '1.0')}, ${item(b, '2.0')}, ${item(a, '1.0')}, ${item(c, '3.0')}]`;
    expect((await handler.receive({ conversationId: ID, headers, body })).status).toBe(200);
    expect(texts).toEqual([item(a, '1.0'), item(b, '2.0'), item(c, '3.0')]);
  });

  it('keeps unknown action kinds only when asked', async () => {
    const client = [{ ...actionEvent(), action: { kind: 'ClientAction_lookup', order: 1 } }];
    const strict = createWebhookHandler({ apiKey: 'k' });
    const lenient = createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' });
    expect((await strict.receive({ conversationId: ID, headers, body: { json: client } })).status).toBe(422);
    expect((await lenient.receive({ conversationId: ID, headers, body: { json: client } })).status).toBe(200);
  });
});

describe('conversation info', () => {
  it('passes the posted object to onConversation, and rejects anything else', async () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    const infos: unknown[] = [];
    handler.onConversation((info) => {
      infos.push(info);
    });
    const post = (body: string) =>
      handler.fetch(new Request('http://x/api/v1/webhooks/conversations', { method: 'POST', headers: { 'x-session-api-key': 'k' }, body }));
    expect((await post('{"id":"c1","execution_status":"running"}')).status).toBe(200);
    expect(infos).toEqual([{ id: 'c1', execution_status: 'running' }]);
    expect((await post('[1]')).status).toBe(422);
    expect((await post('{')).status).toBe(422);
  });
});
