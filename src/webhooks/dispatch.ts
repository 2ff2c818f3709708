/**
 * Running listeners over a decoded batch with the sender's at-least-once semantics: skip what was
 * already delivered, run in order, mark delivered only what every listener handled.
 * @module
 */
import type { Event } from '../events/index';
import type { EventStore } from '../stores/index';
import { isPersistable } from '../stores/index';
import type { FingerprintRing } from './fingerprint-ring';
import { memoryRingOf, type SeenStore } from './seen';
import type { BatchListener, ErrorListener, EventListener, RejectListener, WebhookContext, WebhookListenerError } from './types';

/** The listeners of a handler. */
export interface Listeners {
  byKind: Map<string, EventListener<never>[]>;
  any: EventListener[];
  batch: BatchListener[];
  error: ErrorListener[];
  reject: RejectListener[];
}

/** What decides that an event was delivered before: the handler's seen store, or the event store itself. */
export type Dedupe = { seen: SeenStore } | { store: EventStore };

function listenerError(errors: unknown[], events: Event[], context: WebhookContext, what = 'A webhook listener'): WebhookListenerError {
  const error = new AggregateError(errors, `${what} failed for conversation ${context.conversationId}`) as WebhookListenerError;
  error.events = events;
  error.conversationId = context.conversationId;
  return error;
}

/**
 * Delivers a batch. Resolves to `undefined` when every listener finished, or to the error that
 * stopped it (with the seen store, the events from the failing one on stay unseen, so a retry
 * delivers them again). With an event store, the store appends the batch first, and only the
 * events it stored (plus streaming deltas, never stored) reach the listeners: a store shared by
 * several replicas decides once for all of them. `remember(index)` is called for each event that
 * goes on to the store or the listeners (a re-delivered one, skipped, never needs its text).
 */
export async function dispatch(
  events: Event[],
  context: WebhookContext,
  listeners: Listeners,
  dedupe: Dedupe,
  remember: (index: number) => void = ignore,
): Promise<{ error: WebhookListenerError; stage: 'store' | 'listener' } | undefined> {
  const store = 'store' in dedupe ? dedupe.store : undefined;
  const seen = 'seen' in dedupe ? dedupe.seen : undefined;
  let fresh: Event[];
  // With the seen store: `<conversation id>:`, which each event's id completes into its key; the
  // memory store's fingerprints, read and recorded by those parts; another store's keys, built once.
  const prefix = `${context.conversationId}:`;
  const ring = seen && memoryRingOf(seen);
  let keys: string[] | undefined;
  if (store) {
    let stored: Set<string>;
    for (let index = 0; index < events.length; index++) remember(index);
    try {
      stored = new Set((await store.append(context.conversationId, events)).stored.map((event) => event.id));
    } catch (error) {
      return { error: report(listenerError([error], events, context, 'The event store'), listeners), stage: 'store' };
    }
    // Each stored id once (the first of a repeated id is the one stored), and the transient deltas.
    fresh = events.filter((event) => (isPersistable(event) ? stored.delete(event.id) : true));
  } else if (ring) fresh = unseenInRing(events, prefix, ring, remember);
  else {
    keys = [];
    fresh = await unseen(events, prefix, seen as SeenStore, keys, remember);
  }
  if (fresh.length === 0) return undefined;
  for (const listener of listeners.batch) {
    try {
      const pending = listener(fresh, context);
      if (isThenable(pending)) await pending;
    } catch (error) {
      return { error: report(listenerError([error], fresh, context), listeners), stage: 'listener' };
    }
  }
  for (let index = 0; index < fresh.length; index++) {
    const event = fresh[index] as Event;
    const forKind = listeners.byKind.get(event.kind) as EventListener[] | undefined;
    try {
      // Copies: a listener removed while the event is delivered still gets it.
      if (forKind) {
        for (const listener of forKind.slice()) {
          const pending = listener(event, context);
          if (isThenable(pending)) await pending;
        }
      }
      for (const listener of listeners.any.slice()) {
        const pending = listener(event, context);
        if (isThenable(pending)) await pending;
      }
    } catch (error) {
      return { error: report(listenerError([error], fresh.slice(index), context), listeners), stage: 'listener' };
    }
    if (ring) ring.addParts(prefix, event.id);
    else if (seen) {
      const added = seen.add(keys?.[index] as string);
      if (added) await added;
    }
  }
  return undefined;
}

/** Whether a listener returned something to wait for; anything else is passed over without a turn of the event loop. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Whether `id` is the id of an event of `fresh` (a short list), or in `taken` (kept for long batches). */
function taken(fresh: readonly Event[], id: string, ids: Set<string> | undefined): boolean {
  if (ids) return ids.has(id);
  for (let i = 0; i < fresh.length; i++) if ((fresh[i] as Event).id === id) return true;
  return false;
}

/** Batches longer than this keep their fresh ids in a `Set`; shorter ones compare them in turn. */
const SHORT_BATCH = 16;

/** The events of a batch the memory seen store's fingerprints do not know, each id once (`remember` hears their indexes). */
function unseenInRing(events: Event[], prefix: string, ring: FingerprintRing, remember: (index: number) => void): Event[] {
  const fresh: Event[] = [];
  const ids = events.length > SHORT_BATCH ? new Set<string>() : undefined;
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as Event;
    if (taken(fresh, event.id, ids) || ring.hasParts(prefix, event.id)) continue;
    ids?.add(event.id);
    remember(index);
    fresh.push(event);
  }
  return fresh;
}

/** The events of a batch the seen store does not know, each id once (`remember` hears their indexes); their keys go to `keys`, in order. */
async function unseen(
  events: Event[],
  prefix: string,
  seen: SeenStore,
  keys: string[],
  remember: (index: number) => void,
): Promise<Event[]> {
  const fresh: Event[] = [];
  const ids = events.length > SHORT_BATCH ? new Set<string>() : undefined;
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as Event;
    if (taken(fresh, event.id, ids)) continue;
    const key = prefix + event.id;
    const known = seen.has(key);
    if (known === true || (known !== false && (await known))) continue;
    ids?.add(event.id);
    remember(index);
    keys.push(key);
    fresh.push(event);
  }
  return fresh;
}

/** A `remember` that keeps nothing. */
const ignore = () => undefined;

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
