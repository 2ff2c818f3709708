/**
 * `createEventSender`: delivers an agent runtime's events to a webhook as the service's own
 * sender does: batches posted as soon as they are full by count or bytes (an event larger than a
 * batch goes alone), in order, at least once. Beyond it: `send` applies backpressure instead of
 * dropping the oldest events; a receiver that refuses every request (401, 403, 404…) halts
 * delivery with every event kept and `close()` rejecting with them; an event the receiver refuses
 * for good (400, 413, 422…) is dropped and reported instead of blocking the queue forever.
 *
 * The sender is a state object (`state.ts`) and one function per verb: `send.ts` (send, flush,
 * close), `run.ts` (when to post), `deliver.ts` (batches, halving, halts), `post.ts` (one POST and
 * what its answer means), `queue.ts` (capacity and the line waiting for room).
 * @module
 */
import { close, flush, send } from './send';
import { createSenderState } from './state';
import type { EventSender, EventSenderOptions } from './types';

export * from './errors';
export { isHaltStatus, isPoisonStatus } from './post';
export * from './types';

/** Creates an event sender. */
export function createEventSender(options: EventSenderOptions): EventSender {
  const state = createSenderState(options);
  return {
    send: (conversationId, event) => send(state, conversationId, event),
    flush: () => flush(state),
    close: () => close(state),
    get pending() {
      return state.queue.pending;
    },
    get halted() {
      return state.halted;
    },
  };
}
