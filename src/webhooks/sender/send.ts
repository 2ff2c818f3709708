/**
 * The sender's verbs: `send` (with backpressure), `flush` and `close`.
 * @module
 */
import { type Event, encodeEvent, type LenientEvent } from '../../events/index';
import { compactConversationId } from '../../internal/conversation-id';
import { type EventDeliveryError, SenderCloseError, SenderOverflowError } from './errors';
import type { Queued } from './queue';
import { kick, retryLater, schedule, settle } from './run';
import { held, reportDrop, type SenderState } from './state';

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * `sender.send`: encodes the event now (an invalid one throws), then queues it: at once while
 * there is room, or once the receiver has taken enough; rejects when the line waiting for room is
 * full too, or when delivery halted and there is no room.
 */
export function send(state: SenderState, conversationId: string, event: Event | LenientEvent): Promise<void> {
  if (state.closed) throw new Error('the event sender is closed');
  const id = compactConversationId(conversationId);
  if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(conversationId)}`);
  const json = JSON.stringify(encodeEvent(event));
  const item: Queued = { conversationId: id, event, json, bytes: encoder.encode(json).byteLength };
  const { queue } = state;
  if (queue.tryEnter(item)) {
    kick(state);
    return Promise.resolve();
  }
  if (state.halted) return Promise.reject(state.halted);
  const full = queue.lineFull(item);
  if (full) {
    reportDrop(state, [item], full);
    return Promise.reject(new SenderOverflowError(id, event, full));
  }
  schedule(state);
  return queue.wait(item);
}

/** `sender.flush`: delivers everything queued; after a failure, tries again later (unless halted) and rejects. */
export async function flush(state: SenderState): Promise<void> {
  try {
    await settle(state);
  } catch (error) {
    retryLater(state);
    throw error;
  }
}

/** `sender.close`: refuses new events and delivers everything; rejects with what was not delivered. */
export async function close(state: SenderState): Promise<void> {
  state.closed = true;
  try {
    await settle(state);
  } catch (error) {
    const failure = new SenderCloseError(held(state.queue.all()), error as EventDeliveryError);
    state.queue.clear(failure);
    throw failure;
  }
}
