/**
 * The state of an event sender: its settings, its queue, and where delivery stands (the timer,
 * the delivery under way, closed, halted). Every verb of the sender is a function over it.
 * @module
 */

import { secretPattern } from '../../internal/secret-pattern';
import type { DroppedEvent, SenderHaltedError } from './errors';
import type { PostConfig } from './post';
import { createSendQueue, type Queued, type SendQueue } from './queue';
import type { DropReason, EventSenderOptions, RejectionDetail } from './types';

/** What the sender's functions read and change. */
export interface SenderState {
  readonly options: EventSenderOptions;
  /** The webhook base, without a trailing slash. */
  readonly base: string;
  readonly flushInterval: number;
  /** What each POST needs. */
  readonly config: PostConfig;
  readonly queue: SendQueue;
  /** The flush timer, while one is set. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The delivery under way (one at a time). */
  running: Promise<void> | undefined;
  closed: boolean;
  /** Why delivery halted, until `flush()` or `close()` tries again. */
  halted: SenderHaltedError | undefined;
}

/** The sender's state from its options; the defaults are the service sender's. */
export function createSenderState(options: EventSenderOptions): SenderState {
  if (!options.sessionApiKey) throw new TypeError('createEventSender: sessionApiKey is required');
  const batchSize = options.batchSize ?? 5;
  const maxBatchBytes = options.maxBatchBytes ?? 5 * 1024 * 1024;
  return {
    options,
    base: options.baseUrl.replace(/\/+$/, ''),
    flushInterval: options.flushInterval ?? 30_000,
    config: {
      fetch: options.fetch ?? globalThis.fetch,
      sessionApiKey: options.sessionApiKey,
      maxRetries: options.maxRetries ?? 3,
      retryDelay: options.retryDelay ?? 5_000,
      timeout: options.timeout ?? 30_000,
      secrets: secretPattern([options.sessionApiKey]),
    },
    queue: createSendQueue({
      batchSize,
      maxBatchBytes,
      maxEvents: options.maxQueueEvents ?? 1_000,
      maxBytes: options.maxQueueBytes ?? 50 * 1024 * 1024,
    }),
    timer: undefined,
    running: undefined,
    closed: false,
    halted: undefined,
  };
}

/** Calls a listener; neither a throw nor a rejected promise escapes. */
export function notify<A extends unknown[]>(listener: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (!listener) return;
  try {
    const result = listener(...args) as { then?: unknown } | undefined;
    if (result && typeof result.then === 'function') (result as Promise<unknown>).then(undefined, () => undefined);
  } catch {
    // A failing listener must not stop delivery.
  }
}

/** The events held in the sender, as its errors and `onDrop` give them. */
export const held = (items: Queued[]): DroppedEvent[] => items.map(({ conversationId, event }) => ({ conversationId, event }));

/** Tells `onDrop` about events that will never be delivered. */
export function reportDrop(state: SenderState, items: Queued[], reason: DropReason, detail?: RejectionDetail): void {
  notify(state.options.onDrop, held(items), reason, ...(detail ? [detail] : []));
}

/** Clears the flush timer. */
export function stopTimer(state: SenderState): void {
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
}
