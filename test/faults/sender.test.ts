/**
 * The event sender under faults: a queue that fills while a batch is in flight (backpressure),
 * a receiver that refuses every request (401, 403, 404, a redirect), events the receiver refuses
 * for good, events larger than a batch.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { decodeEvent, type Event, encodeEvent } from 'agentwire/events';
import {
  createEventSender,
  createWebhookHandler,
  EventDeliveryError,
  SenderCloseError,
  SenderHaltedError,
  SenderOverflowError,
} from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterEach, describe, expect, it } from 'vitest';
import { messageEvent } from '../helpers/events';
import { signal } from '../helpers/signal';
import { startScripted } from './loopback';

const KEY = 'sender-fault-key';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const event = (text: string): Event => decodeEvent(messageEvent(text));
const text = (item: Event) =>
  item.kind === 'MessageEvent' && item.llm_message.content[0]?.type === 'text' ? item.llm_message.content[0].text : '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks`;
}

/** A receiver that holds each request until `release()` and records what it finally accepted. */
async function heldReceiver() {
  const accepted: string[] = [];
  const waiting: (() => void)[] = [];
  let arrived: () => void = () => undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      waiting.push(() => {
        const batch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Event[];
        accepted.push(...batch.map(text));
        res.end('{"success":true}');
      });
      arrived();
    });
  });
  const base = await listen(server);
  return {
    base,
    accepted,
    /** Resolves once a request is waiting. */
    nextRequest: () =>
      new Promise<void>((resolve) => {
        if (waiting.length > 0) resolve();
        else arrived = resolve;
      }),
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

/** Whether a promise has settled, checked after the pending callbacks of this turn ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('backpressure while a batch is in flight', () => {
  it('send waits while the queue is full and resolves as the receiver takes batches; nothing is dropped', async () => {
    const receiver = await heldReceiver();
    const drops: string[] = [];
    const sender = createEventSender({
      baseUrl: receiver.base,
      sessionApiKey: KEY,
      batchSize: 2,
      maxQueueEvents: 3,
      flushInterval: 3_600_000,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(...items.map((item) => `${reason}:${text(item.event as Event)}`)),
    });
    const conversation = randomUUID();
    await sender.send(conversation, event('e1'));
    await sender.send(conversation, event('e2')); // a full batch: posted at once
    await receiver.nextRequest(); // e1 and e2 are on the wire, held by the receiver
    await sender.send(conversation, event('e3')); // the third place in the queue
    const fourth = sender.send(conversation, event('e4'));
    const fifth = sender.send(conversation, event('e5'));
    // The queue is full and the receiver has not answered: nothing can make room.
    expect(await settled(fourth)).toBe(false);
    expect(await settled(fifth)).toBe(false);
    expect(sender.pending).toBe(5);
    receiver.release(); // e1, e2 delivered: room for e4 and e5
    await fourth;
    await fifth;
    const closing = sender.close();
    for (;;) {
      await receiver.nextRequest();
      receiver.release();
      if (receiver.accepted.length === 5) break;
    }
    await closing;
    expect(receiver.accepted).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(drops).toEqual([]);
    expect(sender.pending).toBe(0);
  });

  it('a caller that never waits: the line holds as many again, then send rejects with SenderOverflowError, reported to onDrop', async () => {
    const receiver = await heldReceiver();
    const drops: string[] = [];
    const sender = createEventSender({
      baseUrl: receiver.base,
      sessionApiKey: KEY,
      batchSize: 2,
      maxQueueEvents: 2,
      flushInterval: 3_600_000,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(...items.map((item) => `${reason}:${text(item.event as Event)}`)),
    });
    const conversation = randomUUID();
    const sends = ['e1', 'e2', 'e3', 'e4'].map((name) => sender.send(conversation, event(name)));
    // Two queued (on the wire), two waiting for room: the line is full too.
    const error = await sender.send(conversation, event('e5')).catch((caught: unknown) => caught);
    await receiver.nextRequest();
    expect(error).toBeInstanceOf(SenderOverflowError);
    expect((error as SenderOverflowError).reason).toBe('queue-events');
    expect(text((error as SenderOverflowError).event as Event)).toBe('e5');
    expect(drops).toEqual(['queue-events:e5']);
    expect(sender.pending).toBe(4);
    const closing = sender.close();
    for (;;) {
      await receiver.nextRequest();
      receiver.release();
      if (receiver.accepted.length === 4) break;
    }
    await closing;
    await Promise.all(sends);
    expect(receiver.accepted).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('keeps its byte count exact through waits and deliveries', async () => {
    const receiver = await heldReceiver();
    const drops: string[] = [];
    const sample = JSON.stringify(encodeEvent(event('x0'))).length; // every event below encodes to about this size
    const sender = createEventSender({
      baseUrl: receiver.base,
      sessionApiKey: KEY,
      batchSize: 2,
      maxQueueBytes: sample * 4 + 100,
      flushInterval: 3_600_000,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(...items.map((item) => `${reason}:${text(item.event as Event)}`)),
    });
    const conversation = randomUUID();
    for (const name of ['a1', 'a2', 'a3', 'a4']) await sender.send(conversation, event(name));
    await receiver.nextRequest(); // a1 and a2 in flight, a3 and a4 queued: four events' bytes held
    const waiting = ['a5', 'a6'].map((name) => sender.send(conversation, event(name)));
    expect(await settled(waiting[0] as Promise<void>)).toBe(false);
    const flushed = sender.flush();
    for (;;) {
      await receiver.nextRequest();
      receiver.release();
      if (receiver.accepted.length === 6) break;
    }
    await flushed;
    await Promise.all(waiting);
    // Everything left: four events of the same size fit again at once, with a batch held on the wire.
    for (const name of ['b1', 'b2', 'b3', 'b4']) await sender.send(conversation, event(name));
    const closing = sender.close();
    for (let i = 0; i < 2; i++) {
      await receiver.nextRequest();
      receiver.release();
    }
    await closing;
    expect(receiver.accepted).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b1', 'b2', 'b3', 'b4']);
    expect(drops).toEqual([]);
  });
});

describe('an answer about the whole request keeps every event', () => {
  it('401: no event dropped, no hammering; close() rejects with every event, which a sender with the right key delivers', async () => {
    const handler = createWebhookHandler({ apiKey: KEY });
    const stored: string[] = [];
    handler.onAny((item) => {
      stored.push(text(item));
    });
    let requests = 0;
    const server = createServer((req, res) => {
      requests++;
      toNodeHandler(handler)(req, res);
    });
    const base = await listen(server);
    const drops: string[] = [];
    const errors: EventDeliveryError[] = [];
    const haltSeen = signal();
    const wrongKey = 'not-the-webhook-key';
    const sender = createEventSender({
      baseUrl: base,
      sessionApiKey: wrongKey,
      flushInterval: 30,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(...items.map((item) => `${reason}:${text(item.event as Event)}`)),
      onError: (error) => {
        errors.push(error);
        haltSeen.resolve();
      },
    });
    const [a, b] = [randomUUID(), randomUUID()];
    const names = Array.from({ length: 12 }, (_, i) => `m${i}`);
    for (const [i, name] of names.entries()) await sender.send(i % 3 === 2 ? b : a, event(name));
    await haltSeen.promise;
    expect(sender.halted).toBeInstanceOf(SenderHaltedError);
    expect(sender.halted?.status).toBe(401);
    expect(sender.pending).toBe(12);
    const error = await sender.close().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SenderCloseError);
    const failure = error as SenderCloseError;
    expect(failure.status).toBe(401);
    expect(failure.cause).toBeInstanceOf(SenderHaltedError);
    expect(failure.message).toMatch(/12 events were not delivered.*401/);
    expect(failure.undelivered.map((item) => text(item.event as Event))).toEqual(names);
    expect(drops).toEqual([]);
    // The first batch once when it was due, once more at close(): never event by event.
    expect(requests).toBe(2);
    expect(errors.every((item) => item instanceof SenderHaltedError && item.status === 401)).toBe(true);
    for (const shown of [String(error), inspect(error, { depth: 5 }), ...errors.map((item) => inspect(item, { depth: 5 }))]) {
      expect(shown).not.toContain(wrongKey);
    }
    expect(sender.pending).toBe(0);
    expect(stored).toEqual([]);
    // The events are intact: a sender with the right key delivers them, in order.
    const fixed = createEventSender({ baseUrl: base, sessionApiKey: KEY, flushInterval: 30, retryDelay: 5 });
    for (const { conversationId, event: item } of failure.undelivered) await fixed.send(conversationId, item);
    await fixed.close();
    expect(stored).toEqual(names);
  });

  it('403: flush() rejects with SenderHaltedError, a send waiting for room is refused, nothing is dropped', async () => {
    const server = await startScripted([], { status: 403, body: `{"detail":"forbidden for ${KEY}"}` });
    closers.push(server.close);
    const drops: string[] = [];
    const sender = createEventSender({
      baseUrl: `${server.url}/api/v1/webhooks`,
      sessionApiKey: KEY,
      batchSize: 2,
      maxQueueEvents: 2,
      flushInterval: 3_600_000,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(`${reason}:${items.length}`),
    });
    const conversation = randomUUID();
    await sender.send(conversation, event('f1'));
    await sender.send(conversation, event('f2')); // due: posted
    const third = sender.send(conversation, event('f3')); // no room: waits, then refused when delivery halts
    const refused = await third.catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(SenderHaltedError);
    expect((refused as SenderHaltedError).status).toBe(403);
    expect((refused as SenderHaltedError).message).not.toContain(KEY);
    await expect(sender.send(conversation, event('f4'))).rejects.toBeInstanceOf(SenderHaltedError);
    const flushed = await sender.flush().catch((caught: unknown) => caught);
    expect(flushed).toBeInstanceOf(SenderHaltedError);
    expect(sender.pending).toBe(2);
    const error = (await sender.close().catch((caught: unknown) => caught)) as SenderCloseError;
    expect(error).toBeInstanceOf(SenderCloseError);
    expect(error.undelivered.map((item) => text(item.event as Event))).toEqual(['f1', 'f2']);
    expect(drops).toEqual([]);
    // One request per try (the batch, then flush, then close), each the whole batch.
    expect(server.seen.map((request) => (JSON.parse(request.body) as Event[]).map(text).join(','))).toEqual(['f1,f2', 'f1,f2', 'f1,f2']);
  });

  it('a 404 (no webhook at that URL) is not split event by event either', async () => {
    const server = await startScripted([], { status: 404, body: '{"detail":"Not Found"}' });
    closers.push(server.close);
    const sender = createEventSender({ baseUrl: `${server.url}/wrong`, sessionApiKey: KEY, batchSize: 3, flushInterval: 3_600_000 });
    const conversation = randomUUID();
    for (const name of ['n1', 'n2', 'n3']) await sender.send(conversation, event(name));
    const error = (await sender.close().catch((caught: unknown) => caught)) as SenderCloseError;
    expect(error).toBeInstanceOf(SenderCloseError);
    expect(error.message).toContain('no webhook at this URL');
    expect(error.undelivered).toHaveLength(3);
    expect(server.seen).toHaveLength(2);
  });

  it('a redirect is not followed: the key never reaches another server', async () => {
    const elsewhere = await startScripted([], { status: 200, body: '{"success":true}' });
    closers.push(elsewhere.close);
    const server = await startScripted([], { status: 307, headers: { location: `${elsewhere.url}/steal` } });
    closers.push(server.close);
    const sender = createEventSender({ baseUrl: server.url, sessionApiKey: KEY, flushInterval: 3_600_000 });
    await sender.send(randomUUID(), event('r1'));
    await expect(sender.flush()).rejects.toBeInstanceOf(SenderHaltedError);
    await expect(sender.close()).rejects.toBeInstanceOf(SenderCloseError);
    expect(elsewhere.seen).toEqual([]);
  });
});

describe('a poison event', () => {
  it('a 413 splits the batch, drops the one event, reports its status, and the rest flows', async () => {
    const handler = createWebhookHandler({ apiKey: KEY, maxBodyBytes: 4_000 });
    const stored: string[] = [];
    handler.onAny((item, { conversationId }) => {
      stored.push(`${conversationId.slice(0, 4)}:${text(item)}`);
    });
    const node = toNodeHandler(handler);
    const requests: string[] = [];
    const base = await listen(
      createServer((req, res) => {
        res.on('finish', () => requests.push(`${req.url?.split('/').pop()?.slice(0, 4)} ${res.statusCode}`));
        node(req, res);
      }),
    );
    const drops: { reason: string; status: number | undefined; texts: string[] }[] = [];
    const errors: EventDeliveryError[] = [];
    const sender = createEventSender({
      baseUrl: base,
      sessionApiKey: KEY,
      batchSize: 5,
      flushInterval: 60_000,
      retryDelay: 5,
      onDrop: (items, reason, detail) =>
        drops.push({ reason, status: detail?.status, texts: items.map((item) => text(item.event as Event).slice(0, 3)) }),
      onError: (error) => {
        errors.push(error);
      },
    });
    const a = `aaaa${randomUUID().slice(4)}`;
    const b = `bbbb${randomUUID().slice(4)}`;
    sender.send(a, event('a1'));
    sender.send(a, event(`big${'x'.repeat(5_000)}`));
    sender.send(a, event('a3'));
    sender.send(b, event('b1'));
    sender.send(b, event('b2'));
    await sender.close();
    // Every request, by conversation: the batch of three is halved until the refused event is alone, and
    // no 413 is sent again (how long the close takes is measured by `npm run bench`).
    expect(requests.filter((line) => line.startsWith('aaaa')).sort()).toEqual(['aaaa 200', 'aaaa 200', 'aaaa 413', 'aaaa 413', 'aaaa 413']);
    expect(requests.filter((line) => line.startsWith('bbbb'))).toEqual(['bbbb 200']);
    expect(stored).toEqual(['aaaa:a1', 'aaaa:a3', 'bbbb:b1', 'bbbb:b2']);
    expect(drops).toEqual([{ reason: 'rejected', status: 413, texts: ['big'] }]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(EventDeliveryError);
    expect(errors[0]?.status).toBe(413);
    expect(errors[0]?.message).toContain('413');
    expect(errors[0]?.message).not.toContain('could not connect');
    expect(sender.pending).toBe(0);
  });

  it('a 422 or another 4xx is not retried; 408 and 429 are', async () => {
    const answer = (_req: IncomingMessage, res: ServerResponse, body: string) => {
      res.statusCode = body.includes('poison') ? 422 : 200;
      res.end(res.statusCode === 422 ? '{"detail":[{"type":"missing","loc":["body",0,"x"],"msg":"Field required"}]}' : '{"success":true}');
    };
    const server = await startScripted([{ status: 408 }, { status: 429, headers: { 'retry-after': '0' } }], answer);
    closers.push(server.close);
    const drops: string[] = [];
    const sender = createEventSender({
      baseUrl: `${server.url}/api/v1/webhooks`,
      sessionApiKey: KEY,
      batchSize: 3,
      flushInterval: 60_000,
      retryDelay: 5,
      maxRetries: 3,
      onDrop: (items, reason, detail) => drops.push(...items.map((item) => `${reason}:${detail?.status}:${text(item.event as Event)}`)),
    });
    const conversation = randomUUID();
    for (const name of ['p1', 'poison', 'p3']) sender.send(conversation, event(name));
    await sender.flush();
    expect(drops).toEqual(['rejected:422:poison']);
    const batches = server.seen.map((request) => (JSON.parse(request.body) as Event[]).map(text).join(','));
    // 408, 429, then the 422 of the whole batch, its halves, and the single poison event.
    expect(batches).toEqual(['p1,poison,p3', 'p1,poison,p3', 'p1,poison,p3', 'p1,poison', 'p1', 'poison', 'p3']);
  });

  it('an event larger than maxBatchBytes is posted alone, never refused', async () => {
    const server = await startScripted([], { status: 200, body: '{"success":true}' });
    closers.push(server.close);
    const drops: string[] = [];
    const sender = createEventSender({
      baseUrl: `${server.url}/api/v1/webhooks`,
      sessionApiKey: KEY,
      maxBatchBytes: 1_000,
      flushInterval: 3_600_000,
      onDrop: (items, reason) => drops.push(`${reason}:${items.length}`),
    });
    const conversation = randomUUID();
    await sender.send(conversation, event('s1'));
    await sender.send(conversation, event('y'.repeat(2_000)));
    await sender.send(conversation, event('s3'));
    await sender.close();
    const batches = server.seen.map((request) => (JSON.parse(request.body) as Event[]).map((item) => text(item).slice(0, 2)));
    expect(batches).toEqual([['s1'], ['yy'], ['s3']]);
    expect(Buffer.byteLength(server.seen[1]?.body ?? '')).toBeGreaterThan(2_000);
    expect(drops).toEqual([]);
  });

  it('a failing onDrop or onError listener never breaks the sender', async () => {
    const server = await startScripted([], { status: 400, body: 'no' });
    closers.push(server.close);
    const sender = createEventSender({
      baseUrl: `${server.url}/api/v1/webhooks`,
      sessionApiKey: KEY,
      flushInterval: 60_000,
      retryDelay: 5,
      onDrop: () => {
        throw new Error('listener bug');
      },
      onError: async () => {
        throw new Error('async listener bug');
      },
    });
    sender.send(randomUUID(), event('refused'));
    await sender.close();
    expect(sender.pending).toBe(0);
    expect(server.seen).toHaveLength(1);
  });
});
