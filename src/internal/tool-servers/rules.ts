// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * The rules of the tool-server files that plugins and skill folders share: every rule the
 * `.mcp.json` reader raises, most of which the Agent Plugins `mcp.json` reader
 * (`src/plugins/mcp/`) raises too. `MCP_RULES` there lists them with its own.
 * @module
 */
import { defineRule } from '../rule';

/** The file is JSON but not an object. */
export const MCP_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'mcp-not-object',
  severity: 'error',
  title: 'The tool-server file is not a JSON object',
  description: 'Both mcp.json and .mcp.json hold one object with "mcpServers"; anything else loads no servers.',
  hint: 'Write { "mcpServers": { "<name>": { … } } }.',
  example: '[{ "command": "npx" }]',
});

/** A key the format does not define. */
export const MCP_UNKNOWN_KEY = /* @__PURE__ */ defineRule({
  code: 'mcp-unknown-key',
  severity: 'error',
  title: 'A key the tool-server format does not define',
  description:
    'mcp.json is closed: another top-level key disables tool servers for the plugin. In .mcp.json the service ignores other top-level keys and drops server keys its model does not have (such as "authentication", "tools", "include_tags").',
  hint: 'Remove the key.',
  example: '{ "$schema": "…", "mcpServers": {}, "version": 1 }',
});

/** No `mcpServers`. */
export const MCP_SERVERS_MISSING = /* @__PURE__ */ defineRule({
  code: 'mcp-servers-missing',
  severity: 'error',
  title: 'The file has no "mcpServers"',
  description: 'mcp.json requires "mcpServers" (it may be empty) and is disabled without it; a .mcp.json without it declares no servers.',
  hint: 'Add "mcpServers": { … }.',
  example: '{ "$schema": "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json" }',
});

/** Servers written at the top level of a .mcp.json. */
export const MCP_SERVERS_AT_ROOT = /* @__PURE__ */ defineRule({
  code: 'mcp-servers-at-root',
  severity: 'error',
  title: 'Servers at the top level instead of under "mcpServers"',
  description:
    'The validator accepts servers written at the top level, but the service then reads "mcpServers", finds none, and starts no server.',
  hint: 'Move the servers under "mcpServers": { "mcpServers": { "github": { … } } }.',
  example: '{ "github": { "command": "github-mcp" } }',
});

/** A value of the wrong JSON type. */
export const MCP_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'mcp-wrong-type',
  severity: 'error',
  title: 'A value has the wrong JSON type',
  description:
    'In mcp.json a bad "mcpServers" disables tool servers and a bad server field skips that server. In .mcp.json any type error makes the service load none of the file\'s servers.',
  hint: 'Write the value with the JSON type the format defines (env and header values are strings).',
  example: '{ "mcpServers": { "db": { "command": "db-mcp", "args": "--port 5432" } } }',
});

/** A server entry the service skips or refuses. */
export const MCP_INVALID_SERVER = /* @__PURE__ */ defineRule({
  code: 'mcp-invalid-server',
  severity: 'error',
  title: 'A server entry does not fit any server shape',
  description:
    'An mcp.json server is a closed object: "type" is "stdio", "streamable-http" or "sse", with only that variant\'s fields; an invalid entry is skipped. A .mcp.json server needs a "command" or a "url", and one invalid server makes the service load none.',
  hint: 'Give the server a "type" and only the fields of that type.',
  example: '{ "mcpServers": { "api": { "url": "https://example.com/mcp" } } }',
});

/** A credential written into the file. */
export const MCP_LITERAL_CREDENTIAL = /* @__PURE__ */ defineRule({
  code: 'mcp-literal-credential',
  severity: 'warning',
  title: 'A credential written into the tool-server file',
  description:
    'Header and env values are visible package data: anyone who installs the plugin can read them. The Agent Plugins specification forbids secrets there.',
  hint: 'In .mcp.json write "${VARIABLE}" and let the service fill it from conversation secrets; in mcp.json leave authorization to the client.',
  example: '{ "headers": { "Authorization": "Bearer sk-live-…" } }',
});

/** A placeholder that stays as written. */
export const MCP_PLACEHOLDER_NOT_EXPANDED = /* @__PURE__ */ defineRule({
  code: 'mcp-placeholder-not-expanded',
  severity: 'warning',
  title: 'A placeholder the service leaves as written',
  description:
    'mcp.json expands only ${PLUGIN_ROOT} and ${PLUGIN_DATA}, only in args, env values and cwd. .mcp.json expands braced ${VAR} and ${VAR:-default} from SKILL_ROOT, secrets and the environment, and sets no ${PLUGIN_ROOT} or ${CLAUDE_PLUGIN_ROOT}. Anything else reaches the server as written.',
  hint: 'Use a placeholder the file format expands where it expands it.',
  example: '{ "args": ["${CLAUDE_PLUGIN_ROOT}/server.js"] }',
});

/** A number or boolean written as text. */
export const MCP_VALUE_COERCED = /* @__PURE__ */ defineRule({
  code: 'mcp-value-coerced',
  severity: 'warning',
  title: 'A number or boolean written as text',
  description: 'The service converts "30" to 30 and "yes" to true in .mcp.json; other readers of the format refuse such values.',
  hint: 'Write the number or boolean without quotes.',
  example: '{ "command": "server", "timeout": "30000" }',
});

/** A value FastMCP accepts and the service's own server model refuses. */
export const MCP_SERVER_MODEL_REFUSED = /* @__PURE__ */ defineRule({
  code: 'mcp-server-model-refused',
  severity: 'error',
  title: "A value FastMCP accepts but the service's own server model refuses",
  description:
    'FastMCP accepts an empty "command" or "url" and "env" values that are not text, but the service\'s own server model refuses them, after the checks its skill loader catches: a plugin loads none of the file\'s servers, and for a skill (a SKILL.md folder\'s .mcp.json, a legacy file\'s mcp_tools) the error escapes the loader, so the service drops every skill of the folder (project, user and organization folders) or the skill (public catalog, plugins).',
  hint: 'Write the server\'s command (or URL), and env values as text ("5432").',
  example: '{ "mcpServers": { "db": { "command": "db", "env": { "PORT": 5432 } } } }',
});
