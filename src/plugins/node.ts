/**
 * `agentwire/plugins/node`: a plugin folder read from disk as the service reads it. The layout
 * it sees (Agent Plugins 1.0.0 from 1.49 when the folder has a root `plugin.json`, the legacy
 * `.plugin/` / `.claude-plugin/` layout otherwise), the manifest, skills (through
 * `agentwire/skills`), commands and the skills made of them, agents, hooks and tool servers, each
 * path held inside the plugin, and a diagnostic for everything the service rejects, skips or
 * misreads. Node only; the parsers it uses run anywhere from `agentwire/plugins`.
 * @module agentwire/plugins/node
 */

export { loadPluginDirectory } from './node/load-plugin-directory';
export { PLUGIN_DIRECTORY_RULES } from './node/rules';
export type {
  AgentPermissionMode,
  AgentPluginsDirectory,
  LegacyPluginDirectory,
  LoadPluginDirectoryOptions,
  PluginAgent,
  PluginCommand,
  PluginComponents,
  PluginDirectory,
  PluginDirectoryBase,
  PluginDirectoryFailure,
  PluginLayout,
  PluginServiceVersion,
  RejectedPluginDirectory,
} from './node/types';
