/**
 * Conversations in order of their latest activity, for `recentConversations`: each id with a
 * number that grows with activity (a sequence number, a time), kept sorted so that a touch and a
 * page cost a binary search. Cursors are `<number>_<id>`. Edge-safe.
 * @module
 */
import { normalizeConversationId } from '../internal/conversation-id';
import { InvalidCursorError } from './errors';

/** Where a conversation stands: its activity number, then its id (ties on the number). */
interface Place {
  id: string;
  at: number;
}

/** A page of ids, the latest activity first, and the cursor after its last one. */
export interface RecencyPage {
  ids: string[];
  cursor: string | undefined;
}

/** Conversation ids ordered by activity. */
export interface RecencyOrder {
  /** Sets a conversation's activity number (a conversation not yet known is added). */
  touch(id: string, at: number): void;
  /** Forgets a conversation. */
  remove(id: string): void;
  /** The activity number of a conversation, when known. */
  at(id: string): number | undefined;
  /** The greatest activity number (0 when empty). */
  latest(): number;
  /** The ids known. */
  ids(): IterableIterator<string>;
  /** Up to `limit` ids after the cursor (from the latest without one), the latest activity first. */
  page(after: string | undefined, limit: number): RecencyPage;
}

const before = (a: Place, b: Place) => a.at < b.at || (a.at === b.at && a.id < b.id);

/** The index of the first place in `sorted` not before `place`. */
function search(sorted: readonly Place[], place: Place): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(sorted[middle] as Place, place)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The place a cursor names; an {@link InvalidCursorError} for anything else. */
function parseCursor(cursor: string): Place {
  const split = cursor.lastIndexOf('_');
  const at = Number(cursor.slice(0, split));
  const id = normalizeConversationId(cursor.slice(split + 1));
  if (split < 1 || !Number.isFinite(at) || at < 0 || id === undefined || id !== cursor.slice(split + 1))
    throw new InvalidCursorError(cursor);
  return { id, at };
}

/** A new, empty order. */
export function createRecencyOrder(): RecencyOrder {
  /** Ascending: the latest activity last. */
  const sorted: Place[] = [];
  const places = new Map<string, Place>();
  const remove = (id: string) => {
    const place = places.get(id);
    if (!place) return;
    places.delete(id);
    sorted.splice(search(sorted, place), 1);
  };
  return {
    touch(id, at) {
      const known = places.get(id);
      if (known?.at === at) return;
      remove(id);
      const place = { id, at };
      places.set(id, place);
      // Activity usually lands last: skip the search then.
      const last = sorted[sorted.length - 1];
      if (!last || before(last, place)) sorted.push(place);
      else sorted.splice(search(sorted, place), 0, place);
    },
    remove,
    at: (id) => places.get(id)?.at,
    latest: () => sorted[sorted.length - 1]?.at ?? 0,
    ids: () => places.keys(),
    page(after, limit) {
      const end = after === undefined ? sorted.length : search(sorted, parseCursor(after));
      const ids: string[] = [];
      let cursor = after;
      for (let index = end - 1; index >= 0 && ids.length < limit; index--) {
        const place = sorted[index] as Place;
        ids.push(place.id);
        cursor = `${place.at}_${place.id}`;
      }
      return { ids, cursor };
    },
  };
}
