/**
 * `createEventSender`: delivers an agent runtime's events to a webhook with the service's own
 * semantics: batches, in order, at least once, with a bounded queue; plus what the service's
 * sender lacks: an event the receiver refuses for good is dropped and reported instead of
 * blocking the queue, and a queue overflow never touches the batch being sent.
 * @module
 */
import { type Event, encodeEvent, type LenientEvent } from '../events/index';
import { compactConversationId } from '../internal/conversation-id';
import {
  type DropReason,
  EventDeliveryError,
  type EventSender,
  type EventSenderOptions,
  EventTooLargeError,
  type RejectionDetail,
} from './event-sender-types';
import { retryAfterMs, sleep } from './retry';

export * from './event-sender-types';

interface Queued {
  conversationId: string;
  event: Event | LenientEvent;
  json: string;
  bytes: number;
}

/** How one POST of a batch ended: delivered, or refused for good with the status. */
type Outcome = { delivered: true } | { delivered: false; rejection: RejectionDetail };

const encoder = /* @__PURE__ */ new TextEncoder();

/** A 413 or another 4xx but 408 and 429: the receiver will never take this batch as it is. */
export function isPoisonStatus(status: number): boolean {
  return status === 413 || (status >= 400 && status < 500 && status !== 408 && status !== 429);
}

/** Calls a listener; neither a throw nor a rejected promise escapes. */
function notify<A extends unknown[]>(listener: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (!listener) return;
  try {
    const result = listener(...args) as { then?: unknown } | undefined;
    if (result && typeof result.then === 'function') (result as Promise<unknown>).then(undefined, () => undefined);
  } catch {
    // A failing listener must not stop delivery.
  }
}

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
  /** Events waiting, oldest first. */
  const queue: Queued[] = [];
  /** The batch being sent: not in `queue`, so a drop never reaches it; back at the head if it fails. */
  let inFlight: Queued[] = [];
  /** What `queue` and `inFlight` hold together; each event is counted in once and out once. */
  const held = { events: 0, bytes: 0 };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const release = (items: Queued[]) => {
    for (const item of items) {
      held.events--;
      held.bytes -= item.bytes;
    }
  };
  const reportDrop = (items: Queued[], reason: DropReason, detail?: RejectionDetail) =>
    notify(
      options.onDrop,
      items.map(({ conversationId, event }) => ({ conversationId, event })),
      reason,
      ...(detail ? [detail] : []),
    );

  /** Drops the oldest waiting events while a cap is passed; the batch in flight stays. */
  const dropOverflow = () => {
    for (const reason of ['queue-events', 'queue-bytes'] as const) {
      const over = () => (reason === 'queue-events' ? held.events > maxQueueEvents : held.bytes > maxQueueBytes);
      const dropped: Queued[] = [];
      while (queue.length > 0 && over()) {
        const oldest = queue.shift() as Queued;
        release([oldest]);
        dropped.push(oldest);
      }
      if (dropped.length > 0) reportDrop(dropped, reason);
    }
  };

  /** Takes the next batch off the queue: consecutive events of the head's conversation, within both limits. */
  const takeBatch = (): Queued[] => {
    let count = 0;
    let bytes = 2;
    for (const item of queue) {
      if (count === batchSize || item.conversationId !== queue[0]?.conversationId) break;
      if (count > 0 && bytes + item.bytes + 1 > maxBatchBytes) break;
      count++;
      bytes += item.bytes + 1;
    }
    return queue.splice(0, count);
  };

  /** POSTs a batch, retrying what may succeed later; throws {@link EventDeliveryError} when every attempt failed. */
  const post = async (batch: Queued[]): Promise<Outcome> => {
    const conversationId = batch[0]?.conversationId ?? '';
    const url = `${base}/events/${conversationId}`;
    const headers = { 'content-type': 'application/json', 'x-session-api-key': options.sessionApiKey };
    let failure = '';
    let status: number | undefined;
    let wait = 0;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0) await sleep(wait);
      wait = retryDelay;
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers,
          body: `[${batch.map((item) => item.json).join(',')}]`,
          signal: AbortSignal.timeout(timeout),
        });
        const text = await response.text().catch(() => '');
        if (response.ok) return { delivered: true };
        status = response.status;
        if (isPoisonStatus(status)) return { delivered: false, rejection: { status, body: text.slice(0, 300) } };
        failure = `answered ${status}`;
        const asked = status === 429 || status === 503 ? retryAfterMs(response.headers) : undefined;
        if (asked !== undefined) wait = Math.min(asked, timeout);
      } catch (error) {
        status = undefined;
        failure =
          (error as Error).name === 'TimeoutError' ? `no answer within ${timeout} ms` : `could not connect (${(error as Error).message})`;
      }
    }
    throw new EventDeliveryError(`POST ${url} failed after ${maxRetries + 1} attempts: ${failure}`, {
      status,
      conversationId,
      events: batch.map((item) => item.event),
    });
  };

  /**
   * Delivers a batch that is the head of `inFlight`. A batch the receiver refuses for good is
   * split in halves, sent in order, down to the single event, which is dropped and reported.
   */
  const deliver = async (batch: Queued[]): Promise<void> => {
    const outcome = await post(batch);
    if (!outcome.delivered && batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await deliver(batch.slice(0, half));
      await deliver(batch.slice(half));
      return;
    }
    inFlight.splice(0, batch.length);
    release(batch);
    if (outcome.delivered) return;
    const { rejection } = outcome;
    const item = batch[0] as Queued;
    reportDrop(batch, 'rejected', rejection);
    notify(
      options.onError,
      new EventDeliveryError(
        `POST ${base}/events/${item.conversationId} answered ${rejection.status}: the receiver refuses this event for good; it was dropped${rejection.body ? ` (${rejection.body})` : ''}`,
        { status: rejection.status, conversationId: item.conversationId, events: [item.event] },
      ),
    );
  };

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      inFlight = takeBatch();
      try {
        await deliver([...inFlight]);
      } catch (error) {
        // What was not delivered goes back to the head of the queue, in order.
        queue.unshift(...inFlight);
        inFlight = [];
        notify(options.onError, error as EventDeliveryError);
        throw error;
      }
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

  const settle = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (running) await running.catch(() => undefined);
    await run();
  };

  return {
    send(conversationId, event) {
      if (closed) throw new Error('the event sender is closed');
      const id = compactConversationId(conversationId);
      if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(conversationId)}`);
      const json = JSON.stringify(encodeEvent(event));
      const bytes = encoder.encode(json).byteLength;
      if (bytes + 2 > maxBatchBytes) throw new EventTooLargeError(bytes, maxBatchBytes);
      queue.push({ conversationId: id, event, json, bytes });
      held.events++;
      held.bytes += bytes;
      dropOverflow();
      if (queue.length >= batchSize) run().catch(() => schedule());
      else if (queue.length > 0) schedule();
    },
    flush: settle,
    async close() {
      closed = true;
      await settle();
    },
    get pending() {
      return held.events;
    },
  };
}
