/**
 * Running listeners over a decoded batch with the sender's at-least-once semantics: skip what was
 * already delivered, run in order, mark delivered only what every listener handled.
 * @module
 */
import type { Event } from '../events/index';
import type { SeenStore } from './seen';
import type { BatchListener, ErrorListener, EventListener, RejectListener, WebhookContext, WebhookListenerError } from './types';

/** The listeners of a handler. */
export interface Listeners {
  byKind: Map<string, EventListener<never>[]>;
  any: EventListener[];
  batch: BatchListener[];
  error: ErrorListener[];
  reject: RejectListener[];
}

function listenerError(errors: unknown[], events: Event[], context: WebhookContext): WebhookListenerError {
  const error = new AggregateError(errors, `A webhook listener failed for conversation ${context.conversationId}`) as WebhookListenerError;
  error.events = events;
  error.conversationId = context.conversationId;
  return error;
}

/**
 * Delivers a batch. Resolves to `undefined` when every listener finished, or to the error that
 * stopped it (the events from the failing one on stay unseen, so a retry delivers them again).
 */
export async function dispatch(
  events: Event[],
  context: WebhookContext,
  listeners: Listeners,
  seen: SeenStore,
): Promise<WebhookListenerError | undefined> {
  const key = (event: Event) => `${context.conversationId}:${event.id}`;
  const fresh: Event[] = [];
  const keys = new Set<string>();
  for (const event of events) {
    const id = key(event);
    if (keys.has(id)) continue;
    const known = seen.has(id);
    if (known === true || (known !== false && (await known))) continue;
    keys.add(id);
    fresh.push(event);
  }
  if (fresh.length === 0) return undefined;
  for (const listener of listeners.batch) {
    try {
      await listener(fresh, context);
    } catch (error) {
      return report(listenerError([error], fresh, context), listeners);
    }
  }
  for (const [index, event] of fresh.entries()) {
    const forKind = (listeners.byKind.get(event.kind) ?? []) as EventListener[];
    for (const listener of [...forKind, ...listeners.any]) {
      try {
        await listener(event, context);
      } catch (error) {
        return report(listenerError([error], fresh.slice(index), context), listeners);
      }
    }
    const added = seen.add(key(event));
    if (added) await added;
  }
  return undefined;
}

/** Calls each listener with `value`; a throw or a rejected promise is swallowed (and never unhandled). */
export function notifyAll<T>(list: readonly ((value: T) => unknown)[], value: T): void {
  for (const listener of list) {
    try {
      const result = listener(value) as { then?: unknown } | undefined;
      if (result && typeof result.then === 'function') (result as PromiseLike<unknown>).then(undefined, () => undefined);
    } catch {
      // A failing listener must not turn an answer into a crash.
    }
  }
}

function report(error: WebhookListenerError, listeners: Listeners): WebhookListenerError {
  notifyAll(listeners.error, error);
  return error;
}
