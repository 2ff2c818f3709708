/**
 * What the viewer reads from a store: the read side of the stores' `EventStore` (pages of events
 * with a cursor, pages of conversations by id and by recent activity, the optional live watch).
 * Every agentwire store, and any `EventStore`, is a source as it is. Node only (the viewer's server).
 * @module
 */
import { type EventStore, MAX_PAGE_SIZE } from '../../stores/index';

/** The store as the viewer reads it. */
export type ViewerSource = Pick<EventStore, 'list' | 'conversations' | 'recentConversations' | 'watch'>;

/** The largest page the viewer asks a store for (the stores' largest page). */
export const SOURCE_PAGE = MAX_PAGE_SIZE;
