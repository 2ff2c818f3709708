/**
 * The results of a run, counted: agreement by kind (units and cases), the disagreement classes with
 * their counts and the smallest example cases, and the known-differences entry of each case.
 */
import type { CaseResult } from './compare-case';
import { CASE_KINDS, type CaseKind, type ConformanceCase, isTreeCase } from './corpus';

export interface KindCount {
  cases: number;
  agreeingCases: number;
  units: number;
  agreeingUnits: number;
}

export interface ClassCount {
  cls: string;
  /** Cases with at least one difference of the class. */
  cases: number;
  /** Occurrences (a case may have several). */
  occurrences: number;
  byKind: Partial<Record<CaseKind, number>>;
  /** The smallest cases showing it, fewest other classes first. */
  examples: { id: string; detail: string }[];
}

export interface Summary {
  byKind: Record<CaseKind, KindCount>;
  total: KindCount;
  classes: ClassCount[];
}

/** The known-differences entry of a disagreeing case: its classes, sorted, joined. */
export function reasonOf(result: CaseResult): string {
  return [...new Set(result.differences.map((difference) => difference.cls))].sort().join('; ');
}

/** The size of a case, to pick small examples: its tree's content length, or its inputs'. */
function caseSize(entry: ConformanceCase): number {
  if (isTreeCase(entry)) return entry.tree.files.reduce((sum, file) => sum + file.content.length, 0);
  return JSON.stringify(entry.kind === 'triggers' ? entry.texts : entry.paths).length;
}

/** Counts a run. */
export function summarize(results: readonly CaseResult[], cases: readonly ConformanceCase[], examplesPerClass = 2): Summary {
  const empty = (): KindCount => ({ cases: 0, agreeingCases: 0, units: 0, agreeingUnits: 0 });
  const byKind = Object.fromEntries(CASE_KINDS.map((kind) => [kind, empty()])) as Record<CaseKind, KindCount>;
  const total = empty();
  const sizes = new Map(cases.map((entry) => [entry.id, caseSize(entry)]));
  const classes = new Map<string, ClassCount & { candidates: { id: string; detail: string; rank: number[] }[] }>();
  for (const result of results) {
    for (const count of [byKind[result.kind], total]) {
      count.cases++;
      count.units += result.units;
      count.agreeingUnits += result.agreeing;
      if (result.differences.length === 0) count.agreeingCases++;
    }
    const kinds = new Set(result.differences.map((difference) => difference.cls));
    for (const difference of result.differences) {
      let entry = classes.get(difference.cls);
      if (!entry) {
        entry = { cls: difference.cls, cases: 0, occurrences: 0, byKind: {}, examples: [], candidates: [] };
        classes.set(difference.cls, entry);
      }
      entry.occurrences++;
      if (entry.candidates.some((candidate) => candidate.id === result.id)) continue;
      entry.cases++;
      entry.byKind[result.kind] = (entry.byKind[result.kind] ?? 0) + 1;
      entry.candidates.push({ id: result.id, detail: difference.detail, rank: [kinds.size, sizes.get(result.id) ?? 0] });
    }
  }
  const counted = [...classes.values()].map(({ candidates, ...entry }) => {
    const sorted = candidates.sort((a, b) => (a.rank[0] ?? 0) - (b.rank[0] ?? 0) || (a.rank[1] ?? 0) - (b.rank[1] ?? 0));
    return { ...entry, examples: sorted.slice(0, examplesPerClass).map(({ id, detail }) => ({ id, detail })) };
  });
  counted.sort((a, b) => b.cases - a.cases || a.cls.localeCompare(b.cls));
  return { byKind, total, classes: counted };
}
