/**
 * The rules of the `agent-plugins` profile: Agent Plugins 1.0.0 conformance of plugin folders
 * (the manifest, components in their fixed locations, containment, client extensions). The
 * manifest, mcp.json and skill rules of the other parsers are raised under this profile too.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

export const AGENT_PLUGINS_MANIFEST_MISSING = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-manifest-missing',
  severity: 'error',
  title: 'A plugin without a root plugin.json',
  description:
    'An Agent Plugins plugin MUST have plugin.json at its root. A plugin with only .plugin/plugin.json or .claude-plugin/plugin.json (or no manifest) is a legacy plugin: the service loads it, but it is not an Agent Plugins plugin and a conforming client does not load it.',
  hint: 'Add plugin.json at the plugin root with "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json" and "name".',
  example: 'my-plugin/.plugin/plugin.json and no my-plugin/plugin.json',
});
export const AGENT_PLUGINS_UNREADABLE = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-unreadable',
  severity: 'error',
  title: 'A plugin file cannot be read as UTF-8 text',
  description:
    'plugin.json and mcp.json are JSON text; a file that cannot be read or decoded rejects the plugin (plugin.json) or disables its tool servers (mcp.json).',
  hint: 'Save the file as UTF-8.',
  example: 'A plugin.json saved as UTF-16.',
});
export const AGENT_PLUGINS_OUTSIDE_ROOT = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-outside-root',
  severity: 'error',
  title: 'A package path that resolves outside the plugin root',
  description:
    'Every file a client reads must stay inside the plugin root once symbolic links are resolved, with the narrowest failure: a plugin.json outside rejects the plugin, a skills/ or mcp.json outside invalidates that component type, a SKILL.md outside skips that skill, a server command or cwd outside skips that server.',
  hint: 'Copy the file into the plugin instead of linking to it.',
  example: 'my-plugin/skills/shared -> ../../shared-skills',
});
export const AGENT_PLUGINS_COMPONENT_KIND = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-component-kind',
  severity: 'error',
  title: 'A fixed component location of the wrong kind',
  description:
    'skills must be a folder and mcp.json a regular file; otherwise a conforming client treats that component type as invalid and loads the others.',
  hint: 'Make skills/ a folder of skill folders, and mcp.json a file.',
  example: 'my-plugin/skills as a file',
});
export const AGENT_PLUGINS_SKILL_NOT_DISCOVERED = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-skill-not-discovered',
  severity: 'warning',
  title: 'A skill a conforming client does not discover',
  description:
    'Skills are discovered only as skills/<child>/SKILL.md: immediate child folders, a file named exactly SKILL.md, no deeper search. A skills/*.md file, a skill.md in another case, a SKILL.md nested deeper or at the plugin root is ignored (the service loads some of these).',
  hint: 'Move the skill to skills/<name>/SKILL.md.',
  example: 'my-plugin/skills/deploy.md',
});
export const AGENT_PLUGINS_LEGACY_MCP = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-legacy-mcp',
  severity: 'warning',
  title: 'A .mcp.json a conforming client does not read',
  description:
    'Agent Plugins reads tool servers only from mcp.json at the plugin root (no leading dot), in its own closed format with "$schema". A .mcp.json (the legacy and Claude Code file) is not read.',
  hint: 'Write the servers into mcp.json in the Agent Plugins format.',
  example: 'my-plugin/.mcp.json and no my-plugin/mcp.json',
});
export const AGENT_PLUGINS_MCP_VERSION_MISMATCH = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-mcp-version-mismatch',
  severity: 'error',
  title: 'mcp.json targets another Agent Plugins version than plugin.json',
  description:
    'The version in mcp.json\'s "$schema" must equal the one plugin.json declares; a mismatch makes the tool-server configuration invalid (the rest of the plugin loads).',
  hint: 'Use the same specification version in both "$schema" values.',
  example: 'plugin.json on 1.0.0, mcp.json on 1.1.0',
});
export const AGENT_PLUGINS_EXTENSION_NAMESPACE = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-extension-namespace',
  severity: 'warning',
  title: 'A client extension key that is not a reverse-domain namespace',
  description:
    'Client-specific manifest data belongs under a reverse-domain namespace in "extensions" (such as "dev.openhands" or "com.example.client"), named after a domain the client controls.',
  hint: "Rename the key to the client's reverse-domain namespace.",
  example: '{ "extensions": { "openhands": { "entry_command": "run" } } }',
});
export const AGENT_PLUGINS_CLIENT_FOLDER = /* @__PURE__ */ defineRule({
  code: 'agent-plugins-client-folder',
  severity: 'warning',
  title: 'A client-specific folder outside a namespace folder',
  description:
    "Agent Plugins 1.0.0 defines only skills and MCP servers; client-specific files (commands, agents, hooks…) belong in a top-level folder named after the client's namespace. A conforming client ignores commands/, agents/ or hooks/ at the root; the service reads its own from dev.openhands/.",
  hint: 'Move the folder into the namespace folder of the client that reads it, such as dev.openhands/commands/.',
  example: 'my-plugin/plugin.json with my-plugin/commands/run.md',
});

/** The rules of the `agent-plugins` profile's own checks, in the order the documentation lists them. */
export const AGENT_PLUGINS_RULES: readonly Rule[] = [
  AGENT_PLUGINS_MANIFEST_MISSING,
  AGENT_PLUGINS_UNREADABLE,
  AGENT_PLUGINS_OUTSIDE_ROOT,
  AGENT_PLUGINS_COMPONENT_KIND,
  AGENT_PLUGINS_SKILL_NOT_DISCOVERED,
  AGENT_PLUGINS_LEGACY_MCP,
  AGENT_PLUGINS_MCP_VERSION_MISMATCH,
  AGENT_PLUGINS_EXTENSION_NAMESPACE,
  AGENT_PLUGINS_CLIENT_FOLDER,
];
