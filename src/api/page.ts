/**
 * Paginated lists: a page of items that is also `for await`-able over every item.
 * @module
 */

/** One page of a list, iterable over all the items of all the pages that follow. */
export interface Page<T> extends AsyncIterable<T> {
  /** The items of this page. */
  items: T[];
  /** The id of the next page, or `null` on the last one. */
  nextPageId: string | null;
  /** The next page, or `null` on the last one. */
  nextPage(): Promise<Page<T> | null>;
}

/** Parameters every list takes. */
export interface PageParams {
  /** Where to start (a `nextPageId` of an earlier page). */
  pageId?: string;
  /** Items per page, 1 to 100. */
  limit?: number;
}

/** Throws when `limit` is outside 1–100 (checked before any request). */
export function checkLimit(limit: number | undefined): void {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
    throw new RangeError(`limit must be an integer from 1 to 100, not ${limit}`);
  }
}

/** Builds a page from a fetcher of `{ items, next_page_id }` by page id. */
export async function fetchPage<T>(
  fetchOne: (pageId: string | undefined) => Promise<{ items: T[]; next_page_id?: string | null }>,
  pageId?: string,
): Promise<Page<T>> {
  const raw = await fetchOne(pageId);
  const nextPageId = raw.next_page_id ?? null;
  const page: Page<T> = {
    items: raw.items,
    nextPageId,
    nextPage: () => (nextPageId === null ? Promise.resolve(null) : fetchPage(fetchOne, nextPageId)),
    async *[Symbol.asyncIterator]() {
      for (let current: Page<T> | null = page; current; current = await current.nextPage()) yield* current.items;
    },
  };
  return page;
}
