/**
 * Batch gets: ids as repeated query parameters, at most 99 per request, answers in order.
 * @module
 */
import * as v from 'valibot';
import { checkLimit, fetchPage, type Page, type PageParams } from '../page';
import { decodeResponse } from '../response';
import type { Request } from '../transport';

/** The largest number of ids the service takes in one batch get. */
export const MAX_BATCH_IDS = 99;

/** Gets items by id with repeated `key` parameters; `null` stands for an unknown id. */
export async function batchGet<T>(
  request: Request,
  path: string,
  key: string,
  ids: readonly string[],
  schema: v.GenericSchema<unknown, T>,
): Promise<(T | null)[]> {
  const out: (T | null)[] = [];
  for (let at = 0; at < ids.length; at += MAX_BATCH_IDS) {
    const chunk = ids.slice(at, at + MAX_BATCH_IDS);
    const body = await request({ method: 'GET', path, query: { [key]: chunk } });
    out.push(...decodeResponse(v.array(v.nullable(schema)), body, `GET ${path}`));
  }
  return out;
}

/** A schema of `{ items, next_page_id }` pages. */
export const pageOf = <S extends v.GenericSchema>(item: S) =>
  v.looseObject({ items: v.array(item), next_page_id: v.optional(v.nullable(v.string())) });

/** A paginated search at `path`: filters and `page_id`/`limit` in the query, pages decoded with `schema`. */
export function listPages<T>(
  request: Request,
  path: string,
  schema: v.GenericSchema<unknown, T>,
  filters: object,
  params: PageParams,
): Promise<Page<T>> {
  checkLimit(params.limit);
  const page = pageOf(schema);
  return fetchPage(async (pageId) => {
    const body = await request({ method: 'GET', path, query: { ...filters, page_id: pageId, limit: params.limit } });
    return decodeResponse(page, body, `GET ${path}`) as { items: T[]; next_page_id?: string | null };
  }, params.pageId);
}
