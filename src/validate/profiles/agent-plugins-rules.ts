/**
 * The rules of the `agent-plugins` profile: Agent Plugins 1.0.0 conformance of plugin folders
 * (the manifest, components in their fixed locations, containment, client extensions). The
 * manifest, mcp.json and skill rules of the other parsers are raised under this profile too.
 * @module
 */
import type { Rule } from '../../internal/diagnostic';

const rule = (code: string, severity: Rule['severity'], title: string, description: string, hint: string, example: string): Rule => ({
  code: `agent-plugins-${code}`,
  severity,
  title,
  description,
  hint,
  example,
});

export const AGENT_PLUGINS_MANIFEST_MISSING = /* @__PURE__ */ rule(
  'manifest-missing',
  'error',
  'A plugin without a root plugin.json',
  'An Agent Plugins plugin MUST have plugin.json at its root. A plugin with only .plugin/plugin.json or .claude-plugin/plugin.json (or no manifest) is a legacy plugin: the service loads it, but it is not an Agent Plugins plugin and a conforming client does not load it.',
  'Add plugin.json at the plugin root with "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json" and "name".',
  'my-plugin/.plugin/plugin.json and no my-plugin/plugin.json',
);
export const AGENT_PLUGINS_UNREADABLE = /* @__PURE__ */ rule(
  'unreadable',
  'error',
  'A plugin file cannot be read as UTF-8 text',
  'plugin.json and mcp.json are JSON text; a file that cannot be read or decoded rejects the plugin (plugin.json) or disables its tool servers (mcp.json).',
  'Save the file as UTF-8.',
  'A plugin.json saved as UTF-16.',
);
export const AGENT_PLUGINS_OUTSIDE_ROOT = /* @__PURE__ */ rule(
  'outside-root',
  'error',
  'A package path that resolves outside the plugin root',
  'Every file a client reads must stay inside the plugin root once symbolic links are resolved, with the narrowest failure: a plugin.json outside rejects the plugin, a skills/ or mcp.json outside invalidates that component type, a SKILL.md outside skips that skill, a server command or cwd outside skips that server.',
  'Copy the file into the plugin instead of linking to it.',
  'my-plugin/skills/shared -> ../../shared-skills',
);
export const AGENT_PLUGINS_COMPONENT_KIND = /* @__PURE__ */ rule(
  'component-kind',
  'error',
  'A fixed component location of the wrong kind',
  'skills must be a folder and mcp.json a regular file; otherwise a conforming client treats that component type as invalid and loads the others.',
  'Make skills/ a folder of skill folders, and mcp.json a file.',
  'my-plugin/skills as a file',
);
export const AGENT_PLUGINS_SKILL_NOT_DISCOVERED = /* @__PURE__ */ rule(
  'skill-not-discovered',
  'warning',
  'A skill a conforming client does not discover',
  'Skills are discovered only as skills/<child>/SKILL.md: immediate child folders, a file named exactly SKILL.md, no deeper search. A skills/*.md file, a skill.md in another case, a SKILL.md nested deeper or at the plugin root is ignored (the service loads some of these).',
  'Move the skill to skills/<name>/SKILL.md.',
  'my-plugin/skills/deploy.md',
);
export const AGENT_PLUGINS_LEGACY_MCP = /* @__PURE__ */ rule(
  'legacy-mcp',
  'warning',
  'A .mcp.json a conforming client does not read',
  'Agent Plugins reads tool servers only from mcp.json at the plugin root (no leading dot), in its own closed format with "$schema". A .mcp.json (the legacy and Claude Code file) is not read.',
  'Write the servers into mcp.json in the Agent Plugins format.',
  'my-plugin/.mcp.json and no my-plugin/mcp.json',
);
export const AGENT_PLUGINS_MCP_VERSION_MISMATCH = /* @__PURE__ */ rule(
  'mcp-version-mismatch',
  'error',
  'mcp.json targets another Agent Plugins version than plugin.json',
  'The version in mcp.json\'s "$schema" must equal the one plugin.json declares; a mismatch makes the tool-server configuration invalid (the rest of the plugin loads).',
  'Use the same specification version in both "$schema" values.',
  'plugin.json on 1.0.0, mcp.json on 1.1.0',
);
export const AGENT_PLUGINS_EXTENSION_NAMESPACE = /* @__PURE__ */ rule(
  'extension-namespace',
  'warning',
  'A client extension key that is not a reverse-domain namespace',
  'Client-specific manifest data belongs under a reverse-domain namespace in "extensions" (such as "dev.openhands" or "com.example.client"), named after a domain the client controls.',
  "Rename the key to the client's reverse-domain namespace.",
  '{ "extensions": { "openhands": { "entry_command": "run" } } }',
);
export const AGENT_PLUGINS_CLIENT_FOLDER = /* @__PURE__ */ rule(
  'client-folder',
  'warning',
  'A client-specific folder outside a namespace folder',
  "Agent Plugins 1.0.0 defines only skills and MCP servers; client-specific files (commands, agents, hooks…) belong in a top-level folder named after the client's namespace. A conforming client ignores commands/, agents/ or hooks/ at the root; the service reads its own from dev.openhands/.",
  'Move the folder into the namespace folder of the client that reads it, such as dev.openhands/commands/.',
  'my-plugin/plugin.json with my-plugin/commands/run.md',
);

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
