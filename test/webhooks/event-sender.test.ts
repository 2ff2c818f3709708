import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeEvent, type Event, encodeEvent } from 'agentwire/events';
import { createEventSender, createWebhookHandler, EventDeliveryError } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvent } from '../helpers/events';

const KEY = 'sender-key';
const batches: { conversationId: string; ids: string[] }[] = [];
let failures = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  const handler = createWebhookHandler({ apiKey: KEY });
  handler.onEvents((events, { conversationId }) => {
    if (failures > 0) {
      failures--;
      throw new Error('receiver down');
    }
    batches.push({ conversationId, ids: events.map((event) => event.id) });
  });
  server = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const events = (count: number): Event[] => Array.from({ length: count }, (_, i) => decodeEvent(messageEvent(`m${i}`)));
const delivered = (conversationId: string) => batches.filter((batch) => batch.conversationId === conversationId);
const fast = { flushInterval: 30, retryDelay: 5, timeout: 30_000 };

/** Resolves once `check` holds (polled); the test's timeout is the only bound. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('createEventSender against agentwire’s webhook handler', () => {
  it('sends batches of 5, in order, to the 32-hex URL', async () => {
    const conversation = randomUUID();
    const sender = createEventSender({ baseUrl: base, sessionApiKey: KEY, ...fast });
    const sent = events(12);
    for (const event of sent) sender.send(conversation, event);
    await sender.close();
    const got = delivered(conversation);
    expect(got.map((batch) => batch.ids.length)).toEqual([5, 5, 2]);
    expect(got.flatMap((batch) => batch.ids)).toEqual(sent.map((event) => event.id));
    expect(sender.pending).toBe(0);
    expect(() => sender.send(conversation, sent[0] as Event)).toThrow(/closed/);
  });

  it('flushes a partial batch after the interval', async () => {
    const conversation = randomUUID();
    const sender = createEventSender({ baseUrl: base, sessionApiKey: KEY, ...fast });
    await sender.send(conversation, events(1)[0] as Event);
    // Nobody flushes: only the interval can post it (the test's timeout bounds the wait).
    await until(() => delivered(conversation).length > 0);
    expect(delivered(conversation).map((batch) => batch.ids.length)).toEqual([1]);
    await sender.close();
  });

  it('retries a failed batch and loses or reorders nothing', async () => {
    const conversation = randomUUID();
    const sender = createEventSender({ baseUrl: base, sessionApiKey: KEY, ...fast, maxRetries: 3 });
    const sent = events(7);
    failures = 2;
    for (const event of sent) sender.send(conversation, event);
    await sender.flush();
    expect(delivered(conversation).flatMap((batch) => batch.ids)).toEqual(sent.map((event) => event.id));
  });

  it('keeps a batch that still fails at the head of the queue, and delivers it later', async () => {
    const conversation = randomUUID();
    const sender = createEventSender({ baseUrl: base, sessionApiKey: KEY, ...fast, maxRetries: 1, flushInterval: 60_000 });
    const sent = events(3);
    failures = 2;
    for (const event of sent) sender.send(conversation, event);
    await expect(sender.flush()).rejects.toThrow(EventDeliveryError);
    expect(sender.pending).toBe(3);
    await sender.flush();
    expect(delivered(conversation).flatMap((batch) => batch.ids)).toEqual(sent.map((event) => event.id));
  });

  it('past the queue caps, send waits for room instead of dropping anything', async () => {
    const conversation = randomUUID();
    const dropped: string[] = [];
    const sender = createEventSender({
      baseUrl: base,
      sessionApiKey: KEY,
      ...fast,
      batchSize: 100,
      maxQueueEvents: 3,
      flushInterval: 3_600_000,
      onDrop: (items, reason) => dropped.push(...items.map((item) => `${reason}:${item.event.id}`)),
    });
    const sent = events(5);
    const entered: string[] = [];
    const sends = sent.map((event) => sender.send(conversation, event).then(() => entered.push(event.id)));
    await Promise.all(sends.slice(0, 3));
    expect(entered).toEqual(sent.slice(0, 3).map((event) => event.id));
    expect(sender.pending).toBe(5);
    await sender.close(); // delivers the three, which makes room for the other two, then them
    await Promise.all(sends);
    expect(entered).toEqual(sent.map((event) => event.id));
    expect(dropped).toEqual([]);
    expect(delivered(conversation).flatMap((batch) => batch.ids)).toEqual(sent.map((event) => event.id));
  });

  it('posts as soon as the queued bytes reach maxBatchBytes, without waiting for the flush interval', async () => {
    const conversation = randomUUID();
    const sent = events(3);
    const sizes = sent.map((event) => Buffer.byteLength(JSON.stringify(encodeEvent(event))));
    // The three events reach the limit exactly; two stay under it. The count limit is out of reach.
    const sender = createEventSender({
      baseUrl: base,
      sessionApiKey: KEY,
      ...fast,
      batchSize: 100,
      maxBatchBytes: sizes.reduce((sum, size) => sum + size, 0),
      flushInterval: 3_600_000,
    });
    for (const event of sent) await sender.send(conversation, event);
    // Only the byte limit can have posted them: the interval is an hour and nobody flushes.
    await until(() => delivered(conversation).flatMap((batch) => batch.ids).length === 3);
    // 2 + the three sizes + 2 commas is over the limit: the first two go together, the third after.
    expect(delivered(conversation).map((batch) => batch.ids)).toEqual([[sent[0]?.id, sent[1]?.id], [sent[2]?.id]]);
    await sender.close();
  });

  it('counts a batch as the service does: brackets, compact UTF-8 JSON, one byte per comma', async () => {
    // Characters of two, three and four UTF-8 bytes: a count of UTF-16 units would come out smaller.
    const sent = [decodeEvent(messageEvent('é€😀'.repeat(20))), ...events(1)];
    const sizes = sent.map((event) => Buffer.byteLength(JSON.stringify(encodeEvent(event)), 'utf8'));
    const both = 2 + (sizes[0] ?? 0) + 1 + (sizes[1] ?? 0);
    // A limit of exactly the two events' batch takes both in one request; one byte less splits them.
    for (const [limit, expected] of [
      [both, [2]],
      [both - 1, [1, 1]],
    ] as const) {
      const conversation = randomUUID();
      const sender = createEventSender({
        baseUrl: base,
        sessionApiKey: KEY,
        ...fast,
        batchSize: 100,
        maxBatchBytes: limit,
        flushInterval: 3_600_000,
      });
      for (const event of sent) await sender.send(conversation, event);
      await sender.close();
      expect(delivered(conversation).map((batch) => batch.ids.length)).toEqual(expected);
    }
  });

  it('refuses invalid events and bad conversation ids at once, and never shows the key', async () => {
    const sender = createEventSender({ baseUrl: 'http://127.0.0.1:9/api/v1/webhooks', sessionApiKey: KEY, ...fast, maxRetries: 0 });
    expect(() => sender.send('not-a-uuid', events(1)[0] as Event)).toThrow(/not a conversation id/);
    expect(() => sender.send(randomUUID(), { kind: 'MessageEvent' } as unknown as Event)).toThrow(/validation error/);
    sender.send(randomUUID(), events(1)[0] as Event);
    const error = await sender.flush().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventDeliveryError);
    expect(String(error)).not.toContain(KEY);
  });
});
