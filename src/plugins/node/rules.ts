/**
 * The rules `loadPluginDirectory` raises itself. The files it reads are checked by the parsers of
 * `agentwire/plugins` (manifests, tool servers, hooks) and the skill loader of `agentwire/skills`,
 * whose rules keep their own codes.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

/** The path given is not a folder. */
export const PLUGIN_DIRECTORY_MISSING = /* @__PURE__ */ defineRule({
  code: 'plugin-directory-missing',
  severity: 'error',
  title: 'The plugin folder does not exist',
  description: 'The service fails to load a plugin whose path is not a folder; nothing of it loads.',
  hint: 'Check the path (and the `repo_path` of the plugin reference).',
});

/** A plugin file that cannot be read as UTF-8 text, or is not a file. */
export const PLUGIN_FILE_UNREADABLE = /* @__PURE__ */ defineRule({
  code: 'plugin-file-unreadable',
  severity: 'error',
  title: 'A plugin file cannot be read',
  description:
    'The file is not valid UTF-8, or a folder stands where the service expects a file. The message says what the service loses: the whole plugin for a manifest, the component for the others.',
  hint: 'Save the file as UTF-8 (without a byte-order mark for legacy files), or replace the folder with the file.',
});

/** A symbolic link that resolves outside the plugin folder (or outside the `root` given). */
export const PLUGIN_PATH_OUTSIDE_ROOT = /* @__PURE__ */ defineRule({
  code: 'plugin-path-outside-root',
  severity: 'error',
  title: 'A path of the plugin resolves outside its folder',
  description:
    'An Agent Plugins client refuses every package path that resolves outside the plugin folder, with the narrowest failure boundary: the plugin (plugin.json), the component (skills/, mcp.json), one skill, one tool server. Legacy plugins have no such rule: the service follows the link and loads what it points at, and agentwire, which never reads outside the root it is given, reports the link instead of checking its target.',
  hint: 'Copy the target into the plugin folder, or point the link at a path inside it (for a legacy plugin, pass the repository as `root` to check the target).',
});

/** A root plugin.json that older servers ignore, or a legacy manifest the service does not read. */
export const PLUGIN_MANIFEST_IGNORED = /* @__PURE__ */ defineRule({
  code: 'plugin-manifest-ignored',
  severity: 'warning',
  title: 'A manifest file the service does not read',
  description:
    'The service reads one manifest: the root plugin.json (1.49 and later), else the first of .plugin/plugin.json and .claude-plugin/plugin.json that exists. Any other manifest in the folder is ignored.',
  hint: 'Keep one legacy manifest (make .claude-plugin a link to .plugin), with the same name as the root plugin.json.',
});

/** A component in a place the plugin's layout does not read. */
export const PLUGIN_COMPONENT_IGNORED = /* @__PURE__ */ defineRule({
  code: 'plugin-component-ignored',
  severity: 'warning',
  title: 'A component the service does not read in this layout',
  description:
    'Agent Plugins plugins read skills/<name>/SKILL.md, mcp.json and the dev.openhands/ folder (commands, agents, hooks); legacy plugins read skills/, commands/, agents/, hooks/hooks.json and .mcp.json. A component in the other layout\u2019s place, or of the wrong kind (a file where a folder belongs), is not loaded.',
  hint: 'Move the component to the place the layout reads (keep both places if the plugin also targets servers before 1.49).',
});

/** A skill file the plugin loader passes over. */
export const PLUGIN_SKILL_IGNORED = /* @__PURE__ */ defineRule({
  code: 'plugin-skill-ignored',
  severity: 'warning',
  title: 'A skill the service does not load from this plugin',
  description:
    'Agent Plugins plugins load only skills/<name>/SKILL.md (that exact name, a regular file); legacy plugins also load single skills/*.md files, and a root SKILL.md only when there is no skills/ folder. Anything else in those places is not a skill to the service.',
  hint: 'Move the skill to skills/<name>/SKILL.md.',
});

/** A command front matter value the service changes or ignores. */
export const PLUGIN_COMMAND_FIELD = /* @__PURE__ */ defineRule({
  code: 'plugin-command-field',
  severity: 'warning',
  title: 'A command field the service converts or ignores',
  description:
    'The service turns `description` into text with Python `str()` (an empty value becomes "None"), keeps `allowed-tools` text as one entry, and ignores an `allowed-tools` or `argument-hint` it cannot read.',
  hint: 'Write `description` and `argument-hint` as text and `allowed-tools` as a YAML list.',
});

/** An entry_command that names no command of the plugin. */
export const PLUGIN_ENTRY_COMMAND_MISSING = /* @__PURE__ */ defineRule({
  code: 'plugin-entry-command-missing',
  severity: 'warning',
  title: 'entry_command names no command of the plugin',
  description:
    'The service launches the plugin with the message "/<plugin>:<entry_command>"; without a command of that name the message triggers nothing and reaches the agent as plain text.',
  hint: 'Set entry_command to the file name (without .md) of one of the plugin\u2019s commands.',
});

/** An agent front matter value that makes the service skip the agent. */
export const PLUGIN_AGENT_INVALID = /* @__PURE__ */ defineRule({
  code: 'plugin-agent-invalid',
  severity: 'error',
  title: 'An agent definition the service fails to load',
  description:
    'A value the agent model refuses (`permission_mode` outside always_confirm, never_confirm, confirm_risky; a `max_iteration_per_run` or `max_budget_per_run` that is not a positive number; `profile_store_dir` not text; an invalid `mcp_config`, `hooks` or `condenser`) makes the service skip this agent with one log line.',
  hint: 'Fix the field named in the message.',
  example: 'permission_mode: ask',
});

/** An agent front matter value the service ignores. */
export const PLUGIN_AGENT_FIELD_IGNORED = /* @__PURE__ */ defineRule({
  code: 'plugin-agent-field-ignored',
  severity: 'warning',
  title: 'An agent field the service ignores',
  description:
    'The agent model reads `tools` and `skills` as text or lists, `max_iteration_per_run` as an integer, `max_budget_per_run` as a number and `hooks` as a mapping; a value of another type is dropped without a word.',
  hint: 'Write the field with the type shown in the message.',
  example: 'max_iteration_per_run: 10.0',
});

/** The rules of `loadPluginDirectory`. */
export const PLUGIN_DIRECTORY_RULES: readonly Rule[] = [
  PLUGIN_DIRECTORY_MISSING,
  PLUGIN_FILE_UNREADABLE,
  PLUGIN_PATH_OUTSIDE_ROOT,
  PLUGIN_MANIFEST_IGNORED,
  PLUGIN_COMPONENT_IGNORED,
  PLUGIN_SKILL_IGNORED,
  PLUGIN_COMMAND_FIELD,
  PLUGIN_ENTRY_COMMAND_MISSING,
  PLUGIN_AGENT_INVALID,
  PLUGIN_AGENT_FIELD_IGNORED,
];
