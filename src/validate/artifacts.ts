/**
 * The files `agentwire validate` found in the paths it was given, by kind. The service's own
 * checks (`openhands`) run while they are found; the other profiles read these lists and judge
 * the same files by their own rules.
 * @module
 */

/** A skill file: a `SKILL.md` in its folder, a legacy single-file skill, or an instruction file. */
export interface SkillArtifact {
  file: string;
  format: 'agentskills' | 'legacy' | 'instructions';
  /** For `agentskills`: the folder holding the SKILL.md (its name must equal the skill's). */
  folder?: string;
  /** Where it was found: a project, a configuration repository, a plugin, a bare skills folder. */
  origin: 'project' | 'config-repository' | 'plugin' | 'skills-folder';
}

/** A plugin folder. */
export interface PluginArtifact {
  dir: string;
  /** `agent-plugins`: a root `plugin.json`; `legacy`: `.plugin/` or `.claude-plugin/` (or no manifest). */
  layout: 'agent-plugins' | 'legacy';
  /** The manifest file, when there is one. */
  manifest?: string;
  /** The skill files of the plugin (also listed in `skills`). */
  skills: string[];
  /** `commands/*.md`, `agents/*.md`. */
  commands: string[];
  agents: string[];
}

/** A marketplace file and the folder its relative sources resolve from. */
export interface MarketplaceArtifact {
  file: string;
  root: string;
}

/** Everything found. */
export interface Artifacts {
  skills: SkillArtifact[];
  plugins: PluginArtifact[];
  marketplaces: MarketplaceArtifact[];
  /** `hooks/hooks.json` files. */
  hooks: string[];
  /** Tool-server files: `mcp.json` (Agent Plugins) and `.mcp.json` (legacy). */
  toolServers: string[];
}
