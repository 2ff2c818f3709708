/**
 * Delivering what is queued: one batch at a time from the head of the queue, a batch refused for
 * good halved down to the event the receiver refuses, and a halt kept in the state.
 * @module
 */
import { EventDeliveryError, SenderHaltedError } from './errors';
import { haltMessage, postBatch } from './post';
import type { Queued } from './queue';
import { notify, reportDrop, type SenderState, stopTimer } from './state';

/**
 * Delivers a batch that is the head of what is in flight. A batch the receiver refuses for good
 * is split in halves, sent in order, down to the single event, which is dropped and reported.
 * An answer about the whole request throws {@link SenderHaltedError}: nothing is dropped.
 */
async function deliverBatch(state: SenderState, batch: Queued[]): Promise<void> {
  const { queue } = state;
  const conversationId = (batch[0] as Queued).conversationId;
  const url = `${state.base}/events/${conversationId}`;
  const events = batch.map((item) => item.event);
  const outcome = await postBatch(state.config, url, `[${batch.map((item) => item.json).join(',')}]`, { conversationId, events });
  if (outcome.verdict === 'delivered') return queue.done(batch.length);
  const { status, body } = outcome;
  if (outcome.verdict === 'halt')
    throw new SenderHaltedError(haltMessage(url, status, body, queue.held), { status, conversationId, events });
  if (batch.length > 1) {
    const half = Math.ceil(batch.length / 2);
    await deliverBatch(state, batch.slice(0, half));
    await deliverBatch(state, batch.slice(half));
    return;
  }
  queue.done(1);
  reportDrop(state, batch, 'rejected', { status, body });
  notify(
    state.options.onError,
    new EventDeliveryError(
      `POST ${url} answered ${status}: the receiver refuses this event for good; it was dropped${body ? ` (${body})` : ''}`,
      { status, conversationId, events },
    ),
  );
}

/**
 * Delivers batches until the queue is empty. On a failure, what was not delivered goes back to
 * the head of the queue, `onError` hears of it, and it throws; a halt is kept in the state, stops
 * the timer, and turns away the events waiting for room.
 */
export async function drain(state: SenderState): Promise<void> {
  const { queue } = state;
  while (queue.size > 0) {
    try {
      await deliverBatch(state, queue.take());
    } catch (error) {
      // What was not delivered goes back to the head of the queue, in order.
      queue.requeue();
      if (error instanceof SenderHaltedError) {
        state.halted = error;
        stopTimer(state);
        // Events waiting for room would wait for nothing: their `send` rejects, they were not taken.
        queue.rejectLine(error);
      }
      notify(state.options.onError, error as EventDeliveryError);
      throw error;
    }
  }
}
