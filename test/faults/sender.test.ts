/**
 * The event sender under faults: a queue that overflows while a batch is in flight, events the
 * receiver refuses for good, events too large to ever send.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEventSender, EventDeliveryError, EventTooLargeError } from 'agentwire/api';
import { decodeEvent, type Event, encodeEvent } from 'agentwire/events';
import { createWebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterEach, describe, expect, it } from 'vitest';
import { messageEvent } from '../helpers/events';
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

describe('queue overflow while a batch is in flight', () => {
  it('drops only queued events, never the batch being sent; each dropped event reported once', async () => {
    const receiver = await heldReceiver();
    const drops: string[] = [];
    const sender = createEventSender({
      baseUrl: receiver.base,
      sessionApiKey: KEY,
      batchSize: 2,
      maxQueueEvents: 3,
      flushInterval: 60_000,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(...items.map((item) => `${reason}:${text(item.event as Event)}`)),
    });
    const conversation = randomUUID();
    for (const name of ['e1', 'e2']) sender.send(conversation, event(name));
    await receiver.nextRequest(); // e1 and e2 are on the wire
    for (const name of ['e3', 'e4', 'e5', 'e6']) sender.send(conversation, event(name));
    expect(drops).toEqual(['queue-events:e3', 'queue-events:e4', 'queue-events:e5']);
    expect(sender.pending).toBe(3);
    receiver.release();
    const closing = sender.close();
    await receiver.nextRequest();
    receiver.release();
    await closing;
    expect(receiver.accepted).toEqual(['e1', 'e2', 'e6']);
    expect(drops).toEqual(['queue-events:e3', 'queue-events:e4', 'queue-events:e5']);
    expect(sender.pending).toBe(0);
  });

  it('keeps its byte count exact through drops, deliveries and failures', async () => {
    const receiver = await heldReceiver();
    const drops: string[] = [];
    const sample = JSON.stringify(encodeEvent(event('x0'))).length; // every event below encodes to about this size
    const sender = createEventSender({
      baseUrl: receiver.base,
      sessionApiKey: KEY,
      batchSize: 2,
      maxQueueBytes: sample * 4 + 100,
      flushInterval: 60_000,
      retryDelay: 5,
      onDrop: (items, reason) => drops.push(...items.map((item) => `${reason}:${text(item.event as Event)}`)),
    });
    const conversation = randomUUID();
    for (const name of ['a1', 'a2']) sender.send(conversation, event(name));
    await receiver.nextRequest();
    for (const name of ['a3', 'a4', 'a5', 'a6']) sender.send(conversation, event(name));
    expect(drops).toEqual(['queue-bytes:a3', 'queue-bytes:a4']);
    receiver.release();
    const flushed = sender.flush();
    await receiver.nextRequest(); // a5 and a6
    receiver.release();
    await flushed;
    // Everything left the queue: four events of the same size fit again without a drop.
    for (const name of ['b1', 'b2', 'b3', 'b4']) sender.send(conversation, event(name));
    expect(drops).toEqual(['queue-bytes:a3', 'queue-bytes:a4']);
    const closing = sender.close();
    for (let i = 0; i < 2; i++) {
      await receiver.nextRequest();
      receiver.release();
    }
    await closing;
    expect(receiver.accepted).toEqual(['a1', 'a2', 'a5', 'a6', 'b1', 'b2', 'b3', 'b4']);
  });
});

describe('a poison event', () => {
  it('a 413 splits the batch, drops the one event, reports its status, and the rest flows', async () => {
    const handler = createWebhookHandler({ apiKey: KEY, maxBodyBytes: 4_000 });
    const stored: string[] = [];
    handler.onAny((item, { conversationId }) => {
      stored.push(`${conversationId.slice(0, 4)}:${text(item)}`);
    });
    const base = await listen(createServer(toNodeHandler(handler)));
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
    const started = Date.now();
    await sender.close();
    expect(Date.now() - started).toBeLessThan(2_000);
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

  it('an event larger than maxBatchBytes is refused at send()', () => {
    const sender = createEventSender({ baseUrl: 'http://127.0.0.1:9/api/v1/webhooks', sessionApiKey: KEY, maxBatchBytes: 1_000 });
    const conversation = randomUUID();
    const error = (() => {
      try {
        sender.send(conversation, event('y'.repeat(2_000)));
      } catch (caught) {
        return caught;
      }
    })() as EventTooLargeError;
    expect(error).toBeInstanceOf(EventTooLargeError);
    expect(error.limit).toBe(1_000);
    expect(error.bytes).toBeGreaterThan(2_000);
    expect(sender.pending).toBe(0);
    sender.send(conversation, event('fits'));
    expect(sender.pending).toBe(1);
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
