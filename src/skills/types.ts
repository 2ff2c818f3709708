/**
 * The public types of `agentwire/skills`.
 * @module
 */
import type { Diagnostic } from '../internal/diagnostic';

/**
 * How a skill file is written: `agentskills` for `<name>/SKILL.md`, `legacy` for a single `*.md`
 * file in a skills folder, `instructions` for a third-party instruction file (`AGENTS.md`,
 * `CLAUDE.md`, `GEMINI.md`, `.cursorrules`).
 */
export type SkillFormat = 'agentskills' | 'legacy' | 'instructions';

/**
 * When the service brings a skill into a conversation: `keyword` when a user message names one of
 * its keywords; `task` the same, and the skill asks for its inputs (the `/<name>` keyword is
 * added); `path` when the agent touches a file matching one of its globs (a "rule").
 */
export type SkillTrigger =
  | { type: 'keyword'; keywords: string[] }
  | { type: 'task'; triggers: string[] }
  | { type: 'path'; paths: string[] };

/** An input a task skill asks for. */
export interface SkillInput {
  name: string;
  description: string;
}

/** Files in a SKILL.md folder's `scripts/`, `references/` and `assets/`, relative to each. */
export interface SkillResources {
  scripts: string[];
  references: string[];
  assets: string[];
}

/**
 * Where the service puts a skill: `context` is always in the prompt (instruction files, legacy
 * files without triggers); `skill` is listed by name and description and read on demand or on a
 * trigger; `rule` is injected when the agent touches a matching path.
 */
export type SkillRole = 'context' | 'skill' | 'rule';

/**
 * Which loader read the skill; it decides what one bad file costs in the service: a project or
 * user folder (the folder), an organization repository (its whole `skills/`), a public or plugin
 * skill (that file only).
 */
export type SkillScope = 'project' | 'user' | 'organization' | 'public' | 'plugin';

/** A skill as the service loads it, without its body (see `loadSkillContent`). */
export interface Skill {
  name: string;
  format: SkillFormat;
  role: SkillRole;
  trigger: SkillTrigger | null;
  /** The file the skill was read from, built from the directory passed in. */
  file: string;
  /** The SKILL.md folder, for `agentskills` skills. */
  directory?: string;
  /** The loader that read it. */
  scope: SkillScope;
  /** The description the agent sees (cut past 1,024 characters with the service's notice). */
  description?: string;
  license?: string;
  compatibility?: string;
  /** Values are Python `str()` of what the file holds, as the service keeps them. */
  metadata?: Record<string, string>;
  allowedTools?: string[];
  /** Hidden from the model's skill list; path rules always are. */
  disableModelInvocation: boolean;
  inputs: SkillInput[];
  resources?: SkillResources;
  /** Tool servers from the folder's `.mcp.json` (SKILL.md) or the `mcp_tools` key (legacy files). */
  mcpServers?: Record<string, unknown>;
  /**
   * For the skill the service makes of a plugin command (`<plugin>:<command>`): the command its
   * text is built from (`loadSkillContent` gives the heading, the description and the arguments
   * hint before the body, as the service does).
   */
  command?: SkillCommandSource;
}

/** What the service builds a command skill's text from (`CommandDefinition.to_skill`). */
export interface SkillCommandSource {
  /** The command's name (its file name without `.md`). */
  name: string;
  /** The command's whole description (the skill's `description` may be cut). */
  description: string;
  /** The command's `argument-hint` as the service prints it; `null` when it has none. */
  argumentHint: string | null;
}

/** A loaded set of skills with everything found along the way. */
export interface SkillSet {
  /** Always-on context: instruction files and legacy files without triggers. */
  context: Skill[];
  /** On-demand skills: SKILL.md skills and legacy files with triggers. */
  skills: Skill[];
  /** Path-scoped rules: nested instruction files and skills with `paths:`. */
  rules: Skill[];
  diagnostics: Diagnostic[];
}
