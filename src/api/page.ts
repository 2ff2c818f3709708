/**
 * Paginated lists: a page of items that is also `for await`-able over every item, and the
 * `PagePromise` a search returns, iterable without an inner `await`.
 * @module
 */
import { APIPromise, type WithResponse } from './api-promise';

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
  pageId?: string | undefined;
  /** Items per page, 1 to 100. */
  limit?: number | undefined;
}

/** Throws when `limit` is outside 1–100 (checked before any request). */
export function checkLimit(limit: number | undefined): void {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
    throw new RangeError(`limit must be an integer from 1 to 100, not ${limit}`);
  }
}

/** What a page fetcher answers: the items, the next page's id, and the answer they came in. */
export type RawPage<T> = WithResponse<{ items: T[]; next_page_id?: string | null | undefined }>;

/** Builds a page from a fetcher of `{ items, next_page_id }` by page id, keeping the first answer. */
export async function fetchPage<T>(
  fetchOne: (pageId: string | undefined) => Promise<RawPage<T>>,
  pageId?: string,
): Promise<WithResponse<Page<T>>> {
  const { data, response } = await fetchOne(pageId);
  const nextPageId = data.next_page_id ?? null;
  const page: Page<T> = {
    items: data.items,
    nextPageId,
    nextPage: async () => (nextPageId === null ? null : (await fetchPage(fetchOne, nextPageId)).data),
    async *[Symbol.asyncIterator]() {
      for (let current: Page<T> | null = page; current; current = await current.nextPage()) yield* current.items;
    },
  };
  return { data: page, response };
}

/**
 * What a search returns: awaiting it gives the first {@link Page}; `for await` over it walks every
 * item of every page, without an inner `await`:
 *
 * ```ts
 * for await (const event of api.events.search(conversationId)) console.log(event.kind);
 * const first = await api.events.search(conversationId, { limit: 10 }); // one page
 * ```
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  /** Every item of every page, fetching pages as the loop reaches them. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    yield* await this;
  }
}
