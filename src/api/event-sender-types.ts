/**
 * The options, results and errors of the event sender.
 * @module
 */

import type { Event, LenientEvent } from '../events/index';
import { AgentwireError } from '../internal/agentwire-error';

/** Why events left the queue without being delivered. */
export type DropReason = 'queue-events' | 'queue-bytes' | 'rejected';

/** An event that was dropped. */
export interface DroppedEvent {
  /** The conversation, as 32 hex digits. */
  conversationId: string;
  event: Event | LenientEvent;
}

/** What the receiver answered when it refused an event for good (`reason` `'rejected'`). */
export interface RejectionDetail {
  /** The status: 413, or another 4xx but 408 and 429. */
  status: number;
  /** The start of the answer's body. */
  body: string;
}

/** Options of {@link createEventSender}; the defaults are the service sender's. */
export interface EventSenderOptions {
  /** The webhook base, such as `https://receiver.example/api/v1/webhooks`; events go to `{baseUrl}/events/{id}`. */
  baseUrl: string;
  /** Sent as `X-Session-API-Key`. Never shown in errors. */
  sessionApiKey: string;
  /** Events per request (default 5). */
  batchSize?: number;
  /** Bytes per request (default 5 MiB); `send` refuses a single event larger than this. */
  maxBatchBytes?: number;
  /** Milliseconds before a partial batch is sent (default 30,000). */
  flushInterval?: number;
  /** Further attempts of a failed batch (default 3). */
  maxRetries?: number;
  /** Milliseconds between attempts (default 5,000); a 429 or 503 with `Retry-After` waits that long instead (at most 60 s and `timeout`). */
  retryDelay?: number;
  /** Milliseconds per attempt (default 30,000). */
  timeout?: number;
  /** Events the queue holds at most (default 1,000); past it the oldest waiting ones are dropped. */
  maxQueueEvents?: number;
  /** Bytes the queue holds at most (default 50 MiB); past it the oldest waiting ones are dropped. */
  maxQueueBytes?: number;
  /**
   * Told about dropped events, each once: the oldest waiting events past a queue cap, or an event
   * the receiver refused for good (`'rejected'`, with the status). A batch being sent is never dropped.
   */
  onDrop?: (dropped: DroppedEvent[], reason: DropReason, detail?: RejectionDetail) => void;
  /** Told about every delivery failure: an event refused for good, or a batch that still fails after its retries. */
  onError?: (error: EventDeliveryError) => void;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

/** A sender made by {@link createEventSender}. */
export interface EventSender {
  /**
   * Queues an event (encoded and validated now: an invalid event throws `EventValidationError`,
   * one larger than `maxBatchBytes` throws {@link EventTooLargeError}).
   */
  send(conversationId: string, event: Event | LenientEvent): void;
  /** Sends everything queued; rejects when a batch still fails after its retries (it stays queued, first). */
  flush(): Promise<void>;
  /** Stops the timer, sends everything queued, and refuses new events. */
  close(): Promise<void>;
  /** Events waiting to be sent or being sent. */
  readonly pending: number;
}

/** A batch that could not be delivered after every attempt, or an event the receiver refused for good. */
export class EventDeliveryError extends AgentwireError {
  override name = 'EventDeliveryError';
  /** The receiver's status, when it answered. */
  readonly status: number | undefined;
  /** The conversation, as 32 hex digits. */
  readonly conversationId: string;
  /** The events concerned. */
  readonly events: (Event | LenientEvent)[];

  constructor(message: string, init: { status?: number | undefined; conversationId?: string; events?: (Event | LenientEvent)[] } = {}) {
    super(message);
    this.status = init.status;
    this.conversationId = init.conversationId ?? '';
    this.events = init.events ?? [];
  }
}

/** An event that can never be sent: it is larger than `maxBatchBytes` on its own. */
export class EventTooLargeError extends AgentwireError {
  override name = 'EventTooLargeError';
  constructor(
    /** The encoded event's size in bytes. */
    readonly bytes: number,
    /** `maxBatchBytes`. */
    readonly limit: number,
  ) {
    super(`the event takes ${bytes} bytes encoded, more than maxBatchBytes (${limit}); it could never be sent`);
  }
}
