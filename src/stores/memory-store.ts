/**
 * `createMemoryStore`: the {@link EventStore} contract in memory, and the worked example of
 * `docs/stores.md`. Edge-safe.
 * @module
 */
import type { Event } from '../events/index';
import { InvalidCursorError } from './errors';
import { createKindFilter, parsePageSize, partitionBatch, toConversationId } from './options';
import { createRecencyOrder } from './recency';
import type { ConversationPage, ConversationSummary, ConversationsOptions, EventStore, StoredEvent } from './types';
import { createWakeup, createWatchHub, pullWatch, type WatchPage } from './watch';

/** A conversation's part of the log. */
interface Conversation {
  ids: Set<string>;
  /** The positions of its events in the log (1-based sequence numbers), ascending. */
  positions: number[];
  summary: ConversationSummary;
}

/** The memory store: an {@link EventStore} with `recentConversations` and a `watch`. */
export interface MemoryStore extends EventStore {
  recentConversations(options?: ConversationsOptions): Promise<ConversationPage>;
  watch(conversationId: string | undefined, options?: { after?: string; signal?: AbortSignal }): AsyncIterable<StoredEvent>;
}

/** The index of the first number in an ascending array greater than `value`. */
function firstAfter(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The events a watch reads at once. */
const WATCH_PAGE = 1_000;

const timestampOf = (event: Event): string | null => (typeof event.timestamp === 'string' ? event.timestamp : null);

/**
 * A store in memory, for tests and short-lived receivers (a process restart forgets everything,
 * and memory grows with what is stored). Every stored event gets the next number of one sequence
 * over all conversations; cursors are those numbers, so one cursor works for a conversation's
 * pages and for a watch of every conversation alike.
 */
export function createMemoryStore(): MemoryStore {
  /** Every stored event in arrival order; an event's sequence number is its index + 1. */
  const log: StoredEvent[] = [];
  const conversations = new Map<string, Conversation>();
  /** Conversation ids in order, for paging. */
  const sortedIds: string[] = [];
  /** Conversation ids by the sequence number of their last stored event. */
  const recent = createRecencyOrder();
  const hub = createWatchHub();

  /** The sequence number a cursor names; an `InvalidCursorError` for anything this store did not hand out. */
  const position = (cursor: string | undefined): number => {
    if (cursor === undefined) return 0;
    const value = /^\d{1,15}$/.test(cursor) ? Number(cursor) : Number.NaN;
    if (!(value <= log.length)) throw new InvalidCursorError(cursor);
    return value;
  };

  const store: MemoryStore = {
    async append(conversationId, events) {
      const id = toConversationId(conversationId);
      const known = conversations.get(id);
      const { fresh, duplicates } = partitionBatch(events, (eventId) => known?.ids.has(eventId) === true);
      if (fresh.length === 0) return { stored: [], duplicates };
      let conversation = known;
      if (!conversation) {
        const first = fresh[0] as Event;
        conversation = {
          ids: new Set(),
          positions: [],
          summary: { id, events: 0, firstAt: timestampOf(first), lastAt: null, lastKind: '' },
        };
        conversations.set(id, conversation);
        sortedIds.splice(firstAfterString(sortedIds, id), 0, id);
      }
      for (const event of fresh) {
        log.push({ conversationId: id, event, cursor: String(log.length + 1) });
        conversation.ids.add(event.id);
        conversation.positions.push(log.length);
      }
      const last = fresh[fresh.length - 1] as Event;
      Object.assign(conversation.summary, { events: conversation.ids.size, lastAt: timestampOf(last), lastKind: last.kind });
      recent.touch(id, log.length);
      hub.publish(id);
      return { stored: fresh, duplicates };
    },

    async list(conversationId, options = {}) {
      const limit = parsePageSize(options.limit);
      const matches = createKindFilter(options.kind);
      const entries = read(toConversationId(conversationId), position(options.after), limit, matches);
      return { events: entries.events.map((entry) => entry.event), cursor: entries.last ?? options.after };
    },

    async conversations(options = {}) {
      const limit = parsePageSize(options.limit);
      const start = options.after === undefined ? 0 : firstAfterString(sortedIds, options.after);
      const page = sortedIds.slice(start, start + limit).map((id) => ({ ...(conversations.get(id) as Conversation).summary }));
      return { conversations: page, cursor: page.at(-1)?.id ?? options.after };
    },

    async recentConversations(options = {}) {
      const page = recent.page(options.after, parsePageSize(options.limit));
      const summaries = page.ids.map((id) => ({ ...(conversations.get(id) as Conversation).summary }));
      return { conversations: summaries, cursor: page.cursor };
    },

    watch(conversationId, options = {}) {
      const id = conversationId === undefined ? undefined : toConversationId(conversationId);
      const from = options.after ?? String(log.length);
      position(from);
      const wakeup = createWakeup();
      const unsubscribe = hub.subscribe(id ?? '*', () => wakeup.notify());
      const page = async (cursor: string | undefined): Promise<WatchPage> => {
        const { events, last } = read(id, position(cursor), WATCH_PAGE);
        return { events, cursor: last ?? cursor, more: events.length === WATCH_PAGE };
      };
      return pullWatch(page, wakeup, from, options.signal, unsubscribe);
    },
  };

  /**
   * Up to `limit` stored entries after sequence number `after`, of one conversation or of all;
   * `last` is the cursor of the last entry looked at (a filtered-out one counts: the next read
   * starts after it).
   */
  function read(id: string | undefined, after: number, limit: number, matches?: (event: Event) => boolean) {
    const events: StoredEvent[] = [];
    let last: string | undefined;
    const take = (entry: StoredEvent) => {
      last = entry.cursor;
      if (!matches || matches(entry.event)) events.push(entry);
    };
    if (id === undefined) for (let at = after; at < log.length && events.length < limit; at++) take(log[at] as StoredEvent);
    else {
      const positions = conversations.get(id)?.positions ?? [];
      for (let at = firstAfter(positions, after); at < positions.length && events.length < limit; at++)
        take(log[(positions[at] as number) - 1] as StoredEvent);
    }
    return { events, last };
  }
  return store;
}

/** The index of the first string in an ascending array greater than `value`. */
function firstAfterString(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
