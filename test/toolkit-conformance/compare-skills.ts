/**
 * Rule 2: skills pair by file when the file gives one skill on each side, else by file and name;
 * an unpaired skill disagrees; paired skills agree field by field (tool servers normalized, the
 * body from agentwire's content loader, which must not throw).
 */
import type { SkillRecord } from './corpus';
import { type Difference, fieldDifference } from './difference';
import { normalizeMcp, sameValue, shown } from './json-compare';
import type { OurSkill } from './records';

/** The fields of a skill record, in the reference's order. */
export const SKILL_FIELDS = [
  'name',
  'file',
  'agentskills',
  'role',
  'trigger',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowedTools',
  'disableModelInvocation',
  'inputs',
  'resources',
  'mcp',
  'content',
] as const;

function groupByFile<T extends { file: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.file, [...(groups.get(item.file) ?? []), item]);
  return groups;
}

/** Pairs the two lists by rule 2; what is left on either side is unpaired. */
export function pairSkills(
  ours: readonly OurSkill[],
  theirs: readonly SkillRecord[],
): { pairs: [OurSkill, SkillRecord][]; onlyOurs: OurSkill[]; onlyTheirs: SkillRecord[] } {
  const pairs: [OurSkill, SkillRecord][] = [];
  const onlyOurs: OurSkill[] = [];
  const onlyTheirs: SkillRecord[] = [];
  const ourGroups = groupByFile(ours.map((skill) => ({ file: skill.record.file, skill })));
  const theirGroups = groupByFile(theirs);
  for (const file of new Set([...ourGroups.keys(), ...theirGroups.keys()])) {
    const mine = (ourGroups.get(file) ?? []).map((entry) => entry.skill);
    const others = [...(theirGroups.get(file) ?? [])];
    if (mine.length === 1 && others.length === 1) {
      pairs.push([mine[0] as OurSkill, others[0] as SkillRecord]);
      continue;
    }
    for (const skill of mine) {
      const index = others.findIndex((other) => other.name === skill.record.name);
      if (index === -1) onlyOurs.push(skill);
      else pairs.push([skill, ...(others.splice(index, 1) as [SkillRecord])]);
    }
    onlyTheirs.push(...others);
  }
  return { pairs, onlyOurs, onlyTheirs };
}

/** The differences of two paired skills; `list` names the list in classes (`skill`, `commandSkill`). */
export function compareSkill(ours: OurSkill, theirs: SkillRecord, list: string): Difference[] {
  const differences: Difference[] = [];
  const where = `${list} ${theirs.file} (${theirs.name})`;
  for (const field of SKILL_FIELDS) {
    if (field === 'content' && ours.contentError !== undefined) {
      differences.push({ cls: `${list}.content: loader throws`, detail: `${where}: ${ours.contentError}` });
      continue;
    }
    const mine = field === 'mcp' ? normalizeMcp(ours.record.mcp) : ours.record[field];
    const other = field === 'mcp' ? normalizeMcp(theirs.mcp) : theirs[field];
    if (!sameValue(mine, other)) differences.push(fieldDifference(`${list}.${field}`, where, shown(mine), shown(other)));
  }
  return differences;
}

/** Why each side leaves out a file, to name the class of an unpaired skill. */
export interface Unpaired {
  /** The reference's reason (its probe's exception type), for a file only agentwire loads. */
  theirs(file: string): string;
  /** agentwire's reason (its error codes on the file), for a file only the reference loads. */
  ours(file: string): string;
}

/** Rule 2 over two lists of skills. */
export function compareSkillLists(ours: readonly OurSkill[], theirs: readonly SkillRecord[], why: Unpaired, list = 'skill'): Difference[] {
  const { pairs, onlyOurs, onlyTheirs } = pairSkills(ours, theirs);
  const differences = pairs.flatMap(([mine, other]) => compareSkill(mine, other, list));
  for (const skill of onlyTheirs) {
    const cls = `${list} only in the reference (agentwire: ${why.ours(skill.file)})`;
    differences.push({ cls, detail: `${skill.file} (${skill.name}): agentwire does not load it` });
  }
  for (const skill of onlyOurs) {
    const { file, name } = skill.record;
    const cls = `${list} only in agentwire (reference: ${why.theirs(file)})`;
    differences.push({ cls, detail: `${file} (${name}): the reference does not load it` });
  }
  return differences;
}
