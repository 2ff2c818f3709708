/**
 * Rule 3: a plugin agrees when `ok` is equal and, when both load it, the manifest fields, skills
 * and command skills (rule 2), commands and agents (paired by file, field by field), hooks and
 * tool servers are equal.
 */
import { compareSkillLists, type Unpaired } from './compare-skills';
import type { TreeReference } from './corpus';
import { type Difference, fieldDifference } from './difference';
import { normalizeMcp, sameValue, shown } from './json-compare';
import type { TreeOutcome } from './run-agentwire';

const MANIFEST_FIELDS = ['name', 'version', 'description', 'author', 'entryCommand', 'launchMessage'] as const;

type Component = Record<string, unknown> & { file: string };

/** `{kind: NoOpCondenser}` is the reference's `"none"`. */
function condenser(value: unknown): unknown {
  const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
  return kind === 'NoOpCondenser' ? 'none' : value;
}

function fieldValue(field: string, value: unknown): unknown {
  if (field === 'mcp') return normalizeMcp(value);
  if (field === 'condenser') return condenser(value);
  return value;
}

/** Commands or agents paired by file, every field of the reference's record compared. */
function compareComponents(
  list: 'command' | 'agent',
  ours: readonly Component[],
  theirs: readonly Component[],
  why: Unpaired,
): Difference[] {
  const differences: Difference[] = [];
  const mine = new Map(ours.map((item) => [item.file, item]));
  for (const other of theirs) {
    const match = mine.get(other.file);
    if (!match) {
      const cls = `${list} only in the reference (agentwire: ${why.ours(other.file)})`;
      differences.push({ cls, detail: `${other.file}: agentwire does not load it` });
      continue;
    }
    mine.delete(other.file);
    for (const field of Object.keys(other)) {
      const a = fieldValue(field, match[field]);
      const b = fieldValue(field, other[field]);
      if (!sameValue(a, b)) differences.push(fieldDifference(`${list}.${field}`, `${list} ${other.file}`, shown(a), shown(b)));
    }
  }
  for (const file of mine.keys()) {
    const cls = `${list} only in agentwire (reference: ${why.theirs(file)})`;
    differences.push({ cls, detail: `${file}: the reference does not load it` });
  }
  return differences;
}

/** Rule 3 for one plugin case. */
export function comparePlugin(outcome: TreeOutcome, reference: TreeReference, why: Unpaired): Difference[] {
  const plugin = outcome.plugin;
  if (!plugin) return [];
  if (plugin.ok !== reference.ok) {
    const cls = plugin.ok
      ? 'plugin.ok: agentwire loads what the reference refuses'
      : 'plugin.ok: agentwire refuses what the reference loads';
    return [{ cls, detail: `agentwire ok=${plugin.ok}, reference ok=${reference.ok} (${reference.error ?? 'loaded'})` }];
  }
  if (!plugin.ok) return [];
  const differences: Difference[] = [];
  for (const field of MANIFEST_FIELDS) {
    const ours = plugin.manifest?.[field];
    if (!sameValue(ours, reference[field])) {
      differences.push(fieldDifference(`plugin.${field}`, 'manifest', shown(ours), shown(reference[field])));
    }
  }
  differences.push(...compareSkillLists(outcome.skills, reference.skills ?? [], why));
  differences.push(...compareSkillLists(plugin.commandSkills, reference.commandSkills ?? [], why, 'commandSkill'));
  differences.push(...compareComponents('command', plugin.commands, reference.commands ?? [], why));
  differences.push(...compareComponents('agent', plugin.agents, reference.agents ?? [], why));
  if (!sameValue(plugin.hooks, reference.hooks)) {
    differences.push(fieldDifference('plugin.hooks', 'hooks', shown(plugin.hooks), shown(reference.hooks)));
  }
  const ourServers = normalizeMcp(plugin.mcp);
  const theirServers = normalizeMcp(reference.mcp);
  if (!sameValue(ourServers, theirServers)) {
    differences.push(fieldDifference('plugin.mcp', 'tool servers', shown(ourServers), shown(theirServers)));
  }
  return differences;
}
