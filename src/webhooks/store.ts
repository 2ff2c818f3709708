/**
 * The event store interface, an in-memory store, and the listener that connects a store to a
 * handler. Edge-safe; the durable file store is in `agentwire/webhooks/node`.
 * @module
 */
import type { Event, EventKind, LenientEvent } from '../events/index';
import type { BatchListener } from './types';

/** Which events {@link EventStore.list} returns. */
export interface EventFilter {
  /** Only events of these kinds. */
  kind?: EventKind | readonly EventKind[];
  /** At most this many, from the start. */
  limit?: number;
}

/** Where received events are kept. Implement it over your own database to replace the built-in ones. */
export interface EventStore {
  /**
   * Stores a batch, in order, once: events whose id is already stored are skipped, and
   * `StreamingDeltaEvent`s are never stored. Resolves only once the batch is durable.
   */
  append(conversationId: string, events: readonly Event[]): Promise<void>;
  /** The stored events of a conversation, in arrival order. */
  list(conversationId: string, filter?: EventFilter): Promise<Event[]>;
  /** The ids of the conversations that have stored events. */
  conversations(): Promise<string[]>;
}

/** Whether a store keeps an event at all (streaming deltas are transient). */
export function isPersistable(event: Event): boolean {
  return event.kind !== 'StreamingDeltaEvent';
}

/** Applies an {@link EventFilter}. */
export function applyFilter(events: Event[], filter: EventFilter | undefined): Event[] {
  const kinds = filter?.kind === undefined ? undefined : new Set<string>(typeof filter.kind === 'string' ? [filter.kind] : filter.kind);
  const selected = kinds ? events.filter((event) => kinds.has(event.kind)) : events;
  return filter?.limit === undefined ? selected : selected.slice(0, filter.limit);
}

/** A store in memory: for tests and short-lived receivers. */
export function createMemoryStore(): EventStore {
  const data = new Map<string, { events: Event[]; ids: Set<string> }>();
  return {
    async append(conversationId, events) {
      let entry = data.get(conversationId);
      if (!entry) {
        entry = { events: [], ids: new Set() };
        data.set(conversationId, entry);
      }
      for (const event of events) {
        if (!isPersistable(event) || entry.ids.has(event.id)) continue;
        entry.ids.add(event.id);
        entry.events.push(event);
      }
    },
    list: async (conversationId, filter) => applyFilter([...(data.get(conversationId)?.events ?? [])], filter),
    conversations: async () => [...data.keys()],
  };
}

/**
 * A batch listener that appends every accepted batch to a store: `handler.onEvents(storeListener(store))`.
 * It fits strict handlers and `unknownKinds: 'keep'` ones alike (whose opaque values are stored as they arrived).
 */
export function storeListener(store: EventStore): BatchListener<LenientEvent> {
  return (events, context) => store.append(context.conversationId, events as Event[]);
}
