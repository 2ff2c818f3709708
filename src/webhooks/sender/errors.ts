/**
 * The errors of the event sender: a batch that could not be delivered, a receiver that refuses
 * every request (delivery halts, events kept), an event `send` could not take, and a `close()`
 * that could not deliver everything. None of them ever holds the session key.
 * @module
 */

import type { Event, LenientEvent } from '../../events/index';
import { AgentwireError } from '../../internal/agentwire-error';

/** An event with its conversation, as the sender holds it. */
export interface DroppedEvent {
  /** The conversation, as 32 hex digits. */
  conversationId: string;
  event: Event | LenientEvent;
}

/** An event `close()` could not deliver (see {@link SenderCloseError}). */
export type UndeliveredEvent = DroppedEvent;

/** What {@link EventDeliveryError} is built from. */
export interface EventDeliveryErrorInit {
  status?: number | undefined;
  conversationId?: string;
  events?: (Event | LenientEvent)[];
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

  constructor(message: string, init: EventDeliveryErrorInit = {}) {
    super(message);
    this.status = init.status;
    this.conversationId = init.conversationId ?? '';
    this.events = init.events ?? [];
  }
}

/**
 * The receiver refused a whole request, whatever events it held: 401 or 403 (the session key),
 * 404, 405 or 410 (no webhook at that URL), 407, or a redirect (never followed, so the key goes
 * nowhere else). Every other event would get the same answer, so nothing is dropped: the batch
 * stays first in the queue, and the sender stops posting until `flush()` or `close()` tries
 * again. `events` is the batch that was refused.
 */
export class SenderHaltedError extends EventDeliveryError {
  override name = 'SenderHaltedError';
  /** The status (0 for a redirect a browser does not show). */
  declare readonly status: number;
}

/** Why `send` could not take an event: the queue and the line waiting for room hold too many events, or too many bytes. */
export type OverflowReason = 'queue-events' | 'queue-bytes';

/**
 * `send` could not take the event: the queue is full and so is the line of events waiting for
 * room (a caller that does not wait for `send`). The event was not taken; `onDrop` heard of it too.
 */
export class SenderOverflowError extends AgentwireError {
  override name = 'SenderOverflowError';
  constructor(
    /** The conversation, as 32 hex digits. */
    readonly conversationId: string,
    /** The event that was not taken. */
    readonly event: Event | LenientEvent,
    /** Which limit was reached. */
    readonly reason: OverflowReason,
  ) {
    super(
      `the event sender is full (${reason === 'queue-events' ? 'maxQueueEvents' : 'maxQueueBytes'} queued, as many waiting): ` +
        'the event was not taken; wait for send() before sending more',
    );
  }
}

/**
 * `close()` could not deliver everything. `undelivered` holds, in their order, the events that
 * never reached the receiver (the sender no longer holds them: send them again, with a sender
 * that has the right key or URL); `cause` is the failure that stopped delivery.
 */
export class SenderCloseError extends AgentwireError {
  override name = 'SenderCloseError';
  /** The events not delivered, oldest first. */
  readonly undelivered: UndeliveredEvent[];
  /** The status of the failure that stopped delivery, when the receiver answered. */
  readonly status: number | undefined;

  constructor(undelivered: UndeliveredEvent[], cause: EventDeliveryError) {
    super(`close(): ${undelivered.length} event${undelivered.length === 1 ? ' was' : 's were'} not delivered: ${cause.message}`, {
      cause,
    });
    this.undelivered = undelivered;
    this.status = cause.status;
  }
}
