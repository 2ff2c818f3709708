/**
 * The whole corpus through agentwire, a bounded number of cases at a time, in one temporary folder
 * removed at the end.
 */
import { type CaseResult, compareCase } from './compare-case';
import type { ConformanceCase } from './corpus';
import { createScratch } from './materialize';

/** How many cases run at once (trees are written, loaded and removed concurrently). */
export const CASE_CONCURRENCY = 6;

/** Runs `fn` over `items`, at most `limit` at a time; the results in the order of `items`. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every case compared, in corpus order. */
export async function runCorpus(cases: readonly ConformanceCase[], concurrency = CASE_CONCURRENCY): Promise<CaseResult[]> {
  const scratch = await createScratch();
  try {
    return await mapBounded(cases, concurrency, (entry, index) => compareCase(entry, scratch, String(index)));
  } finally {
    await scratch.remove();
  }
}
