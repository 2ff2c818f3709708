/**
 * What the viewer reads from a store: pages of events with a cursor, pages of conversations, and
 * an optional live watch, the shape of the stores' `EventStore` (every agentwire store, and any
 * `EventStore`, is a source as it is). Node only (the CLI's viewer).
 * @module
 */
import type { Event } from '../../events/index';

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
