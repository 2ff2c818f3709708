/**
 * The transport of a `.mcp.json` server, as FastMCP checks it and the service's model then reads it.
 * @module
 */

import { type JsonCheckContext, jsonTypeOf, report } from '../json-checks';
import type { JsonPath } from '../python/json';
import { MCP_WRONG_TYPE } from './rules';

/** How a `.mcp.json` server connects: the file's `transport`, else its `type`. */
export type LegacyMcpTransport = 'stdio' | 'http' | 'streamable-http' | 'sse';

/** The consequence of every fatal finding in a .mcp.json. */
const LOADS_NO_SERVER = 'the service loads none of the servers in this file.';
const TRANSPORTS = /* @__PURE__ */ new Set(['stdio', 'http', 'streamable-http', 'sse']);
const REMOTE_TRANSPORTS: readonly unknown[] = ['http', 'streamable-http', 'sse'];

/**
 * The transport the service ends with: `transport` when given, else `type` ("shttp" read as
 * "http"). FastMCP first checks them per shape: a server validated as local (it has a "command")
 * takes only "stdio" in both, a remote one (it has a "url") takes http, streamable-http, sse or
 * null in "transport" and anything in "type". `undefined` when the file is refused, `null` when
 * neither is set.
 */
export function readLegacyTransport(
  context: JsonCheckContext,
  path: JsonPath,
  server: Record<string, unknown>,
  hasCommand: boolean,
  hasUrl: boolean,
): LegacyMcpTransport | null | undefined {
  const hasTransport = Object.hasOwn(server, 'transport');
  const hasType = Object.hasOwn(server, 'type');
  const transport = server.transport;
  const type = server.type;
  const localOk = hasCommand && (!hasTransport || transport === 'stdio') && (!hasType || type === null || type === 'stdio');
  const remoteOk = hasUrl && (!hasTransport || transport === null || REMOTE_TRANSPORTS.includes(transport as string));
  if (!localOk && !remoteOk) {
    const key =
      hasTransport && !(hasCommand ? transport === 'stdio' : transport === null || REMOTE_TRANSPORTS.includes(transport as string))
        ? 'transport'
        : 'type';
    const allowed = hasCommand ? '"stdio"' : '"http", "streamable-http", "sse" or null';
    report(
      context,
      MCP_WRONG_TYPE,
      [...path, key],
      'value',
      `"${key}" is ${describe(server[key])}, but a server with a "${hasCommand ? 'command' : 'url'}" takes only ${allowed}; ${LOADS_NO_SERVER}`,
    );
    return undefined;
  }
  let effective = hasTransport ? transport : type === undefined ? null : type;
  if (effective === 'shttp') effective = 'http';
  if (effective === null) return null;
  if (typeof effective === 'string' && TRANSPORTS.has(effective)) return effective as LegacyMcpTransport;
  report(
    context,
    MCP_WRONG_TYPE,
    [...path, 'type'],
    'value',
    `The service reads "type" ${describe(type)} as the transport, which must be stdio, http, streamable-http or sse; ${LOADS_NO_SERVER}`,
  );
  return undefined;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : jsonTypeOf(value);
}
