import { describe, expect, it } from 'vitest';
import { messageEvent } from '../../test/helpers/events';
import type { Event } from '../events/index';
import type { EventStore } from '../stores/index';
import { createMemoryStore, StoreUnavailableError } from '../stores/index';
import { createWebhookHandler } from './handler/index';
import { createMemorySeenStore } from './seen';

const ID = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
const headers = { 'x-session-api-key': 'k' };
const delta = { kind: 'StreamingDeltaEvent', id: 'd1', content: 'tok' };

describe('a handler with a store', () => {
  it('answers 200 once the store has the batch; listeners get what this request stored, deltas too, and a re-delivery reaches none', async () => {
    const store = createMemoryStore();
    const handler = createWebhookHandler({ apiKey: 'k', store });
    const heard: string[] = [];
    handler.onAny((event) => {
      heard.push(event.kind === 'StreamingDeltaEvent' ? 'delta' : event.id);
    });
    const batch = [messageEvent('one'), delta, messageEvent('two')];
    const deliver = () => handler.receive({ conversationId: ID, headers, body: { json: batch } });
    expect(await deliver()).toEqual({ status: 200, body: { success: true } });
    expect(heard).toEqual([batch[0]?.id, 'delta', batch[2]?.id]);
    expect((await store.list(ID)).events.map((event) => event.id)).toEqual([batch[0]?.id, batch[2]?.id]);
    expect(await deliver()).toEqual({ status: 200, body: { success: true } });
    expect(heard).toEqual([batch[0]?.id, 'delta', batch[2]?.id, 'delta']);
  });

  it('two handlers on one store (two replicas) receiving the same batch at once: each event stored and heard once', async () => {
    const store = createMemoryStore();
    const heard: string[] = [];
    const replicas = [createWebhookHandler({ apiKey: 'k', store }), createWebhookHandler({ apiKey: 'k', store })];
    for (const replica of replicas) replica.onEvents((events) => heard.push(...events.map((event) => event.id)));
    const batch = [messageEvent('a'), messageEvent('b'), messageEvent('c')];
    const answers = await Promise.all(replicas.map((replica) => replica.receive({ conversationId: ID, headers, body: { json: batch } })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(heard.sort()).toEqual(batch.map((event) => event.id).sort());
    expect((await store.list(ID)).events).toHaveLength(3);
  });

  it('answers 500 when the store cannot make the batch durable, tells onError, and calls no listener', async () => {
    const failing: EventStore = {
      ...createMemoryStore(),
      append: async () => {
        throw new Error('disk full');
      },
    };
    const handler = createWebhookHandler({ apiKey: 'k', store: failing });
    const errors: unknown[] = [];
    let calls = 0;
    handler.onAny(() => {
      calls += 1;
    });
    handler.onError((error) => errors.push(error.errors[0]));
    const answer = await handler.receive({ conversationId: ID, headers, body: { json: [messageEvent('x')] } });
    expect(answer).toEqual({
      status: 500,
      body: { detail: 'The event store could not store the batch; it was not acknowledged and may be delivered again' },
    });
    expect(calls).toBe(0);
    expect(errors).toEqual([new Error('disk full')]);
  });

  it('answers 503 with Retry-After when the store is unavailable for now (its database is away)', async () => {
    const away: EventStore = {
      ...createMemoryStore(),
      append: async () => {
        throw new StoreUnavailableError('unavailable', 'PostgreSQL store: the database cannot be reached');
      },
    };
    const handler = createWebhookHandler({ apiKey: 'k', store: away });
    handler.onError(() => undefined);
    const answer = await handler.receive({ conversationId: ID, headers, body: { json: [messageEvent('x')] } });
    expect(answer).toEqual({
      status: 503,
      body: { detail: 'The event store is unavailable for now; the batch was not acknowledged and may be delivered again' },
      headers: { 'retry-after': '5' },
    });
  });

  it('takes a store or a seen store, not both', () => {
    expect(() => createWebhookHandler({ apiKey: 'k', store: createMemoryStore(), seen: createMemorySeenStore() })).toThrow(TypeError);
  });

  it('a failing listener answers 500, and the retry finds the events stored: listeners are not called for them again', async () => {
    const store = createMemoryStore();
    const handler = createWebhookHandler({ apiKey: 'k', store });
    let fail = true;
    const heard: Event[] = [];
    handler.onEvents((events) => {
      if (fail) throw new Error('listener down');
      heard.push(...events);
    });
    handler.onError(() => undefined);
    const batch = [messageEvent('once')];
    expect((await handler.receive({ conversationId: ID, headers, body: { json: batch } })).status).toBe(500);
    fail = false;
    expect((await handler.receive({ conversationId: ID, headers, body: { json: batch } })).status).toBe(200);
    expect(heard).toEqual([]);
    expect((await store.list(ID)).events.map((event) => event.id)).toEqual([batch[0]?.id]);
  });
});
