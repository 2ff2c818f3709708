/**
 * One case from start to end: the tree written, agentwire asked, its answer compared with the
 * reference by rules 1–5 (a probe text by text, path by path), the tree removed.
 */
import { checkClaims, checkDroppedFiles, referenceReason } from './check-diagnostics';
import { comparePlugin } from './compare-plugin';
import { compareSkillLists, type Unpaired } from './compare-skills';
import {
  type CaseKind,
  type ConformanceCase,
  isTreeCase,
  type ProbeCase,
  probeInputs,
  type TreeCase,
  type TreeReference,
  unitCount,
} from './corpus';
import type { Difference } from './difference';
import { exceptionType, prepareReference, shown } from './json-compare';
import { materialize, type Scratch } from './materialize';
import { type OurDiagnostic, runProbe, runTree } from './run-agentwire';

/** How one case went. */
export interface CaseResult {
  id: string;
  kind: CaseKind;
  units: number;
  /** Units that agree (a tree is one unit). */
  agreeing: number;
  differences: Difference[];
}

/** Why a file is left out: the reference's probe of it, agentwire's errors on it. */
function unpairedReasons(reference: TreeReference, diagnostics: readonly OurDiagnostic[]): Unpaired {
  return {
    theirs: (file) =>
      referenceReason(
        reference,
        reference.probes.find((probe) => probe.file === file),
      ),
    ours(file) {
      const codes = diagnostics
        .filter((d) => d.file === file && (d.severity === 'error' || d.code === 'shadowed-skill'))
        .map((d) => d.code);
      return codes.length === 0 ? 'no error or shadowing on the file' : [...new Set(codes)].sort().join(', ');
    },
  };
}

/** The differences of a tree case by rules 1–5. */
async function compareTree(entry: TreeCase, scratch: Scratch, slot: string): Promise<Difference[]> {
  const tree = await materialize(entry, scratch, slot);
  try {
    const outcome = await runTree(entry, tree);
    if (outcome.missingApi !== undefined) return [{ cls: `missing API: ${outcome.missingApi}`, detail: entry.agentwire }];
    if (outcome.threw !== undefined)
      return [{ cls: `rule 1: ${entry.agentwire} throws ${exceptionType(outcome.threw)}`, detail: outcome.threw }];
    const reference = prepareReference(entry.reference, tree.root);
    const why = unpairedReasons(reference, outcome.diagnostics);
    const differences =
      entry.kind === 'plugin' ? comparePlugin(outcome, reference, why) : compareSkillLists(outcome.skills, reference.skills ?? [], why);
    // A plugin refused on both sides loses every file through the refusal, as a project tier dropped whole does.
    const refusedByBoth = entry.kind === 'plugin' && reference.ok === false && outcome.plugin?.ok === false;
    if (!refusedByBoth) differences.push(...checkDroppedFiles(reference, outcome.diagnostics));
    const plugin = outcome.plugin;
    const ours = [...outcome.skills, ...(plugin?.commandSkills ?? [])].map((skill) => skill.record.file);
    ours.push(...[...(plugin?.commands ?? []), ...(plugin?.agents ?? [])].map((component) => component.file));
    differences.push(...checkClaims(entry, reference, outcome.diagnostics, new Set(ours)));
    return differences;
  } finally {
    await tree.remove();
  }
}

/** The differences of a probe case, one per disagreeing text or path. */
function compareProbe(entry: ProbeCase): Difference[] {
  const inputs = probeInputs(entry);
  const answers = runProbe(entry);
  const what = entry.kind === 'triggers' ? 'keyword' : 'glob';
  const differences: Difference[] = [];
  for (const [index, answer] of answers.entries()) {
    const expected = entry.reference.matches[index] ?? null;
    const input = shown(inputs[index]);
    if ('missingApi' in answer) differences.push({ cls: `missing API: ${answer.missingApi}`, detail: input });
    else if ('threw' in answer) {
      differences.push({ cls: `rule 1: ${entry.agentwire} throws ${exceptionType(answer.threw)}`, detail: `${input}: ${answer.threw}` });
    } else if (answer.match !== expected) {
      differences.push({
        cls: `${what} match differs`,
        detail: `${input}: agentwire ${shown(answer.match)}, reference ${shown(expected)}`,
      });
    }
  }
  return differences;
}

/** Runs and compares one case; `slot` names its folder under the run's scratch folder. */
export async function compareCase(entry: ConformanceCase, scratch: Scratch, slot: string): Promise<CaseResult> {
  const units = unitCount(entry);
  if (isTreeCase(entry)) {
    const differences = await compareTree(entry, scratch, slot);
    return { id: entry.id, kind: entry.kind, units, agreeing: differences.length === 0 ? 1 : 0, differences };
  }
  const differences = compareProbe(entry);
  // Each probe difference is one unit.
  return { id: entry.id, kind: entry.kind, units, agreeing: units - differences.length, differences };
}
