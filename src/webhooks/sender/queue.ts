/**
 * The event sender's queue: the events waiting to be sent, the batch in flight, and the line of
 * events waiting for room, with their counts and bytes kept exact. Nothing here does I/O.
 * @module
 */
import type { Event, LenientEvent } from '../../events/index';
import type { OverflowReason } from './errors';

/** An event in the sender, encoded once. */
export interface Queued {
  /** The conversation, as 32 hex digits. */
  conversationId: string;
  event: Event | LenientEvent;
  /** The event's compact JSON. */
  json: string;
  /** Its UTF-8 length. */
  bytes: number;
}

/** The limits of a {@link createSendQueue}. */
export interface QueueLimits {
  batchSize: number;
  maxBatchBytes: number;
  maxEvents: number;
  maxBytes: number;
}

interface Waiter {
  item: Queued;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What {@link createSendQueue} returns. */
export type SendQueue = ReturnType<typeof createSendQueue>;

/**
 * Creates the queue. "Held" is what counts against the capacity: the events waiting to be sent
 * and the batch in flight. An event enters when the line is empty and it fits (or when nothing is
 * held, whatever its size); otherwise it waits in the line, which holds at most as much again.
 */
export function createSendQueue(limits: QueueLimits) {
  /** Events waiting to be sent, oldest first. */
  const waiting: Queued[] = [];
  let waitingBytes = 0;
  /** The batch being sent: not in `waiting`; what is left of it goes back to the head on failure. */
  let inFlight: Queued[] = [];
  /** Events past the capacity, waiting for room, in the order `send` was called. */
  const line: Waiter[] = [];
  let lineBytes = 0;
  const held = { events: 0, bytes: 0 };

  const fits = (item: Queued) => held.events === 0 || (held.events < limits.maxEvents && held.bytes + item.bytes <= limits.maxBytes);
  const enter = (item: Queued) => {
    waiting.push(item);
    waitingBytes += item.bytes;
    held.events++;
    held.bytes += item.bytes;
  };
  /** Moves events from the line into the queue while they fit, in order. */
  const admit = () => {
    while (line.length > 0 && fits((line[0] as Waiter).item)) {
      const waiter = line.shift() as Waiter;
      lineBytes -= waiter.item.bytes;
      enter(waiter.item);
      waiter.resolve();
    }
  };
  const rejectLine = (error: unknown) => {
    for (const waiter of line.splice(0)) waiter.reject(error);
    lineBytes = 0;
  };

  return {
    /** Queues the event if it may enter now. */
    tryEnter(item: Queued): boolean {
      if (line.length > 0 || !fits(item)) return false;
      enter(item);
      return true;
    },
    /** Why the line cannot take the event, if it cannot. */
    lineFull(item: Queued): OverflowReason | undefined {
      if (line.length === 0) return undefined;
      if (line.length >= limits.maxEvents) return 'queue-events';
      return lineBytes + item.bytes > limits.maxBytes ? 'queue-bytes' : undefined;
    },
    /** Puts the event in the line; resolves once it entered the queue. */
    wait(item: Queued): Promise<void> {
      lineBytes += item.bytes;
      return new Promise((resolve, reject) => line.push({ item, resolve, reject }));
    },
    /** Whether a batch is due now: `batchSize` events queued, or `maxBatchBytes` bytes. */
    get due(): boolean {
      return waiting.length >= limits.batchSize || waitingBytes >= limits.maxBatchBytes;
    },
    /** Events waiting to be sent (not in flight, not in the line). */
    get size(): number {
      return waiting.length;
    },
    /** Events queued or in flight (the line not counted). */
    get held(): number {
      return held.events;
    },
    /** Everything held or in the line. */
    get pending(): number {
      return held.events + line.length;
    },
    /**
     * Takes the next batch: consecutive events of the head's conversation, at most `batchSize`,
     * within `maxBatchBytes` (2 for the brackets, each event, 1 per comma); the first event is always taken,
     * so one larger than the limit goes alone.
     */
    take(): Queued[] {
      let count = 0;
      let size = 2;
      for (const item of waiting) {
        if (count === limits.batchSize || item.conversationId !== waiting[0]?.conversationId) break;
        const next = size + item.bytes + (count > 0 ? 1 : 0);
        if (count > 0 && next > limits.maxBatchBytes) break;
        size = next;
        count++;
      }
      inFlight = waiting.splice(0, count);
      for (const item of inFlight) waitingBytes -= item.bytes;
      return [...inFlight];
    },
    /** The first `count` events in flight left the sender (delivered, or dropped as refused): room for the line. */
    done(count: number): void {
      for (const item of inFlight.splice(0, count)) {
        held.events--;
        held.bytes -= item.bytes;
      }
      admit();
    },
    /** What is left in flight goes back to the head of the queue, in order. */
    requeue(): void {
      waiting.unshift(...inFlight);
      for (const item of inFlight) waitingBytes += item.bytes;
      inFlight = [];
    },
    /** Rejects every event in the line with `error` (they were not taken) and empties it. */
    rejectLine,
    /** Everything the sender holds, oldest first: in flight, queued, then in the line. */
    all(): Queued[] {
      return [...inFlight, ...waiting, ...line.map((waiter) => waiter.item)];
    },
    /** Empties the queue; the line's promises reject with `error`. */
    clear(error: unknown): void {
      inFlight = [];
      waiting.length = 0;
      waitingBytes = 0;
      held.events = 0;
      held.bytes = 0;
      rejectLine(error);
    },
  };
}
