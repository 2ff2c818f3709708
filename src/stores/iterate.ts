/**
 * `for await` over everything a store holds, a page at a time. Edge-safe.
 * @module
 */
import type { Event, EventKind } from '../events/index';
import { MAX_PAGE_SIZE } from './options';
import type { ConversationSummary, EventStore } from './types';

/** Options of {@link iterateEvents}. */
export interface IterateEventsOptions {
  /** Only events of these kinds. */
  kind?: EventKind | readonly EventKind[];
  /** Start after this cursor (default: the first event). */
  after?: string;
  /** Events read per page (default {@link MAX_PAGE_SIZE}). */
  pageSize?: number;
}

/**
 * Every stored event of a conversation, in arrival order, read a page at a time with cursors:
 * `for await (const event of iterateEvents(store, id)) …`. Memory holds one page at most.
 */
export async function* iterateEvents(store: EventStore, conversationId: string, options: IterateEventsOptions = {}): AsyncGenerator<Event> {
  const limit = options.pageSize ?? MAX_PAGE_SIZE;
  let after = options.after;
  for (;;) {
    const page = await store.list(conversationId, {
      limit,
      ...(after === undefined ? {} : { after }),
      ...(options.kind === undefined ? {} : { kind: options.kind }),
    });
    yield* page.events;
    if (page.events.length < limit || page.cursor === undefined || page.cursor === after) return;
    after = page.cursor;
  }
}

/** Every conversation a store holds, ordered by id, read a page at a time. */
export async function* iterateConversations(store: EventStore, options: { pageSize?: number } = {}): AsyncGenerator<ConversationSummary> {
  const limit = options.pageSize ?? MAX_PAGE_SIZE;
  let after: string | undefined;
  for (;;) {
    const page = await store.conversations({ limit, ...(after === undefined ? {} : { after }) });
    yield* page.conversations;
    if (page.conversations.length < limit || page.cursor === undefined || page.cursor === after) return;
    after = page.cursor;
  }
}
