/**
 * The options and the interface of the event sender.
 * @module
 */

import type { Event, LenientEvent } from '../../events/index';
import type { DroppedEvent, EventDeliveryError, OverflowReason, SenderHaltedError } from './errors';

/**
 * Why events left the sender without being delivered: `'rejected'`, the receiver refused the
 * event for good (400, 413, 422…); `'queue-events'` or `'queue-bytes'`, `send` could not take it
 * because the queue and the line waiting for room were full.
 */
export type DropReason = OverflowReason | 'rejected';

/** What the receiver answered when it refused an event for good (`reason` `'rejected'`). */
export interface RejectionDetail {
  /** The status: a 4xx that depends on the events sent (400, 409, 413, 415, 422…). */
  status: number;
  /** The start of the answer's body (the session key removed). */
  body: string;
}

/** Options of {@link createEventSender}; the defaults are the service sender's. */
export interface EventSenderOptions {
  /** The webhook base, such as `https://receiver.example/api/v1/webhooks`; events go to `{baseUrl}/events/{id}`. */
  baseUrl: string;
  /** Sent as `X-Session-API-Key`. Never shown in errors. */
  sessionApiKey: string;
  /** Events per request (default 5); a batch is posted as soon as this many are queued. */
  batchSize?: number;
  /**
   * Bytes per request (default 5 MiB), counted as the service's sender counts them: the UTF-8
   * bytes of each event's compact JSON, plus 2 for the brackets and 1 per comma. A batch is posted
   * as soon as the queued events reach this many bytes; an event larger than this is posted alone.
   */
  maxBatchBytes?: number;
  /** Milliseconds before a partial batch is sent (default 30,000). */
  flushInterval?: number;
  /** Further attempts of a failed batch (default 3). */
  maxRetries?: number;
  /** Milliseconds between attempts (default 5,000); a 429 or 503 with `Retry-After` waits that long instead (at most 60 s and `timeout`). */
  retryDelay?: number;
  /** Milliseconds per attempt (default 30,000). */
  timeout?: number;
  /**
   * Events the queue holds at most (default 1,000). Past it, `send` waits for room (its promise
   * resolves once the event is queued); as many more may wait, then `send` rejects with
   * `SenderOverflowError`. Nothing queued is ever dropped to make room.
   */
  maxQueueEvents?: number;
  /** Bytes the queue holds at most (default 50 MiB), with the same backpressure as `maxQueueEvents`. */
  maxQueueBytes?: number;
  /**
   * Told about events that will never be delivered, each once: an event the receiver refused for
   * good (`'rejected'`, with the status), or one `send` could not take (`'queue-events'`,
   * `'queue-bytes'`; its promise rejected with `SenderOverflowError`).
   */
  onDrop?: (dropped: DroppedEvent[], reason: DropReason, detail?: RejectionDetail) => void;
  /**
   * Told about every delivery failure: an event refused for good, a batch that still fails after
   * its retries, or a receiver that refuses every request (`SenderHaltedError`: delivery halted).
   */
  onError?: (error: EventDeliveryError) => void;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

/** A sender made by {@link createEventSender}. */
export interface EventSender {
  /**
   * Queues an event and resolves once it is in the queue, within `maxQueueEvents` and
   * `maxQueueBytes`: at once while there is room, later when the receiver has taken enough
   * (await it, and a runtime that produces events faster than the receiver takes them slows down
   * instead of losing any). The event is encoded and checked now: an invalid event throws
   * `EventValidationError`, a conversation id that is not a UUID a `TypeError`, a closed sender
   * an `Error`. The promise rejects, without taking the event, with `SenderOverflowError` when
   * the line waiting for room is full too, and with `SenderHaltedError` when delivery halted and
   * there is no room; with `SenderCloseError` when `close()` failed while the event waited (it is
   * then among the error's `undelivered`).
   */
  send(conversationId: string, event: Event | LenientEvent): Promise<void>;
  /**
   * Sends everything queued (after a halt, it tries again). Rejects with `EventDeliveryError` when a
   * batch still fails after its retries, or `SenderHaltedError` when the receiver refused the
   * request; the batch stays queued, first.
   */
  flush(): Promise<void>;
  /**
   * Refuses new events, stops the timer, and sends everything queued or waiting. Rejects with
   * `SenderCloseError` listing every event that was not delivered (after its retries, or as soon
   * as the receiver refused the whole request).
   */
  close(): Promise<void>;
  /** Events queued, being sent, or waiting for room. */
  readonly pending: number;
  /** Why delivery halted (401, 403, 404…), until `flush()` or `close()` tries again; `undefined` while it flows. */
  readonly halted: SenderHaltedError | undefined;
}
