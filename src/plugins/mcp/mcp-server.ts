// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * One server entry of an Agent Plugins `mcp.json`: a closed `stdio`, `streamable-http` or `sse`
 * object, checked field by field; an invalid entry is skipped alone.
 * @module
 */

import { checkJsonType, hasOwn, isJsonObject, type JsonCheckContext, jsonTypeOf, report, setOwn } from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import { MCP_INVALID_SERVER, MCP_WRONG_TYPE } from '../../internal/tool-servers/rules';
import { checkHeaders, checkRemoteUrl } from './mcp-remote';
import { MCP_TRANSPORT_UNSUPPORTED } from './mcp-rules';
import { checkStdioCommand, checkStdioCwd, checkStdioEnv, reportOtherPlaceholders } from './mcp-stdio';

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

const VARIANT_KEYS: Readonly<Record<McpServer['type'], readonly string[]>> = {
  stdio: ['type', 'command', 'args', 'env', 'cwd'],
  'streamable-http': ['type', 'url', 'headers'],
  sse: ['type', 'url', 'headers'],
};

const SKIPPED = 'the service skips this server.';

/** Checks one server entry; `undefined` when the service skips it. */
export function checkMcpServer(context: JsonCheckContext, path: JsonPath, value: unknown): McpServer | undefined {
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
