/**
 * "Did you mean": the closest of a few known words to a mistyped one, for unknown commands,
 * options and event kinds. Only close matches are offered; a guess that is far off is worse than none.
 * @module
 */

/**
 * The edit distance between two strings: insertions, deletions, substitutions and swaps of two
 * neighbouring characters each count one (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  // Three rows: the one before the previous (for swaps), the previous and the current.
  let before: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, at) => at);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[right.length] as number;
}

/**
 * The candidate closest to `input`, or `undefined` when none is close. Case is ignored; a
 * candidate is close when at most a third of the input's characters (rounded down) differ, so a
 * two-character input matches only a candidate that differs from it in case alone. Ties go to the
 * earlier candidate; a candidate equal to the input is never suggested.
 */
export function suggest(input: string, candidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  const limit = Math.floor(Array.from(wanted).length / 3);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
