/**
 * What the viewer reads from a store: pages of events with a cursor, pages of conversations, and
 * an optional live watch, the shape of the stores' `EventStore`. Node only (the CLI's viewer).
 * @module
 */
import type { Event } from '../../events/index';
import type { FileStore } from '../../webhooks/node';

/** A page of a conversation's events, and where it ends. */
export interface SourcePage {
  events: Event[];
  cursor: string | undefined;
}

/** One stored conversation, as the store summarizes it. */
export interface SourceConversation {
  id: string;
  events: number;
  firstAt: string | null;
  lastAt: string | null;
}

/** An event a watch yields, with its cursor. */
export interface SourceEvent {
  conversationId: string;
  event: Event;
  cursor: string;
}

/** The store as the viewer reads it. */
export interface ViewerSource {
  list(conversationId: string, options?: { after?: string; limit?: number }): Promise<SourcePage>;
  conversations(options?: { after?: string; limit?: number }): Promise<{ conversations: SourceConversation[]; cursor: string | undefined }>;
  watch?(conversationId: string | undefined, options?: { after?: string; signal?: AbortSignal }): AsyncIterable<SourceEvent>;
}

/** The largest page the viewer asks a store for. */
export const SOURCE_PAGE = 1000;

/**
 * The file store as a viewer source: a cursor is the number of events before it (stable, since
 * the files are append-only). The store has no watch, so streams poll.
 */
export function fileStoreSource(store: FileStore): ViewerSource {
  return {
    async list(conversationId, options = {}) {
      const all = await store.list(conversationId);
      const start = options.after === undefined ? 0 : Math.max(0, Number.parseInt(options.after, 10) || 0);
      const events = all.slice(start, start + (options.limit ?? SOURCE_PAGE));
      return { events, cursor: events.length === 0 ? options.after : String(start + events.length) };
    },
    async conversations(options = {}) {
      const conversations: SourceConversation[] = [];
      for await (const summary of store.summaries()) {
        conversations.push({ id: summary.id, events: summary.events, firstAt: summary.first ?? null, lastAt: summary.last ?? null });
      }
      conversations.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const after = options.after;
      const page = (after === undefined ? conversations : conversations.filter((entry) => entry.id > after)).slice(
        0,
        options.limit ?? SOURCE_PAGE,
      );
      return { conversations: page, cursor: page.at(-1)?.id ?? after };
    },
  };
}
