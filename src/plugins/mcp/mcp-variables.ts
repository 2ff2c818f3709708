/**
 * Placeholder expansion in an Agent Plugins `mcp.json`, as the service does it: `${PLUGIN_ROOT}`
 * and `${PLUGIN_DATA}`. The braced `${VAR}` of a `.mcp.json`, which skill folders have too, is
 * `src/internal/tool-servers/legacy-mcp-variables.ts`. Edge-safe.
 * @module
 */
import { setOwn } from '../../internal/json-checks';
import type { McpConfig, McpServer } from './mcp-config';

/** The two values an Agent Plugins client provides. */
export interface PluginVariables {
  /** The absolute, resolved plugin folder. */
  pluginRoot: string;
  /** The plugin's persistent data folder. */
  pluginData: string;
}

const PLUGIN_PLACEHOLDER = /\$\{(PLUGIN_ROOT|PLUGIN_DATA)\}/g;

/**
 * Expands `${PLUGIN_ROOT}` and `${PLUGIN_DATA}` in every stdio server's `args`, `env` values and
 * `cwd`, in one pass (text a replacement brings in is not scanned again). Nothing else is expanded:
 * not `command`, env names, URLs or headers, and no other placeholder.
 */
export function expandPluginVariables(config: McpConfig, vars: PluginVariables): McpConfig {
  const expand = (text: string): string =>
    text.replace(PLUGIN_PLACEHOLDER, (_, name: string) => (name === 'PLUGIN_ROOT' ? vars.pluginRoot : vars.pluginData));
  const servers: Record<string, McpServer> = {};
  for (const name of Object.keys(config.mcpServers)) {
    const server = config.mcpServers[name] as McpServer;
    if (server.type !== 'stdio') {
      setOwn(servers, name, server.headers ? { ...server, headers: { ...server.headers } } : { ...server });
      continue;
    }
    const expanded = { ...server };
    if (server.args) expanded.args = server.args.map(expand);
    if (server.env) {
      const env: Record<string, string> = {};
      for (const key of Object.keys(server.env)) setOwn(env, key, expand(server.env[key] as string));
      expanded.env = env;
    }
    if (server.cwd !== undefined) expanded.cwd = expand(server.cwd);
    setOwn(servers, name, expanded);
  }
  return { $schema: config.$schema, mcpServers: servers };
}
