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

/** Milliseconds `fn` takes (awaited when it returns a promise). */
export async function elapsedMs(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * The median milliseconds of `subject` and of `baseline` over `runs` runs each, after a warm-up
 * run of each; their runs alternate, so a change of load on the machine touches both alike.
 */
export async function pairedMs(subject: () => unknown, baseline: () => unknown, runs = 5): Promise<{ ms: number; baselineMs: number }> {
  await subject();
  await baseline();
  const subjects: number[] = [];
  const baselines: number[] = [];
  for (let i = 0; i < runs; i++) {
    subjects.push(await elapsedMs(subject));
    baselines.push(await elapsedMs(baseline));
  }
  return { ms: median(subjects), baselineMs: median(baselines) };
}
