/**
 * Where skills live: folder and repository names are configuration. The neutral preset holds the
 * names of the Agent Skills conventions; the `openhands` preset adds the reference deployment's
 * legacy folders and configuration repository names.
 * @module
 */

/** The names a deployment uses for skill folders and configuration repositories. */
export interface SkillPreset {
  name: string;
  /** Skill folders in a project, relative to each root, in precedence order (the first with a name wins). */
  projectSkillDirectories: readonly string[];
  /** Skill folders of a user, relative to the home folder, in precedence order. */
  userSkillDirectories: readonly string[];
  /** Configuration repositories per owner. */
  configRepositories: {
    /** On hosts that allow a leading dot in names (GitHub, Bitbucket): all are loaded, a later one wins on a name. */
    dotted: readonly string[];
    /** On GitLab (one repository in the group). */
    gitlab: string;
    /** On Azure DevOps: the project and the repository in it. */
    azure: { project: string; repository: string };
  };
}

/** The default: `.agents/skills` and the `.agents` / `service-config` configuration repositories. */
export const NEUTRAL_PRESET: SkillPreset = {
  name: 'neutral',
  projectSkillDirectories: ['.agents/skills'],
  userSkillDirectories: ['.agents/skills'],
  configRepositories: { dotted: ['.agents'], gitlab: 'service-config', azure: { project: 'service-config', repository: 'service-config' } },
};

/** The reference deployment: its legacy folders after `.agents/skills`, and its configuration repository names. */
export const OPENHANDS_PRESET: SkillPreset = {
  name: 'openhands',
  projectSkillDirectories: ['.agents/skills', '.openhands/skills', '.openhands/microagents'],
  userSkillDirectories: ['.agents/skills', '.openhands/skills', '.openhands/microagents'],
  configRepositories: {
    dotted: ['.openhands', '.agents'],
    gitlab: 'openhands-config',
    azure: { project: 'openhands-config', repository: 'openhands-config' },
  },
};

/** The presets by name. */
export const SKILL_PRESETS: Readonly<Record<string, SkillPreset>> = { neutral: NEUTRAL_PRESET, openhands: OPENHANDS_PRESET };

/** A preset given by name or value (the neutral one when absent); an unknown name is a `RangeError`. */
export function resolvePreset(preset: string | SkillPreset | undefined): SkillPreset {
  if (preset === undefined) return NEUTRAL_PRESET;
  if (typeof preset !== 'string') return preset;
  const found = Object.hasOwn(SKILL_PRESETS, preset) ? SKILL_PRESETS[preset] : undefined;
  if (!found) throw new RangeError(`Unknown skill preset "${preset}": use one of ${Object.keys(SKILL_PRESETS).join(', ')}`);
  return found;
}
