// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * The rules of the tool-server parsers: the Agent Plugins `mcp.json` (`parseMcpConfig`) and the
 * `.mcp.json` of legacy plugins and skill folders (`parseLegacyMcpConfig`). The rules only
 * `mcp.json` raises are here; those of `.mcp.json`, which skill folders have too, live with its
 * reader in `src/internal/tool-servers/`.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';
import {
  MCP_INVALID_SERVER,
  MCP_LITERAL_CREDENTIAL,
  MCP_NOT_OBJECT,
  MCP_PLACEHOLDER_NOT_EXPANDED,
  MCP_SERVER_MODEL_REFUSED,
  MCP_SERVERS_AT_ROOT,
  MCP_SERVERS_MISSING,
  MCP_UNKNOWN_KEY,
  MCP_VALUE_COERCED,
  MCP_WRONG_TYPE,
} from '../../internal/tool-servers/rules';

/** An Agent Plugins mcp.json without `$schema`. */
export const MCP_SCHEMA_MISSING = /* @__PURE__ */ defineRule({
  code: 'mcp-schema-missing',
  severity: 'error',
  title: 'mcp.json has no $schema',
  description:
    'An Agent Plugins mcp.json must name its specification version in "$schema"; without it the service disables tool servers for the plugin (the plugin still loads).',
  hint: 'Add "$schema": "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json".',
  example: '{ "mcpServers": {} }',
});

/** An Agent Plugins mcp.json whose `$schema` is not the 1.0.0 mcp schema. */
export const MCP_SCHEMA_UNSUPPORTED = /* @__PURE__ */ defineRule({
  code: 'mcp-schema-unsupported',
  severity: 'error',
  title: 'mcp.json targets a version the service does not support',
  description:
    'The only supported "$schema" is the Agent Plugins 1.0.0 mcp.json identifier, compared as text; any other value disables tool servers for the plugin.',
  hint: 'Set "$schema" to exactly "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json".',
  example: '{ "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", "mcpServers": {} }',
});

/** A stdio command that is not one token or leaves the plugin. */
export const MCP_COMMAND_INVALID = /* @__PURE__ */ defineRule({
  code: 'mcp-command-invalid',
  severity: 'error',
  title: 'A stdio command that is not a bare name or a ./ path inside the plugin',
  description:
    'An mcp.json "command" is one executable token: a bare name found on the PATH, or a path starting with "./" that stays inside the plugin. Anything else (an absolute path, "../", "bin/server", a placeholder) makes the service skip the server.',
  hint: 'Use a bare name ("npx") or a plugin-relative path ("./bin/server"), and pass arguments in "args".',
  example: '{ "type": "stdio", "command": "${PLUGIN_ROOT}/bin/server" }',
});

/** A cwd of the wrong form or leaving its root. */
export const MCP_CWD_INVALID = /* @__PURE__ */ defineRule({
  code: 'mcp-cwd-invalid',
  severity: 'error',
  title: 'A working directory of the wrong form, or outside its root',
  description:
    'An mcp.json "cwd" starts with "./", "${PLUGIN_ROOT}" or "${PLUGIN_DATA}" and stays inside the plugin or its data folder; otherwise the service skips the server.',
  hint: 'Write "./some/dir", "${PLUGIN_ROOT}/dir" or "${PLUGIN_DATA}/dir", without "..".',
  example: '{ "type": "stdio", "command": "server", "cwd": "data" }',
});

/** An env entry naming a reserved variable. */
export const MCP_ENV_RESERVED = /* @__PURE__ */ defineRule({
  code: 'mcp-env-reserved',
  severity: 'error',
  title: 'env sets PLUGIN_ROOT or PLUGIN_DATA',
  description: 'The service sets PLUGIN_ROOT and PLUGIN_DATA itself; a server whose "env" names either is invalid and skipped.',
  hint: 'Remove the entry; the server receives both variables anyway.',
  example: '{ "type": "stdio", "command": "server", "env": { "PLUGIN_ROOT": "." } }',
});

/** A remote URL the service refuses. */
export const MCP_URL_INVALID = /* @__PURE__ */ defineRule({
  code: 'mcp-url-invalid',
  severity: 'error',
  title: 'A remote server URL the service refuses',
  description:
    'A remote mcp.json server URL is absolute http(s), without user information or a fragment, and https unless the host is exactly localhost or a loopback IP; otherwise the server is skipped.',
  hint: 'Use an https:// URL without credentials or "#".',
  example: '{ "type": "streamable-http", "url": "http://api.example.com/mcp" }',
});

/** A header that is not a valid HTTP field, or repeated. */
export const MCP_HEADER_INVALID = /* @__PURE__ */ defineRule({
  code: 'mcp-header-invalid',
  severity: 'error',
  title: 'A header that is not a valid HTTP field, or appears twice',
  description:
    'Header names are HTTP tokens, unique regardless of case; values are printable ASCII, spaces and tabs. Any other header makes the service skip the server.',
  hint: 'Fix the header name or value, and keep one spelling of each name.',
  example: '{ "headers": { "X-Tenant": "a", "x-tenant": "b" } }',
});

/** A header the client generates itself. */
export const MCP_HEADER_IGNORED = /* @__PURE__ */ defineRule({
  code: 'mcp-header-ignored',
  severity: 'warning',
  title: 'A header the service generates itself',
  description:
    'Headers such as Host, Content-Type, Accept or Mcp-Session-Id are set by the client; the service drops a configured one and connects without it.',
  hint: 'Remove the header.',
  example: '{ "headers": { "Content-Type": "application/json" } }',
});

/** An sse server, which the service does not connect to. */
export const MCP_TRANSPORT_UNSUPPORTED = /* @__PURE__ */ defineRule({
  code: 'mcp-transport-unsupported',
  severity: 'error',
  title: 'A transport the service does not support',
  description:
    'The specification makes "sse" optional and the service does not support it: it skips the server (other clients may connect to it).',
  hint: 'Serve the tool server over "streamable-http" if it can.',
  example: '{ "type": "sse", "url": "https://example.com/sse" }',
});

/** The rules of the tool-server parsers, both formats. */
export const MCP_RULES: readonly Rule[] = [
  MCP_NOT_OBJECT,
  MCP_SCHEMA_MISSING,
  MCP_SCHEMA_UNSUPPORTED,
  MCP_UNKNOWN_KEY,
  MCP_SERVERS_MISSING,
  MCP_SERVERS_AT_ROOT,
  MCP_WRONG_TYPE,
  MCP_INVALID_SERVER,
  MCP_SERVER_MODEL_REFUSED,
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
