/**
 * `createEventSender`: delivers an agent runtime's events to a webhook with the service's own
 * semantics: batches, in order, at least once, with a bounded queue.
 * @module
 */
import { type Event, encodeEvent, type LenientEvent } from '../events/index';
import { compactConversationId } from '../internal/conversation-id';
import { sleep } from './retry';

/** Options of {@link createEventSender}; the defaults are the service sender's. */
export interface EventSenderOptions {
  /** The webhook base, such as `https://receiver.example/api/v1/webhooks`; events go to `{baseUrl}/events/{id}`. */
  baseUrl: string;
  /** Sent as `X-Session-API-Key`. Never shown in errors. */
  sessionApiKey: string;
  /** Events per request (default 5). */
  batchSize?: number;
  /** Bytes per request (default 5 MiB). */
  maxBatchBytes?: number;
  /** Milliseconds before a partial batch is sent (default 30,000). */
  flushInterval?: number;
  /** Further attempts of a failed batch (default 3). */
  maxRetries?: number;
  /** Milliseconds between attempts (default 5,000). */
  retryDelay?: number;
  /** Milliseconds per attempt (default 30,000). */
  timeout?: number;
  /** Events the queue holds at most (default 1,000); past it the oldest are dropped. */
  maxQueueEvents?: number;
  /** Bytes the queue holds at most (default 50 MiB); past it the oldest are dropped. */
  maxQueueBytes?: number;
  /** Told about dropped events. */
  onDrop?: (dropped: { conversationId: string; event: Event | LenientEvent }[], reason: 'queue-events' | 'queue-bytes') => void;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

/** A sender made by {@link createEventSender}. */
export interface EventSender {
  /** Queues an event (encoded and validated now; an invalid event throws `EventValidationError`). */
  send(conversationId: string, event: Event | LenientEvent): void;
  /** Sends everything queued; rejects when a batch still fails after its retries (it stays queued). */
  flush(): Promise<void>;
  /** Stops the timer, sends everything queued, and refuses new events. */
  close(): Promise<void>;
  /** Events waiting to be sent. */
  readonly pending: number;
}

/** A batch that could not be delivered after every attempt. */
export class EventDeliveryError extends Error {
  override name = 'EventDeliveryError';
}

interface Queued {
  conversationId: string;
  event: Event | LenientEvent;
  json: string;
  bytes: number;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** Creates an event sender. */
export function createEventSender(options: EventSenderOptions): EventSender {
  if (!options.sessionApiKey) throw new TypeError('createEventSender: sessionApiKey is required');
  const batchSize = options.batchSize ?? 5;
  const maxBatchBytes = options.maxBatchBytes ?? 5 * 1024 * 1024;
  const flushInterval = options.flushInterval ?? 30_000;
  const maxRetries = options.maxRetries ?? 3;
  const retryDelay = options.retryDelay ?? 5_000;
  const timeout = options.timeout ?? 30_000;
  const maxQueueEvents = options.maxQueueEvents ?? 1_000;
  const maxQueueBytes = options.maxQueueBytes ?? 50 * 1024 * 1024;
  const doFetch = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const queue: Queued[] = [];
  let queuedBytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const drop = (reason: 'queue-events' | 'queue-bytes') => {
    const dropped: Queued[] = [];
    while (queue.length > 0 && (reason === 'queue-events' ? queue.length > maxQueueEvents : queuedBytes > maxQueueBytes)) {
      const oldest = queue.shift() as Queued;
      queuedBytes -= oldest.bytes;
      dropped.push(oldest);
    }
    if (dropped.length > 0)
      options.onDrop?.(
        dropped.map(({ conversationId, event }) => ({ conversationId, event })),
        reason,
      );
  };

  /** The next batch: consecutive events of the head's conversation, within both limits. */
  const takeBatch = (): Queued[] => {
    const batch: Queued[] = [];
    let bytes = 2;
    for (const item of queue) {
      if (batch.length === batchSize || item.conversationId !== queue[0]?.conversationId) break;
      if (batch.length > 0 && bytes + item.bytes + 1 > maxBatchBytes) break;
      batch.push(item);
      bytes += item.bytes + 1;
    }
    return batch;
  };

  const post = async (batch: Queued[]): Promise<void> => {
    const url = `${base}/events/${batch[0]?.conversationId}`;
    const headers = { 'content-type': 'application/json', 'x-session-api-key': options.sessionApiKey };
    let failure = '';
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0) await sleep(retryDelay);
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers,
          body: `[${batch.map((item) => item.json).join(',')}]`,
          signal: AbortSignal.timeout(timeout),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        failure = `answered ${response.status}`;
      } catch (error) {
        failure =
          (error as Error).name === 'TimeoutError' ? `no answer within ${timeout} ms` : `could not connect (${(error as Error).message})`;
      }
    }
    throw new EventDeliveryError(`POST ${url} failed after ${maxRetries + 1} attempts: ${failure}`);
  };

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = takeBatch();
      // The batch stays at the head of the queue until it is delivered: a failure leaves it first.
      await post(batch);
      queue.splice(0, batch.length);
      for (const item of batch) queuedBytes -= item.bytes;
    }
  };

  const run = (): Promise<void> => {
    if (!running) {
      running = drain().finally(() => {
        running = undefined;
      });
    }
    return running;
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      run().catch(() => schedule());
    }, flushInterval);
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    send(conversationId, event) {
      if (closed) throw new Error('the event sender is closed');
      const id = compactConversationId(conversationId);
      if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(conversationId)}`);
      const json = JSON.stringify(encodeEvent(event));
      const bytes = encoder.encode(json).byteLength;
      queue.push({ conversationId: id, event, json, bytes });
      queuedBytes += bytes;
      if (queue.length > maxQueueEvents) drop('queue-events');
      if (queuedBytes > maxQueueBytes) drop('queue-bytes');
      if (queue.length >= batchSize) run().catch(() => schedule());
      else schedule();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (running) await running.catch(() => undefined);
      await run();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (running) await running.catch(() => undefined);
      await run();
    },
    get pending() {
      return queue.length;
    },
  };
}
