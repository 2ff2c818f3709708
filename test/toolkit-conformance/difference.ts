/**
 * One way agentwire's answer differs from the reference's: a class (what differs, or which rule
 * fails) that groups cases in the report, and the detail of this occurrence.
 */

/** A disagreement found in one case. */
export interface Difference {
  /** Stable and short, such as `skill.description` or `rule 4: dropped file without diagnostic`. */
  cls: string;
  /** What differs here, with both values. */
  detail: string;
}

/** A difference of one field between agentwire (`ours`) and the reference (`theirs`). */
export function fieldDifference(cls: string, where: string, ours: string, theirs: string): Difference {
  return { cls, detail: `${where}: agentwire ${ours}, reference ${theirs}` };
}
