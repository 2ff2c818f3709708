/**
 * The conversation list of the viewer: each conversation's entry, kept up to date by reading only
 * the events stored since the last time. Node only.
 * @module
 */
import { addToConversationEntry, createConversationEntry } from '../model/conversation-entry';
import type { ConversationEntry } from '../model/types';
import { SOURCE_PAGE, type ViewerSource } from './source';

/** The most conversations the list holds. */
export const MAX_LISTED = 10_000;

/** The list, newest activity first. */
export interface EntryCache {
  /** Every conversation's entry (up to {@link MAX_LISTED}), the latest activity first. */
  entries(): Promise<ConversationEntry[]>;
}

/** Creates the cache over a source. */
export function createEntryCache(source: ViewerSource): EntryCache {
  const cache = new Map<string, { entry: ConversationEntry; cursor: string | undefined }>();
  let running: Promise<ConversationEntry[]> | undefined;

  async function update(id: string, stored: number): Promise<ConversationEntry> {
    let known = cache.get(id);
    if (!known) {
      known = { entry: createConversationEntry(id), cursor: undefined };
      cache.set(id, known);
    }
    while (known.entry.events < stored) {
      const page = await source.list(id, { ...(known.cursor === undefined ? {} : { after: known.cursor }), limit: SOURCE_PAGE });
      addToConversationEntry(known.entry, page.events);
      known.cursor = page.cursor ?? known.cursor;
      if (page.events.length < SOURCE_PAGE) break;
    }
    return known.entry;
  }

  async function read(): Promise<ConversationEntry[]> {
    const entries: ConversationEntry[] = [];
    let after: string | undefined;
    while (entries.length < MAX_LISTED) {
      const page = await source.conversations({ ...(after === undefined ? {} : { after }), limit: SOURCE_PAGE });
      for (const summary of page.conversations) {
        const entry = await update(summary.id, summary.events);
        entries.push({ ...entry, lastError: entry.lastError && { ...entry.lastError } });
      }
      if (page.conversations.length < SOURCE_PAGE || page.cursor === undefined) break;
      after = page.cursor;
    }
    const key = (entry: ConversationEntry) => entry.lastAt ?? '';
    return entries.sort((a, b) => (key(a) === key(b) ? (a.id < b.id ? -1 : 1) : key(a) < key(b) ? 1 : -1));
  }

  return {
    // Concurrent requests share one read.
    entries() {
      running ??= read().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
