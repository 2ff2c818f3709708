// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * The rules of the tool-server parsers: the Agent Plugins `mcp.json` (`parseMcpConfig`) and the
 * `.mcp.json` of legacy plugins and skill folders (`parseLegacyMcpConfig`).
 * @module
 */
import type { Rule } from '../internal/diagnostic';

/** The file is JSON but not an object. */
export const MCP_NOT_OBJECT: Rule = {
  code: 'mcp-not-object',
  severity: 'error',
  title: 'The tool-server file is not a JSON object',
  description: 'Both mcp.json and .mcp.json hold one object with "mcpServers"; anything else loads no servers.',
  hint: 'Write { "mcpServers": { "<name>": { … } } }.',
  example: '[{ "command": "npx" }]',
};

/** An Agent Plugins mcp.json without `$schema`. */
export const MCP_SCHEMA_MISSING: Rule = {
  code: 'mcp-schema-missing',
  severity: 'error',
  title: 'mcp.json has no $schema',
  description:
    'An Agent Plugins mcp.json must name its specification version in "$schema"; without it the service disables tool servers for the plugin (the plugin still loads).',
  hint: 'Add "$schema": "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json".',
  example: '{ "mcpServers": {} }',
};

/** An Agent Plugins mcp.json whose `$schema` is not the 1.0.0 mcp schema. */
export const MCP_SCHEMA_UNSUPPORTED: Rule = {
  code: 'mcp-schema-unsupported',
  severity: 'error',
  title: 'mcp.json targets a version the service does not support',
  description:
    'The only supported "$schema" is the Agent Plugins 1.0.0 mcp.json identifier, compared as text; any other value disables tool servers for the plugin.',
  hint: 'Set "$schema" to exactly "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json".',
  example: '{ "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", "mcpServers": {} }',
};

/** A key the format does not define. */
export const MCP_UNKNOWN_KEY: Rule = {
  code: 'mcp-unknown-key',
  severity: 'error',
  title: 'A key the tool-server format does not define',
  description:
    'mcp.json is closed: another top-level key disables tool servers for the plugin. In .mcp.json the service ignores other top-level keys and drops server keys its model does not have (such as "authentication", "tools", "include_tags").',
  hint: 'Remove the key.',
  example: '{ "$schema": "…", "mcpServers": {}, "version": 1 }',
};

/** No `mcpServers`. */
export const MCP_SERVERS_MISSING: Rule = {
  code: 'mcp-servers-missing',
  severity: 'error',
  title: 'The file has no "mcpServers"',
  description: 'mcp.json requires "mcpServers" (it may be empty) and is disabled without it; a .mcp.json without it declares no servers.',
  hint: 'Add "mcpServers": { … }.',
  example: '{ "$schema": "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json" }',
};

/** Servers written at the top level of a .mcp.json. */
export const MCP_SERVERS_AT_ROOT: Rule = {
  code: 'mcp-servers-at-root',
  severity: 'error',
  title: 'Servers at the top level instead of under "mcpServers"',
  description:
    'The validator accepts servers written at the top level, but the service then reads "mcpServers", finds none, and starts no server.',
  hint: 'Move the servers under "mcpServers": { "mcpServers": { "github": { … } } }.',
  example: '{ "github": { "command": "github-mcp" } }',
};

/** A value of the wrong JSON type. */
export const MCP_WRONG_TYPE: Rule = {
  code: 'mcp-wrong-type',
  severity: 'error',
  title: 'A value has the wrong JSON type',
  description:
    'In mcp.json a bad "mcpServers" disables tool servers and a bad server field skips that server. In .mcp.json any type error makes the service load none of the file\'s servers.',
  hint: 'Write the value with the JSON type the format defines (env and header values are strings).',
  example: '{ "mcpServers": { "db": { "command": "db-mcp", "env": { "PORT": 5432 } } } }',
};

/** A server entry the service skips or refuses. */
export const MCP_INVALID_SERVER: Rule = {
  code: 'mcp-invalid-server',
  severity: 'error',
  title: 'A server entry does not fit any server shape',
  description:
    'An mcp.json server is a closed object: "type" is "stdio", "streamable-http" or "sse", with only that variant\'s fields; an invalid entry is skipped. A .mcp.json server needs a "command" or a "url", and one invalid server makes the service load none.',
  hint: 'Give the server a "type" and only the fields of that type.',
  example: '{ "mcpServers": { "api": { "url": "https://example.com/mcp" } } }',
};

/** A stdio command that is not one token or leaves the plugin. */
export const MCP_COMMAND_INVALID: Rule = {
  code: 'mcp-command-invalid',
  severity: 'error',
  title: 'A stdio command that is not a bare name or a ./ path inside the plugin',
  description:
    'An mcp.json "command" is one executable token: a bare name found on the PATH, or a path starting with "./" that stays inside the plugin. Anything else (an absolute path, "../", "bin/server", a placeholder) makes the service skip the server.',
  hint: 'Use a bare name ("npx") or a plugin-relative path ("./bin/server"), and pass arguments in "args".',
  example: '{ "type": "stdio", "command": "${PLUGIN_ROOT}/bin/server" }',
};

/** A cwd of the wrong form or leaving its root. */
export const MCP_CWD_INVALID: Rule = {
  code: 'mcp-cwd-invalid',
  severity: 'error',
  title: 'A working directory of the wrong form, or outside its root',
  description:
    'An mcp.json "cwd" starts with "./", "${PLUGIN_ROOT}" or "${PLUGIN_DATA}" and stays inside the plugin or its data folder; otherwise the service skips the server.',
  hint: 'Write "./some/dir", "${PLUGIN_ROOT}/dir" or "${PLUGIN_DATA}/dir", without "..".',
  example: '{ "type": "stdio", "command": "server", "cwd": "data" }',
};

/** An env entry naming a reserved variable. */
export const MCP_ENV_RESERVED: Rule = {
  code: 'mcp-env-reserved',
  severity: 'error',
  title: 'env sets PLUGIN_ROOT or PLUGIN_DATA',
  description: 'The service sets PLUGIN_ROOT and PLUGIN_DATA itself; a server whose "env" names either is invalid and skipped.',
  hint: 'Remove the entry; the server receives both variables anyway.',
  example: '{ "type": "stdio", "command": "server", "env": { "PLUGIN_ROOT": "." } }',
};

/** A remote URL the service refuses. */
export const MCP_URL_INVALID: Rule = {
  code: 'mcp-url-invalid',
  severity: 'error',
  title: 'A remote server URL the service refuses',
  description:
    'A remote mcp.json server URL is absolute http(s), without user information or a fragment, and https unless the host is exactly localhost or a loopback IP; otherwise the server is skipped.',
  hint: 'Use an https:// URL without credentials or "#".',
  example: '{ "type": "streamable-http", "url": "http://api.example.com/mcp" }',
};

/** A header that is not a valid HTTP field, or repeated. */
export const MCP_HEADER_INVALID: Rule = {
  code: 'mcp-header-invalid',
  severity: 'error',
  title: 'A header that is not a valid HTTP field, or appears twice',
  description:
    'Header names are HTTP tokens, unique regardless of case; values are printable ASCII, spaces and tabs. Any other header makes the service skip the server.',
  hint: 'Fix the header name or value, and keep one spelling of each name.',
  example: '{ "headers": { "X-Tenant": "a", "x-tenant": "b" } }',
};

/** A header the client generates itself. */
export const MCP_HEADER_IGNORED: Rule = {
  code: 'mcp-header-ignored',
  severity: 'warning',
  title: 'A header the service generates itself',
  description:
    'Headers such as Host, Content-Type, Accept or Mcp-Session-Id are set by the client; the service drops a configured one and connects without it.',
  hint: 'Remove the header.',
  example: '{ "headers": { "Content-Type": "application/json" } }',
};

/** A credential written into the file. */
export const MCP_LITERAL_CREDENTIAL: Rule = {
  code: 'mcp-literal-credential',
  severity: 'warning',
  title: 'A credential written into the tool-server file',
  description:
    'Header and env values are visible package data: anyone who installs the plugin can read them. The Agent Plugins specification forbids secrets there.',
  hint: 'In .mcp.json write "${VARIABLE}" and let the service fill it from conversation secrets; in mcp.json leave authorization to the client.',
  example: '{ "headers": { "Authorization": "Bearer sk-live-…" } }',
};

/** An sse server, which the service does not connect to. */
export const MCP_TRANSPORT_UNSUPPORTED: Rule = {
  code: 'mcp-transport-unsupported',
  severity: 'error',
  title: 'A transport the service does not support',
  description:
    'The specification makes "sse" optional and the service does not support it: it skips the server (other clients may connect to it).',
  hint: 'Serve the tool server over "streamable-http" if it can.',
  example: '{ "type": "sse", "url": "https://example.com/sse" }',
};

/** A placeholder that stays as written. */
export const MCP_PLACEHOLDER_NOT_EXPANDED: Rule = {
  code: 'mcp-placeholder-not-expanded',
  severity: 'warning',
  title: 'A placeholder the service leaves as written',
  description:
    'mcp.json expands only ${PLUGIN_ROOT} and ${PLUGIN_DATA}, only in args, env values and cwd. .mcp.json expands braced ${VAR} and ${VAR:-default} from SKILL_ROOT, secrets and the environment, and sets no ${PLUGIN_ROOT} or ${CLAUDE_PLUGIN_ROOT}. Anything else reaches the server as written.',
  hint: 'Use a placeholder the file format expands where it expands it.',
  example: '{ "args": ["${CLAUDE_PLUGIN_ROOT}/server.js"] }',
};

/** A number or boolean written as text. */
export const MCP_VALUE_COERCED: Rule = {
  code: 'mcp-value-coerced',
  severity: 'warning',
  title: 'A number or boolean written as text',
  description: 'The service converts "30" to 30 and "yes" to true in .mcp.json; other readers of the format refuse such values.',
  hint: 'Write the number or boolean without quotes.',
  example: '{ "command": "server", "timeout": "30000" }',
};

/** The rules of the tool-server parsers. */
export const MCP_RULES: readonly Rule[] = [
  MCP_NOT_OBJECT,
  MCP_SCHEMA_MISSING,
  MCP_SCHEMA_UNSUPPORTED,
  MCP_UNKNOWN_KEY,
  MCP_SERVERS_MISSING,
  MCP_SERVERS_AT_ROOT,
  MCP_WRONG_TYPE,
  MCP_INVALID_SERVER,
  MCP_COMMAND_INVALID,
  MCP_CWD_INVALID,
  MCP_ENV_RESERVED,
  MCP_URL_INVALID,
  MCP_HEADER_INVALID,
  MCP_HEADER_IGNORED,
  MCP_LITERAL_CREDENTIAL,
  MCP_TRANSPORT_UNSUPPORTED,
  MCP_PLACEHOLDER_NOT_EXPANDED,
  MCP_VALUE_COERCED,
];
