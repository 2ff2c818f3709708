/**
 * When the sender posts: at once when a batch is due (by count or bytes), after `flushInterval`
 * otherwise, one delivery at a time, and again after a failure unless delivery halted.
 * @module
 */
import { drain } from './deliver';
import { type SenderState, stopTimer } from './state';

/** Starts a delivery unless one is under way; resolves when it ends (and queues another for events that came meanwhile). */
export function run(state: SenderState): Promise<void> {
  state.running ??= drain(state).then(
    () => {
      state.running = undefined;
      // Events queued while the last batch was answered.
      if (state.queue.size > 0) kick(state);
    },
    (error: unknown) => {
      state.running = undefined;
      throw error;
    },
  );
  return state.running;
}

/** After a failure in the background: try again after the interval, unless delivery halted. */
export function retryLater(state: SenderState): void {
  if (!state.halted) schedule(state);
}

/** Sets the flush timer, unless it is set, the sender is closed, or delivery halted. */
export function schedule(state: SenderState): void {
  if (state.timer || state.closed || state.halted) return;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    run(state).catch(() => retryLater(state));
  }, state.flushInterval);
  (state.timer as { unref?: () => void }).unref?.();
}

/** Posts now when a batch is due (by count or bytes), or makes sure the timer runs. */
export function kick(state: SenderState): void {
  if (state.halted) return;
  if (state.queue.due) run(state).catch(() => retryLater(state));
  else schedule(state);
}

/** Waits for a delivery under way, then delivers everything (trying again after a halt). */
export async function settle(state: SenderState): Promise<void> {
  stopTimer(state);
  while (state.running) await state.running.catch(() => undefined);
  state.halted = undefined;
  await run(state);
}
