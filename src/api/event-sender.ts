/**
 * `createEventSender`: delivers an agent runtime's events to a webhook as the service's own
 * sender does: batches posted as soon as they are full by count or bytes (an event larger than a
 * batch goes alone), in order, at least once. Beyond it: `send` applies backpressure instead of
 * dropping the oldest events; a receiver that refuses every request (401, 403, 404…) halts
 * delivery with every event kept and `close()` rejecting with them; an event the receiver refuses
 * for good (400, 413, 422…) is dropped and reported instead of blocking the queue forever.
 * @module
 */
import { encodeEvent } from '../events/index';
import { compactConversationId } from '../internal/conversation-id';
import { type DroppedEvent, EventDeliveryError, SenderCloseError, SenderHaltedError, SenderOverflowError } from './event-sender-errors';
import { haltMessage, type PostConfig, postBatch } from './event-sender-post';
import { createSendQueue, type Queued } from './event-sender-queue';
import type { DropReason, EventSender, EventSenderOptions, RejectionDetail } from './event-sender-types';
import { secretPattern } from './redact';

export * from './event-sender-errors';
export { isHaltStatus, isPoisonStatus } from './event-sender-post';
export * from './event-sender-types';

const encoder = /* @__PURE__ */ new TextEncoder();

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

const held = (items: Queued[]): DroppedEvent[] => items.map(({ conversationId, event }) => ({ conversationId, event }));

/** Creates an event sender. */
export function createEventSender(options: EventSenderOptions): EventSender {
  if (!options.sessionApiKey) throw new TypeError('createEventSender: sessionApiKey is required');
  const batchSize = options.batchSize ?? 5;
  const maxBatchBytes = options.maxBatchBytes ?? 5 * 1024 * 1024;
  const flushInterval = options.flushInterval ?? 30_000;
  const base = options.baseUrl.replace(/\/+$/, '');
  const config: PostConfig = {
    fetch: options.fetch ?? globalThis.fetch,
    sessionApiKey: options.sessionApiKey,
    maxRetries: options.maxRetries ?? 3,
    retryDelay: options.retryDelay ?? 5_000,
    timeout: options.timeout ?? 30_000,
    secrets: secretPattern([options.sessionApiKey]),
  };
  const queue = createSendQueue({
    batchSize,
    maxBatchBytes,
    maxEvents: options.maxQueueEvents ?? 1_000,
    maxBytes: options.maxQueueBytes ?? 50 * 1024 * 1024,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let halted: SenderHaltedError | undefined;

  const reportDrop = (items: Queued[], reason: DropReason, detail?: RejectionDetail) =>
    notify(options.onDrop, held(items), reason, ...(detail ? [detail] : []));

  /**
   * Delivers a batch that is the head of what is in flight. A batch the receiver refuses for good
   * is split in halves, sent in order, down to the single event, which is dropped and reported.
   * An answer about the whole request throws {@link SenderHaltedError}: nothing is dropped.
   */
  const deliver = async (batch: Queued[]): Promise<void> => {
    const conversationId = (batch[0] as Queued).conversationId;
    const url = `${base}/events/${conversationId}`;
    const events = batch.map((item) => item.event);
    const outcome = await postBatch(config, url, `[${batch.map((item) => item.json).join(',')}]`, { conversationId, events });
    if (outcome.verdict === 'delivered') return queue.done(batch.length);
    const { status, body } = outcome;
    if (outcome.verdict === 'halt')
      throw new SenderHaltedError(haltMessage(url, status, body, queue.held), { status, conversationId, events });
    if (batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await deliver(batch.slice(0, half));
      await deliver(batch.slice(half));
      return;
    }
    queue.done(1);
    reportDrop(batch, 'rejected', { status, body });
    notify(
      options.onError,
      new EventDeliveryError(
        `POST ${url} answered ${status}: the receiver refuses this event for good; it was dropped${body ? ` (${body})` : ''}`,
        { status, conversationId, events },
      ),
    );
  };

  const drain = async (): Promise<void> => {
    while (queue.size > 0) {
      try {
        await deliver(queue.take());
      } catch (error) {
        // What was not delivered goes back to the head of the queue, in order.
        queue.requeue();
        if (error instanceof SenderHaltedError) {
          halted = error;
          stopTimer();
          // Events waiting for room would wait for nothing: their `send` rejects, they were not taken.
          queue.rejectLine(error);
        }
        notify(options.onError, error as EventDeliveryError);
        throw error;
      }
    }
  };

  const run = (): Promise<void> => {
    running ??= drain().then(
      () => {
        running = undefined;
        // Events queued while the last batch was answered.
        if (queue.size > 0) kick();
      },
      (error: unknown) => {
        running = undefined;
        throw error;
      },
    );
    return running;
  };

  /** After a failure in the background: try again after the interval, unless delivery halted. */
  const retryLater = () => {
    if (!halted) schedule();
  };

  const schedule = () => {
    if (timer || closed || halted) return;
    timer = setTimeout(() => {
      timer = undefined;
      run().catch(retryLater);
    }, flushInterval);
    (timer as { unref?: () => void }).unref?.();
  };

  const stopTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  /** Posts now when a batch is due (by count or bytes), or makes sure the timer runs. */
  const kick = () => {
    if (halted) return;
    if (queue.due) run().catch(retryLater);
    else schedule();
  };

  /** Waits for a delivery under way, then delivers everything (trying again after a halt). */
  const settle = async () => {
    stopTimer();
    while (running) await running.catch(() => undefined);
    halted = undefined;
    await run();
  };

  return {
    send(conversationId, event) {
      if (closed) throw new Error('the event sender is closed');
      const id = compactConversationId(conversationId);
      if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(conversationId)}`);
      const json = JSON.stringify(encodeEvent(event));
      const item: Queued = { conversationId: id, event, json, bytes: encoder.encode(json).byteLength };
      if (queue.tryEnter(item)) {
        kick();
        return Promise.resolve();
      }
      if (halted) return Promise.reject(halted);
      const full = queue.lineFull(item);
      if (full) {
        reportDrop([item], full);
        return Promise.reject(new SenderOverflowError(id, event, full));
      }
      schedule();
      return queue.wait(item);
    },
    async flush() {
      try {
        await settle();
      } catch (error) {
        retryLater();
        throw error;
      }
    },
    async close() {
      closed = true;
      try {
        await settle();
      } catch (error) {
        const failure = new SenderCloseError(held(queue.all()), error as EventDeliveryError);
        queue.clear(failure);
        throw failure;
      }
    },
    get pending() {
      return queue.pending;
    },
    get halted() {
      return halted;
    },
  };
}
