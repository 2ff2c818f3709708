/**
 * Helpers every store shares (and a store of your own may use): page sizes, kind filters, which
 * events are stored, and how a batch splits into new events and duplicates. Edge-safe.
 * @module
 */
import type { Event, EventKind } from '../events/index';
import { normalizeConversationId } from '../internal/conversation-id';

/** The default number of items a page holds (100). */
export const DEFAULT_PAGE_SIZE = 100;

/** The most items one page may hold (1,000). */
export const MAX_PAGE_SIZE = 1_000;

/** The page size a `limit` option asks for: {@link DEFAULT_PAGE_SIZE} when absent; a `RangeError` unless a whole number from 1 to {@link MAX_PAGE_SIZE}. */
export function parsePageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}, not ${String(limit)}`);
  return limit;
}

/** A test of an event's kind from a `kind` option, or `undefined` when every kind is wanted. */
export function createKindFilter(kind: EventKind | readonly EventKind[] | undefined): ((event: Event) => boolean) | undefined {
  if (kind === undefined) return undefined;
  const kinds = new Set<string>(typeof kind === 'string' ? [kind] : kind);
  return (event) => kinds.has(event.kind);
}

/** Whether a store keeps an event at all: `StreamingDeltaEvent`s are transient and never stored. */
export function isPersistable(event: Event): boolean {
  return event.kind !== 'StreamingDeltaEvent';
}

/**
 * A batch split as `append` must treat it: the events to store (in order, the first of each id)
 * and the duplicates (an id `isStored` knows, or one that came earlier in the batch).
 * `StreamingDeltaEvent`s go to neither.
 */
export function partitionBatch(events: readonly Event[], isStored: (id: string) => boolean): { fresh: Event[]; duplicates: Event[] } {
  const fresh: Event[] = [];
  const duplicates: Event[] = [];
  const ids = new Set<string>();
  for (const event of events) {
    if (!isPersistable(event)) continue;
    if (ids.has(event.id) || isStored(event.id)) duplicates.push(event);
    else {
      ids.add(event.id);
      fresh.push(event);
    }
  }
  return { fresh, duplicates };
}

/** The canonical conversation id (lowercase, hyphenated) of either form the service uses; a `TypeError` for anything that is not a UUID. */
export function toConversationId(value: string): string {
  const id = typeof value === 'string' ? normalizeConversationId(value) : undefined;
  if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(value)}`);
  return id;
}
