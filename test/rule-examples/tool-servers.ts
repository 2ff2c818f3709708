/** Examples of the rules of tool-server files: the Agent Plugins mcp.json and the legacy .mcp.json. */
import type { RuleExamples } from './types';

const PLUGIN_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';
const MCP_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json';

/** An Agent Plugins plugin whose mcp.json holds `mcp` as written. */
const agentPlugin = (mcp: string) => ({
  'plugin.json': `{ "$schema": "${PLUGIN_SCHEMA}", "name": "demo" }\n`,
  'mcp.json': mcp,
});

/** An Agent Plugins plugin whose mcp.json declares `servers`. */
const servers = (servers: Record<string, unknown>) =>
  agentPlugin(`${JSON.stringify({ $schema: MCP_SCHEMA, mcpServers: servers }, null, 2)}\n`);

/** A legacy plugin whose .mcp.json holds `mcp` as written. */
const legacyPlugin = (mcp: string) => ({ '.claude-plugin/plugin.json': '{ "name": "demo" }\n', '.mcp.json': mcp });

export const TOOL_SERVERS_EXAMPLES: RuleExamples = {
  'mcp-not-object': {
    files: agentPlugin('[{ "command": "npx" }]\n'),
  },
  'mcp-schema-missing': {
    files: agentPlugin('{ "mcpServers": {} }\n'),
  },
  'mcp-schema-unsupported': {
    files: agentPlugin(`{ "$schema": "${PLUGIN_SCHEMA}", "mcpServers": {} }\n`),
    note: 'The plugin.json schema where the mcp.json one belongs.',
  },
  'mcp-unknown-key': {
    files: agentPlugin(`{ "$schema": "${MCP_SCHEMA}", "mcpServers": {}, "version": 1 }\n`),
  },
  'mcp-servers-missing': {
    files: agentPlugin(`{ "$schema": "${MCP_SCHEMA}" }\n`),
  },
  'mcp-servers-at-root': {
    files: legacyPlugin('{ "github": { "command": "github-mcp" } }\n'),
  },
  'mcp-wrong-type': {
    files: servers({ db: { type: 'stdio', command: 'db-mcp', env: { PORT: 5432 } } }),
  },
  'mcp-invalid-server': {
    files: servers({ api: { url: 'https://example.com/mcp' } }),
    note: 'No "type": an mcp.json server says which transport it uses.',
  },
  'mcp-command-invalid': {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder as a plugin author writes it
    files: servers({ server: { type: 'stdio', command: '${PLUGIN_ROOT}/bin/server' } }),
  },
  'mcp-cwd-invalid': {
    files: servers({ server: { type: 'stdio', command: 'server', cwd: 'data' } }),
  },
  'mcp-env-reserved': {
    files: servers({ server: { type: 'stdio', command: 'server', env: { PLUGIN_ROOT: '.' } } }),
  },
  'mcp-url-invalid': {
    files: servers({ api: { type: 'streamable-http', url: 'http://api.example.com/mcp' } }),
  },
  'mcp-header-invalid': {
    files: servers({ api: { type: 'streamable-http', url: 'https://api.example.com/mcp', headers: { 'X-Tenant': 'a', 'x-tenant': 'b' } } }),
  },
  'mcp-header-ignored': {
    files: servers({
      api: { type: 'streamable-http', url: 'https://api.example.com/mcp', headers: { 'Content-Type': 'application/json' } },
    }),
  },
  'mcp-literal-credential': {
    files: servers({
      api: {
        type: 'streamable-http',
        url: 'https://api.example.com/mcp',
        headers: { Authorization: 'Bearer sk-live-4f9a8b7c6d5e4f3a2b1c' },
      },
    }),
  },
  'mcp-transport-unsupported': {
    files: servers({ events: { type: 'sse', url: 'https://example.com/sse' } }),
  },
  'mcp-placeholder-not-expanded': {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's placeholder, which the service does not expand
    files: servers({ server: { type: 'stdio', command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/server.js'] } }),
  },
  'mcp-server-model-refused': {
    files: legacyPlugin('{ "mcpServers": { "db": { "command": "" } } }\n'),
  },
  'mcp-value-coerced': {
    files: legacyPlugin('{ "mcpServers": { "server": { "command": "server", "timeout": "30000" } } }\n'),
  },
};
