/**
 * The conversation list of the viewer: pages of entries, the latest activity first, from the
 * store's order of activity. Each conversation's entry is kept (for the most recently listed
 * ones) and brought up to date by reading only the events stored since. Node only.
 * @module
 */
import { mapConcurrent } from '../../internal/map-concurrent';
import type { ConversationSummary } from '../../stores/index';
import { addToConversationEntry, createConversationEntry } from '../model/conversation-entry';
import type { ConversationEntry } from '../model/types';
import { recentPage } from './recent';
import { SOURCE_PAGE, type ViewerSource } from './source';

/** Entries in a page of the list, unless asked otherwise. */
export const LIST_PAGE = 500;

/** Entries kept in memory between requests (a few hundred bytes each). */
const MAX_CACHED_ENTRIES = 5_000;

/** Conversations brought up to date at once. */
const CONCURRENCY = 8;

/** A page of the list. */
export interface EntryPage {
  /** Up to `limit` entries, the latest activity first. */
  conversations: ConversationEntry[];
  /** The cursor of the next page; `null` when this page was the last. */
  cursor: string | null;
}

/** The list's entries. */
export interface EntryCache {
  /** A page of entries, the latest activity first, after the cursor of an earlier page. */
  page(options: { after?: string | undefined; limit: number }): Promise<EntryPage>;
  /** The entry of a conversation the store summarized, brought up to its summary. */
  entryOf(summary: ConversationSummary): Promise<ConversationEntry>;
}

interface Known {
  entry: ConversationEntry;
  cursor: string | undefined;
  /** The update in progress: one at a time per conversation, so no event is folded twice. */
  busy: Promise<void> | undefined;
}

const copy = (entry: ConversationEntry): ConversationEntry => ({ ...entry, lastError: entry.lastError && { ...entry.lastError } });

/** Creates the list over a source. */
export function createEntryCache(source: ViewerSource): EntryCache {
  /** Least recently listed first. */
  const cache = new Map<string, Known>();

  async function fold(known: Known, stored: number): Promise<void> {
    while (known.entry.events < stored) {
      const after = known.cursor === undefined ? {} : { after: known.cursor };
      const page = await source.list(known.entry.id, { ...after, limit: SOURCE_PAGE });
      addToConversationEntry(known.entry, page.events);
      known.cursor = page.cursor ?? known.cursor;
      if (page.events.length < SOURCE_PAGE) break;
    }
  }

  async function entryOf(summary: ConversationSummary): Promise<ConversationEntry> {
    const { id } = summary;
    const known = cache.get(id) ?? { entry: createConversationEntry(id), cursor: undefined, busy: undefined };
    cache.delete(id);
    cache.set(id, known);
    if (cache.size > MAX_CACHED_ENTRIES) cache.delete(cache.keys().next().value as string);
    while (known.busy) await known.busy;
    if (known.entry.events < summary.events) {
      known.busy = fold(known, summary.events).finally(() => {
        known.busy = undefined;
      });
      await known.busy;
    }
    return copy(known.entry);
  }

  return {
    entryOf,
    async page({ after, limit }) {
      const page = await recentPage(source, { after, limit });
      const conversations = await mapConcurrent(page.conversations, CONCURRENCY, entryOf);
      return { conversations, cursor: conversations.length < limit || page.cursor === undefined ? null : page.cursor };
    },
  };
}
