/** Timing helpers: each figure is the median of several runs, taken in the same process. */

/** Runs `fn` (which processes `items` items) `runs` times after a warm-up; returns the median items per second. */
export function throughput(items: number, fn: () => void, runs = 7): number {
  for (let i = 0; i < 2; i++) fn();
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const start = process.hrtime.bigint();
    fn();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(items / seconds);
  }
  return median(rates);
}

/** The median of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A number with thousands separators. */
export const format = (value: number) => Math.round(value).toLocaleString('en-US');
