/**
 * `resolveSkills`: the skills a conversation gets from every layer, merged in the service's order
 * (later layers override earlier ones by name), with enablement keyed by name as the app keys it.
 * @module
 */
import { compareDiagnostics, type Diagnostic, diagnostic } from '../internal/diagnostic';
import { BUILTIN_NAME_COLLISION, SHADOWED_SKILL } from './rules';
import type { Skill } from './types';

/**
 * Where skills come from, lowest precedence first: the sandbox's own skill, auto-loaded
 * marketplaces (standalone skills, then plugin skills), the public catalog, the user, the
 * organization's configuration repositories, the project; plugins attached to the conversation
 * override them all.
 */
export type SkillLayerName = 'sandbox' | 'marketplace' | 'public' | 'user' | 'organization' | 'project' | 'plugin';

/** The service's layer order, lowest precedence first. */
export const SKILL_LAYER_ORDER: readonly SkillLayerName[] = [
  'sandbox',
  'marketplace',
  'public',
  'user',
  'organization',
  'project',
  'plugin',
];

/** One layer's skills. Several layers of one name (two organization repositories) merge in the order given, the later winning. */
export interface SkillLayer {
  layer: SkillLayerName;
  skills: readonly Skill[];
  /** What the layer is, for messages (a repository, a marketplace, a plugin). */
  label?: string;
}

/** Enablement, keyed by name as the app keys it. */
export interface ResolveSkillsOptions {
  /** Names switched off (a deny-list). */
  disabled?: Iterable<string>;
  /** Names switched on among the built-in catalog (an allow-list over `catalogNames`); without it, every catalog skill is on. */
  enabled?: Iterable<string>;
  /** The names of the built-in catalog. */
  catalogNames?: Iterable<string>;
}

/** What happened to one name. */
export interface ResolvedSkillEntry {
  name: string;
  /** The skill the service keeps for the name. */
  skill: Skill;
  layer: SkillLayerName;
  /** The skills of that name it hides, lowest layer first. */
  shadowed: { skill: Skill; layer: SkillLayerName }[];
  /** Whether the conversation gets it. */
  enabled: boolean;
  /** Why it is off, or why it stays on although its name is disabled. */
  reason?: string;
}

/** The merged result. */
export interface ResolvedSkills {
  /** The skills the conversation gets, in merge order. */
  skills: Skill[];
  /** Every name, with what won, what it hid and whether it is on. */
  entries: ResolvedSkillEntry[];
  diagnostics: Diagnostic[];
}

/** Merges skill layers as the service does and applies enablement. */
export function resolveSkills(layers: readonly SkillLayer[], options: ResolveSkillsOptions = {}): ResolvedSkills {
  const disabled = new Set(options.disabled ?? []);
  const catalog = new Set(options.catalogNames ?? []);
  const allowed = options.enabled === undefined ? undefined : new Set(options.enabled);
  const ordered = [...layers].sort((a, b) => SKILL_LAYER_ORDER.indexOf(a.layer) - SKILL_LAYER_ORDER.indexOf(b.layer));
  const entries = new Map<string, ResolvedSkillEntry>();
  const diagnostics: Diagnostic[] = [];
  for (const { layer, skills, label } of ordered) {
    for (const skill of skills) {
      if (layer !== 'public' && catalog.has(skill.name)) {
        const message = `"${skill.name}" is also the name of a built-in skill: disabling or enabling either one switches both, because the service keys enablement by name.`;
        diagnostics.push(diagnostic(BUILTIN_NAME_COLLISION, { file: skill.file, message }));
      }
      const earlier = entries.get(skill.name);
      if (!earlier) {
        entries.set(skill.name, { name: skill.name, skill, layer, shadowed: [], enabled: true });
        continue;
      }
      earlier.shadowed.push({ skill: earlier.skill, layer: earlier.layer });
      const sameLayer = earlier.layer === layer;
      const why = sameLayer
        ? `a later ${layer} source${label ? ` (${label})` : ''} wins over an earlier one`
        : `the ${layer} layer overrides the ${earlier.layer} layer`;
      const message = `"${skill.name}" from ${earlier.skill.file} is hidden: ${why}.`;
      const related = [{ file: skill.file, line: 1, column: 1, message: 'the skill the service keeps' }];
      const severity = layer === 'plugin' || sameLayer ? 'warning' : 'info';
      diagnostics.push(diagnostic(SHADOWED_SKILL, { file: earlier.skill.file, message, severity, related }));
      earlier.skill = skill;
      earlier.layer = layer;
    }
  }
  for (const entry of entries.values()) {
    if (disabled.has(entry.name)) {
      if (entry.layer === 'plugin') {
        entry.reason = 'its name is disabled, but the service does not apply disabled skills to plugin skills';
      } else {
        entry.enabled = false;
        entry.reason = 'its name is in the disabled list';
      }
    } else if (allowed && catalog.has(entry.name) && !allowed.has(entry.name)) {
      entry.enabled = false;
      entry.reason = 'its name is a built-in skill that is not in the enabled list';
    }
  }
  const all = [...entries.values()];
  return {
    skills: all.filter((entry) => entry.enabled).map((entry) => entry.skill),
    entries: all,
    diagnostics: diagnostics.sort(compareDiagnostics),
  };
}
