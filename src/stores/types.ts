/**
 * The event store interface: what a webhook receiver writes, and what a reader, a viewer or a
 * second replica needs. Edge-safe.
 * @module
 */
import type { Event, EventKind } from '../events/index';

/** What {@link EventStore.append} did with a batch. `StreamingDeltaEvent`s are in neither list: they are never stored. */
export interface AppendResult {
  /** The events this call stored, in batch order: durable when the promise resolves. */
  stored: Event[];
  /** The events it skipped because their id was already stored in the conversation (or came earlier in the batch). */
  duplicates: Event[];
}

/** Which events {@link EventStore.list} returns. */
export interface ListOptions {
  /** Only events of these kinds. */
  kind?: EventKind | readonly EventKind[];
  /** A cursor from an earlier page or watch of the same conversation: only events stored after it. */
  after?: string;
  /** At most this many events (a whole number from 1 to {@link MAX_PAGE_SIZE}; default {@link DEFAULT_PAGE_SIZE}). */
  limit?: number;
}

/** A page of a conversation's events, in arrival order. */
export interface EventPage {
  /** Up to `limit` events; fewer only when no more are stored. */
  events: Event[];
  /**
   * Where the page ends, to pass as `after` for the next page (or to a watch). It is opaque, and
   * stays valid across restarts. It is `after` again when the page is empty, and `undefined`
   * only when the page is empty and no `after` was given.
   */
  cursor: string | undefined;
}

/** Which conversations {@link EventStore.conversations} and {@link EventStore.recentConversations} return. */
export interface ConversationsOptions {
  /** A cursor from an earlier page: only the conversations after it. */
  after?: string;
  /** At most this many conversations (1 to {@link MAX_PAGE_SIZE}; default {@link DEFAULT_PAGE_SIZE}). */
  limit?: number;
}

/** One stored conversation. */
export interface ConversationSummary {
  /** The conversation id, lowercase and hyphenated. */
  id: string;
  /** How many events are stored (each id once). */
  events: number;
  /** The `timestamp` of the first stored event, as the service wrote it (`null` when it had none). */
  firstAt: string | null;
  /** The `timestamp` of the last stored event, as the service wrote it (`null` when it had none). */
  lastAt: string | null;
  /** The kind of the last stored event. */
  lastKind: string;
}

/** A page of conversations: ordered by id ({@link EventStore.conversations}), or the latest activity first ({@link EventStore.recentConversations}). */
export interface ConversationPage {
  /** Up to `limit` conversations that hold at least one event; fewer only at the end. */
  conversations: ConversationSummary[];
  /** Where the page ends, to pass as `after` (opaque; `after` again for an empty page, `undefined` when nothing was asked after). */
  cursor: string | undefined;
}

/** Options of {@link EventStore.watch}. */
export interface WatchOptions {
  /**
   * With a conversation: a cursor of that conversation; the watch first yields what was stored
   * after it, then goes on live. Without one, only stores with one order over all conversations
   * (memory, PostgreSQL) accept a cursor yielded by an earlier watch of all conversations. With no
   * `after`, the watch yields what is stored from now on.
   */
  after?: string;
  /** Ends the watch: the iteration finishes (it does not throw). Breaking out of `for await` ends it too. */
  signal?: AbortSignal;
}

/** An event a watch yields, with where it is stored. */
export interface StoredEvent {
  /** Its conversation, lowercase and hyphenated. */
  conversationId: string;
  /** The event as stored. */
  event: Event;
  /** Where it is stored: `after` for `list` or `watch` of its conversation, to go on after it. */
  cursor: string;
}

/** A stored event with its JSON text exactly as stored, and where it is stored (what the Node stores' `entries` yield). */
export interface StoredEntry {
  /** The event, parsed from `json` (integers past 2^53 as the nearest double). */
  event: Event;
  /** The event's JSON text as stored: integers of any size keep their digits. */
  json: string;
  /** Where it is stored: `after` for `list`, `entries` or `watch` of its conversation, to go on after it. */
  cursor: string;
}

/**
 * Where received events are kept. Implement it over any database: `append` idempotent by event id
 * per conversation, `list` in arrival order with an opaque cursor, `conversations` with a summary
 * each, and optionally `recentConversations` (the latest activity first) and `watch` (a live tail). `docs/stores.md` walks through an implementation,
 * and `agentwire/stores/contract` checks one.
 */
export interface EventStore {
  /**
   * Stores a batch for a conversation, in order, each event id once per conversation: events
   * whose id is already stored are skipped (also when the same batch arrives twice at the same
   * moment, on two replicas), and `StreamingDeltaEvent`s are never stored. Resolves only once the
   * stored events are durable; rejects when they may not be (the caller answers 5xx, and the
   * sender delivers the batch again).
   */
  append(conversationId: string, events: readonly Event[]): Promise<AppendResult>;
  /** A page of a conversation's stored events, in arrival order (an unknown conversation has none). */
  list(conversationId: string, options?: ListOptions): Promise<EventPage>;
  /** A page of the conversations that hold events, ordered by id, each with its summary. */
  conversations(options?: ConversationsOptions): Promise<ConversationPage>;
  /**
   * A page of the conversations that hold events, the one whose last event was stored latest
   * first, each with its summary; `after` is a cursor of an earlier page of this order (the
   * conversations less recently active than its last one). A conversation that gets events while
   * a reader pages moves to the front: the reader sees it on its next first page, not twice.
   * Optional: without it, a reader (the viewer) reads every summary and sorts them itself.
   */
  recentConversations?(options?: ConversationsOptions): Promise<ConversationPage>;
  /**
   * Newly stored events of one conversation (or of all, with `undefined`), as they become
   * durable, until `signal` aborts or the loop breaks. Optional: a store without it is still a
   * store; readers then poll `list` with a cursor.
   */
  watch?(conversationId: string | undefined, options?: WatchOptions): AsyncIterable<StoredEvent>;
}
