/**
 * The Agent Plugins `mcp.json` (at the plugin root, no leading dot): a closed document whose
 * servers are closed variants, read with the specification's failure boundaries as the service
 * (1.49 and later) applies them: an invalid document disables tool servers for the plugin, an
 * invalid entry is skipped alone.
 * @module
 */
import { compareDiagnostics } from '../internal/diagnostic';
import type { JsonPath } from '../internal/json-source';
import {
  checkJsonType,
  createJsonCheckContext,
  hasOwn,
  isJsonObject,
  type JsonCheckContext,
  jsonTypeOf,
  report,
  setOwn,
} from './json-checks';
import { readJsonDocument } from './json-document';
import { AGENT_PLUGINS_MANIFEST_SCHEMA } from './manifest';
import { checkHeaders, checkRemoteUrl } from './mcp-remote';
import {
  MCP_INVALID_SERVER,
  MCP_NOT_OBJECT,
  MCP_SCHEMA_MISSING,
  MCP_SCHEMA_UNSUPPORTED,
  MCP_SERVERS_MISSING,
  MCP_TRANSPORT_UNSUPPORTED,
  MCP_UNKNOWN_KEY,
  MCP_WRONG_TYPE,
} from './mcp-rules';
import { checkStdioCommand, checkStdioCwd, checkStdioEnv, reportOtherPlaceholders } from './mcp-stdio';
import type { ParseResult } from './result';

/** The only `$schema` an Agent Plugins 1.0.0 mcp.json may have. */
export const AGENT_PLUGINS_MCP_SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json';

/** A server started as a subprocess and spoken to over stdin/stdout. */
export interface McpStdioServer {
  type: 'stdio';
  /** A bare executable name, or a `./` path inside the plugin; never expanded. */
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** `./…`, `${PLUGIN_ROOT}…` or `${PLUGIN_DATA}…`; the plugin root when absent. */
  cwd?: string;
}

/** A remote server over MCP Streamable HTTP. */
export interface McpStreamableHttpServer {
  type: 'streamable-http';
  url: string;
  headers?: Record<string, string>;
}

/** A remote server over the deprecated HTTP+SSE transport (the service does not support it). */
export interface McpSseServer {
  type: 'sse';
  url: string;
  headers?: Record<string, string>;
}

/** One server of an Agent Plugins mcp.json. */
export type McpServer = McpStdioServer | McpStreamableHttpServer | McpSseServer;

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

const VARIANT_KEYS: Readonly<Record<McpServer['type'], readonly string[]>> = {
  stdio: ['type', 'command', 'args', 'env', 'cwd'],
  'streamable-http': ['type', 'url', 'headers'],
  sse: ['type', 'url', 'headers'],
};

/**
 * Parses an Agent Plugins `mcp.json`. An invalid document (syntax, `$schema`, another top-level
 * key, a bad `mcpServers`) gives `ok: false`: the service disables tool servers for the plugin and
 * loads the rest of it. An invalid entry is left out of the value with an error; the others load.
 * An `sse` entry is valid and kept, with an error saying the service skips it. A byte-order mark
 * is tolerated.
 */
export function parseMcpConfig(json: string, options: ParseMcpConfigOptions): ParseResult<McpConfig> {
  if (typeof options?.file !== 'string') throw new TypeError('parseMcpConfig: options.file must be a string');
  const document = readJsonDocument(json, options.file, 'strip');
  if (!document.ok) return document;
  const context = createJsonCheckContext(options.file, document.source, document.diagnostics);
  const root = document.source.value;
  if (!isJsonObject(root)) {
    report(
      context,
      MCP_NOT_OBJECT,
      [],
      'value',
      `mcp.json holds ${jsonTypeOf(root)}, not an object; the service disables tool servers for this plugin.`,
    );
    return { ok: false, diagnostics: context.diagnostics };
  }
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
      const server = checkServer(context, ['mcpServers', name], servers[name]);
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

const SKIPPED = 'the service skips this server.';

function checkServer(context: JsonCheckContext, path: JsonPath, value: unknown): McpServer | undefined {
  if (!isJsonObject(value)) {
    report(context, MCP_INVALID_SERVER, path, 'value', `The server is ${jsonTypeOf(value)}, not an object; ${SKIPPED}`);
    return undefined;
  }
  const type = value.type;
  if (type !== 'stdio' && type !== 'streamable-http' && type !== 'sse') {
    reportType(context, path, value);
    return undefined;
  }
  let valid = true;
  for (const key of Object.keys(value)) {
    if (VARIANT_KEYS[type].includes(key)) continue;
    const owner = (Object.keys(VARIANT_KEYS) as McpServer['type'][]).find((other) => VARIANT_KEYS[other].includes(key));
    const why = owner ? `"${key}" belongs to ${owner === 'stdio' ? 'stdio' : 'remote'} servers` : `"${key}" is not a field of any server`;
    report(context, MCP_INVALID_SERVER, [...path, key], 'key', `${why}, and a ${type} server is a closed object; ${SKIPPED}`);
    valid = false;
  }
  const server = type === 'stdio' ? checkStdio(context, path, value) : checkRemote(context, path, value, type);
  return valid ? server : undefined;
}

function reportType(context: JsonCheckContext, path: JsonPath, value: Record<string, unknown>): void {
  if (!hasOwn(value, 'type')) {
    const guess = hasOwn(value, 'command') ? ' "type": "stdio"' : hasOwn(value, 'url') ? ' "type": "streamable-http"' : ' a "type"';
    report(context, MCP_INVALID_SERVER, path, 'value', `The server has no "type"; ${SKIPPED}`, { hint: `Add${guess}.` });
    return;
  }
  const type = value.type;
  const shown = typeof type === 'string' ? `"${type}"` : jsonTypeOf(type);
  const hint =
    type === 'http' ? 'Write "streamable-http": mcp.json names the transport in full.' : 'Use "stdio", "streamable-http" or "sse".';
  report(
    context,
    MCP_INVALID_SERVER,
    [...path, 'type'],
    'value',
    `The server type ${shown} is not stdio, streamable-http or sse; ${SKIPPED}`,
    { hint },
  );
}

function field(context: JsonCheckContext, path: JsonPath, value: unknown, type: 'string' | 'array' | 'object'): boolean {
  return checkJsonType(context, MCP_WRONG_TYPE, path, value, [type], SKIPPED);
}

function required(context: JsonCheckContext, path: JsonPath, server: Record<string, unknown>, key: string): string | undefined {
  if (!hasOwn(server, key)) {
    report(context, MCP_INVALID_SERVER, path, 'value', `The server has no "${key}"; ${SKIPPED}`);
    return undefined;
  }
  if (!field(context, [...path, key], server[key], 'string')) return undefined;
  if (server[key] === '') {
    report(context, MCP_INVALID_SERVER, [...path, key], 'value', `"${key}" is empty; ${SKIPPED}`);
    return undefined;
  }
  return server[key] as string;
}

function stringList(context: JsonCheckContext, path: JsonPath, value: unknown): string[] | undefined {
  if (!field(context, path, value, 'array')) return undefined;
  const items = value as unknown[];
  const valid = items.map((item, index) => field(context, [...path, index], item, 'string')).every(Boolean);
  return valid ? [...(items as string[])] : undefined;
}

function stringRecord(context: JsonCheckContext, path: JsonPath, value: unknown): Record<string, string> | undefined {
  if (!field(context, path, value, 'object')) return undefined;
  const record = value as Record<string, unknown>;
  const valid = Object.keys(record)
    .map((key) => field(context, [...path, key], record[key], 'string'))
    .every(Boolean);
  if (!valid) return undefined;
  const copy: Record<string, string> = {};
  for (const key of Object.keys(record)) setOwn(copy, key, record[key] as string);
  return copy;
}

function checkStdio(context: JsonCheckContext, path: JsonPath, entry: Record<string, unknown>): McpStdioServer | undefined {
  const command = required(context, path, entry, 'command');
  let valid = command !== undefined && checkStdioCommand(context, [...path, 'command'], command);
  const server: McpStdioServer = { type: 'stdio', command: command ?? '' };
  if (hasOwn(entry, 'args')) {
    const args = stringList(context, [...path, 'args'], entry.args);
    if (args) {
      server.args = args;
      args.forEach((arg, index) => {
        reportOtherPlaceholders(context, [...path, 'args', index], arg, `Argument ${index}`);
      });
    } else valid = false;
  }
  if (hasOwn(entry, 'env')) {
    const env = stringRecord(context, [...path, 'env'], entry.env);
    if (env && checkStdioEnv(context, [...path, 'env'], env)) server.env = env;
    else valid = false;
  }
  if (hasOwn(entry, 'cwd')) {
    if (field(context, [...path, 'cwd'], entry.cwd, 'string') && checkStdioCwd(context, [...path, 'cwd'], entry.cwd as string))
      server.cwd = entry.cwd as string;
    else valid = false;
  }
  return valid ? server : undefined;
}

function checkRemote(
  context: JsonCheckContext,
  path: JsonPath,
  entry: Record<string, unknown>,
  type: 'streamable-http' | 'sse',
): McpStreamableHttpServer | McpSseServer | undefined {
  const url = required(context, path, entry, 'url');
  let valid = url !== undefined && checkRemoteUrl(context, [...path, 'url'], url);
  const server: McpStreamableHttpServer | McpSseServer = { type, url: url ?? '' };
  if (hasOwn(entry, 'headers')) {
    const headers = stringRecord(context, [...path, 'headers'], entry.headers);
    if (headers && checkHeaders(context, [...path, 'headers'], headers)) server.headers = headers;
    else valid = false;
  }
  if (valid && type === 'sse') {
    report(
      context,
      MCP_TRANSPORT_UNSUPPORTED,
      [...path, 'type'],
      'value',
      'The service does not support the "sse" transport and skips this server; other clients may connect to it.',
    );
  }
  return valid ? server : undefined;
}
