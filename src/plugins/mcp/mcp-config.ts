/**
 * The Agent Plugins `mcp.json` (at the plugin root, no leading dot): a closed document whose
 * servers are closed variants, read with the specification's failure boundaries as the service
 * (1.49 and later) applies them: an invalid document disables tool servers for the plugin, an
 * invalid entry is skipped alone.
 * @module
 */

import { compareDiagnostics } from '../../internal/diagnostic';
import { checkJsonType, hasOwn, type JsonCheckContext, jsonTypeOf, readJsonObject, report, setOwn } from '../../internal/json-checks';
import { requireText } from '../../internal/json-document';
import type { ParseResult } from '../../internal/result';
import { MCP_NOT_OBJECT, MCP_SERVERS_MISSING, MCP_UNKNOWN_KEY, MCP_WRONG_TYPE } from '../../internal/tool-servers/rules';
import { AGENT_PLUGINS_MANIFEST_SCHEMA } from '../manifest/manifest';
import { MCP_SCHEMA_MISSING, MCP_SCHEMA_UNSUPPORTED } from './mcp-rules';
import { checkMcpServer, type McpServer } from './mcp-server';

export type { McpServer, McpSseServer, McpStdioServer, McpStreamableHttpServer } from './mcp-server';

/** The only `$schema` an Agent Plugins 1.0.0 mcp.json may have. */
export const AGENT_PLUGINS_MCP_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json';

/** An Agent Plugins mcp.json: the servers the specification accepts, invalid entries left out. */
export interface McpConfig {
  $schema: typeof AGENT_PLUGINS_MCP_SCHEMA;
  mcpServers: Record<string, McpServer>;
}

/** Options of {@link parseMcpConfig}. */
export interface ParseMcpConfigOptions {
  /** The file name diagnostics carry, such as `my-plugin/mcp.json`. */
  file: string;
}

/**
 * Parses an Agent Plugins `mcp.json`. An invalid document (syntax, `$schema`, another top-level
 * key, a bad `mcpServers`) gives `ok: false`: the service disables tool servers for the plugin and
 * loads the rest of it. An invalid entry is left out of the value with an error; the others load.
 * An `sse` entry is valid and kept, with an error saying the service skips it. A byte-order mark
 * is tolerated.
 */
export function parseMcpConfig(json: string, options: ParseMcpConfigOptions): ParseResult<McpConfig> {
  if (typeof options?.file !== 'string') throw new TypeError('parseMcpConfig: options.file must be a string');
  requireText(json, 'parseMcpConfig');
  const read = readJsonObject(
    json,
    options.file,
    'strip',
    MCP_NOT_OBJECT,
    (type) => `mcp.json holds ${type}, not an object; the service disables tool servers for this plugin.`,
  );
  if (!read.ok) return read;
  const { context, root } = read;
  let valid = checkSchema(context, root);
  for (const key of Object.keys(root)) {
    if (key === '$schema' || key === 'mcpServers') continue;
    report(
      context,
      MCP_UNKNOWN_KEY,
      [key],
      'key',
      `mcp.json allows only "$schema" and "mcpServers"; because of "${key}" the service disables tool servers for this plugin.`,
    );
    valid = false;
  }
  const config: McpConfig = { $schema: AGENT_PLUGINS_MCP_SCHEMA, mcpServers: {} };
  if (!hasOwn(root, 'mcpServers')) {
    report(context, MCP_SERVERS_MISSING, [], 'value', 'mcp.json has no "mcpServers"; the service disables tool servers for this plugin.');
    valid = false;
  } else if (
    checkJsonType(
      context,
      MCP_WRONG_TYPE,
      ['mcpServers'],
      root.mcpServers,
      ['object'],
      'the service disables tool servers for this plugin.',
    )
  ) {
    const servers = root.mcpServers as Record<string, unknown>;
    for (const name of Object.keys(servers)) {
      const server = checkMcpServer(context, ['mcpServers', name], servers[name]);
      if (server) setOwn(config.mcpServers, name, server);
    }
  } else valid = false;
  context.diagnostics.sort(compareDiagnostics);
  return valid ? { ok: true, value: config, diagnostics: context.diagnostics } : { ok: false, diagnostics: context.diagnostics };
}

function checkSchema(context: JsonCheckContext, root: Record<string, unknown>): boolean {
  if (!hasOwn(root, '$schema')) {
    report(context, MCP_SCHEMA_MISSING, [], 'value', 'mcp.json has no "$schema"; the service disables tool servers for this plugin.');
    return false;
  }
  const schema = root.$schema;
  if (schema === AGENT_PLUGINS_MCP_SCHEMA) return true;
  const shown = typeof schema === 'string' ? `"${schema}"` : jsonTypeOf(schema);
  report(
    context,
    MCP_SCHEMA_UNSUPPORTED,
    ['$schema'],
    'value',
    `"$schema" is ${shown}, which the service does not support; it disables tool servers for this plugin.`,
    {
      hint:
        schema === AGENT_PLUGINS_MANIFEST_SCHEMA
          ? `That is the plugin.json schema; mcp.json needs "${AGENT_PLUGINS_MCP_SCHEMA}".`
          : `Set "$schema" to exactly "${AGENT_PLUGINS_MCP_SCHEMA}".`,
    },
  );
  return false;
}
