/**
 * The public types of `loadPluginDirectory`: its options, the plugin it returns in each layout,
 * and the commands and agents it reads.
 * @module
 */
import type { Diagnostic } from '../../internal/diagnostic';
import type { SkillFileSystem } from '../../internal/node/file-system';
import type { LegacyMcpServer } from '../../internal/tool-servers/legacy-mcp-server';
import type { Skill } from '../../skills/index';
import type { HooksConfig } from '../hooks/hooks-config';
import type { LegacyPluginManifest } from '../manifest/legacy-manifest';
import type { PluginManifest } from '../manifest/manifest';
import type { McpServer } from '../mcp/mcp-server';

/**
 * The service version to load the folder as: `'1.49'` (and later) reads a root `plugin.json` as an
 * Agent Plugins plugin; `'1.43'` (and every server before 1.49) ignores it and loads the folder as
 * a legacy plugin.
 */
export type PluginServiceVersion = '1.49' | '1.43';

/** How the folder is laid out: an Agent Plugins 1.0.0 package (root `plugin.json`) or the legacy layout (`.plugin/`, `.claude-plugin/`). */
export type PluginLayout = 'agent-plugins' | 'legacy';

/** Options of `loadPluginDirectory`. */
export interface LoadPluginDirectoryOptions {
  /** The service version whose loader to follow (default `'1.49'`). */
  service?: PluginServiceVersion;
  /**
   * Nothing outside this folder is read (default: the plugin folder). Pass the repository to check
   * what a legacy plugin's links point at elsewhere in it; an Agent Plugins plugin is always held
   * to its own folder, as the service holds it.
   */
  root?: string;
  /** Read only front matter (`frontmatter`, the default) or whole skill, command and agent files (`full`). */
  scan?: 'frontmatter' | 'full';
  /** Files larger than this (default 1 MiB) are reported and only their front matter is read. */
  maxFileSize?: number;
  /** The file access to use (default: the real file system). */
  fs?: SkillFileSystem;
}

/** A slash command of the plugin (`commands/<name>.md`), with the values the service keeps. */
export interface PluginCommand {
  /** The file name without `.md`. */
  name: string;
  file: string;
  /** Python `str()` of the front matter `description` (`""` when absent). */
  description: string;
  /** `argument-hint` (or `argumentHint`) as text; a list is joined with spaces. */
  argumentHint: string | null;
  /** `allowed-tools` (or `allowedTools`): a list as written, text as one entry. */
  allowedTools: string[];
  /** The other front matter keys, as written. */
  metadata: Record<string, unknown>;
  /** The keyword that runs it: `/<plugin>:<name>`. */
  trigger: string;
}

/** The permission modes an agent may set; `null` inherits the parent's. */
export type AgentPermissionMode = 'always_confirm' | 'never_confirm' | 'confirm_risky';

/** An agent definition of the plugin (`agents/<name>.md`), with the values the service keeps. */
export interface PluginAgent {
  /** The front matter `name` (Python `str()`), else the file name without `.md`. */
  name: string;
  file: string;
  description: string;
  /** `inherit` unless set. */
  model: string;
  color: string | null;
  tools: string[];
  skills: string[];
  permissionMode: AgentPermissionMode | null;
  maxIterationPerRun: number | null;
  /** US dollars. */
  maxBudgetPerRun: number | null;
  /** Tool servers from `mcp_config` (or `mcp_servers`), placeholders left as written. */
  mcpServers: Record<string, LegacyMcpServer> | null;
  hooks: HooksConfig | null;
  profileStoreDir: string | null;
  /** `null`: the default summarizing condenser; `'none'`: condensation off; an object: a condenser configuration (not checked). */
  condenser: null | 'none' | Record<string, unknown>;
  /** The `<example>` blocks of the description. */
  whenToUseExamples: string[];
  /** The other front matter keys, as written. */
  metadata: Record<string, unknown>;
}

/** What a loaded plugin holds, in either layout. */
export interface PluginComponents {
  /** The plugin name: the manifest's, or the folder's for a legacy plugin without one. */
  name: string;
  /** The plugin's own skills, one per name (a later skill of the same name wins, as the service merges them). */
  skills: Skill[];
  commands: PluginCommand[];
  /** The skills the service makes of the commands (`<plugin>:<command>`, keyword `/<plugin>:<command>`), added after `skills`. */
  commandSkills: Skill[];
  agents: PluginAgent[];
  /** The hooks the service runs; `null` without a hooks file, and when the service drops the file (as it keeps none then). */
  hooks: HooksConfig | null;
  /** The command the plugin launches with, if the manifest names one. */
  entryCommand: string | null;
  /** The message a launch sends: `/<plugin>:<entry_command>`. */
  launchMessage: string | null;
}

/** What every result of `loadPluginDirectory` carries. */
export interface PluginDirectoryBase {
  /** The folder, as given. */
  directory: string;
  service: PluginServiceVersion;
  /** Everything found, in file, line and column order. */
  diagnostics: Diagnostic[];
}

/** An Agent Plugins 1.0.0 plugin, as the service (1.49 and later) loads it. */
export interface AgentPluginsDirectory extends PluginDirectoryBase, PluginComponents {
  ok: true;
  layout: 'agent-plugins';
  manifestFile: string;
  manifest: PluginManifest;
  /** The servers of the root `mcp.json` that load (placeholders left as written: see `expandPluginVariables`). */
  mcpServers: Record<string, McpServer>;
}

/** A legacy plugin, as the service loads it. */
export interface LegacyPluginDirectory extends PluginDirectoryBase, PluginComponents {
  ok: true;
  layout: 'legacy';
  /** The manifest read, or `null` when the folder has none (the service names the plugin after the folder). */
  manifestFile: string | null;
  manifest: LegacyPluginManifest;
  /** The servers of the root `.mcp.json`, `${SKILL_ROOT}` expanded and other placeholders kept, as at plugin load. */
  mcpServers: Record<string, LegacyMcpServer>;
}

/** Why the service loads nothing of the folder. */
export type PluginDirectoryFailure =
  | 'not-a-directory'
  | 'outside-root'
  | 'manifest-rejected'
  | 'manifest-outside-root'
  | 'manifest-too-large';

/**
 * A folder the service does not load as a plugin, or whose manifest agentwire does not read (the
 * diagnostics say which): `outside-root` when the folder itself resolves outside the `root` given
 * (agentwire does not read it; the service follows the link); `manifest-outside-root` for an Agent Plugins plugin means the service
 * rejects it; for a legacy plugin, that its manifest lies outside the root agentwire may read
 * (the service follows the link); `manifest-too-large` that the manifest is over `maxFileSize`.
 */
export interface RejectedPluginDirectory extends PluginDirectoryBase {
  ok: false;
  /** The layout detected, when the folder exists. */
  layout: PluginLayout | null;
  manifestFile: string | null;
  failure: PluginDirectoryFailure;
}

/** What `loadPluginDirectory` returns. */
export type PluginDirectory = AgentPluginsDirectory | LegacyPluginDirectory | RejectedPluginDirectory;
