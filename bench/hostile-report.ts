/** The hostile-input and deadline sections of docs/benchmarks.md. */
import type { TimedRow } from './hostile';

/** A ratio with two decimals, or two significant digits below 0.01. */
const ratio = (ms: number, baselineMs: number) => {
  const value = ms / baselineMs;
  return value >= 0.01 ? value.toFixed(2) : value.toPrecision(2);
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toPrecision(2));

function table(rows: TimedRow[], baselineHeading: string): string[] {
  return [
    `| what | ms | ${baselineHeading} | ms | ratio |`,
    '|---|---:|---|---:|---:|',
    ...rows.map((row) => `| ${row.what} | ${ms(row.ms)} | ${row.baseline} | ${ms(row.baselineMs)} | ${ratio(row.ms, row.baselineMs)} |`),
    '',
  ];
}

/** Lines of the report: hostile input against plain work on the same bytes. */
export function hostileReport(rows: TimedRow[], runs: number, ioRuns: number): string[] {
  return [
    `## Hostile input (median of ${runs} runs in process, ${ioRuns} for the 10 MB links and through processes and sockets; baselines in the same run)`,
    '',
    'The tests bound hostile input by its typed result and the work done (an input or alias cap reached, a',
    'count of calls, a request answered while another is in flight); how long it takes is measured here.',
    '`npm run bench -- --no-build --only=hostile` measures this section and the next alone, and prints them.',
    '',
    ...table(rows, 'baseline'),
  ];
}

/** Lines of the report: deadlines and waits against the time each is set to. */
export function deadlinesReport(rows: TimedRow[], runs: number): string[] {
  return [
    `## Deadlines and waits (median of ${runs} runs)`,
    '',
    'The fault tests prove which timeout or deadline took effect (its answer, its line of output, the',
    'timers set and cleared); when it did is measured here, against the time it is set to (a ratio',
    'near 1) or against plain work in the same run.',
    '',
    ...table(rows, 'set to, or baseline'),
  ];
}
