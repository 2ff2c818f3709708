// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * One server of a `.mcp.json`, checked as the service checks it: first by FastMCP's
 * `MCPConfig` (a stdio server needs a `command`, a remote one a `url`, unknown keys allowed),
 * then by the service's own server model (unknown keys dropped, `type` read as the transport,
 * env and header values strings, `auth` a credential object).
 * @module
 */

import {
  isJsonObject,
  type JsonCheckContext,
  jsonTypeOf,
  type LaxResult,
  readLaxBool,
  readLaxFloat,
  readLaxInt,
  report,
  setOwn,
} from '../json-checks';
import type { JsonPath } from '../python/json';
import type { LegacyMcpTransport } from './legacy-mcp-transport';
import { readLegacyTransport } from './legacy-mcp-transport';
import {
  MCP_INVALID_SERVER,
  MCP_LITERAL_CREDENTIAL,
  MCP_SERVER_MODEL_REFUSED,
  MCP_UNKNOWN_KEY,
  MCP_VALUE_COERCED,
  MCP_WRONG_TYPE,
} from './rules';

export type { LegacyMcpTransport } from './legacy-mcp-transport';

/** A `.mcp.json` server as the service keeps it: the fields its model has, `type` folded into `transport`. */
export interface LegacyMcpServer {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string | null;
  url?: string;
  transport?: LegacyMcpTransport | null;
  headers?: Record<string, string>;
  /** Milliseconds, as FastMCP documents it. */
  timeout?: number | null;
  sse_read_timeout?: number | null;
  keep_alive?: boolean | null;
  description?: string | null;
  icon?: string | null;
  /** false keeps the server configured but never started. */
  enabled?: boolean;
  /** A credential object (`{ strategy: 'bearer', value }` and the like), as written. */
  auth?: Record<string, unknown>;
}

/** The consequence of every fatal finding in a .mcp.json. */
export const LOADS_NO_SERVER = 'the service loads none of the servers in this file.';

const AUTH_STRATEGIES = /* @__PURE__ */ new Set(['none', 'api_key', 'bearer', 'basic', 'header', 'oauth2']);
const CREDENTIAL_NAME = /(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIAL)/i;
const CREDENTIAL_HEADER = /^(?:authorization|proxy-authorization|cookie|x-api-key|api-key|x-auth-token)$/i;

/** Checks one server; `undefined` when it makes the service refuse the whole file. */
export function checkLegacyServer(context: JsonCheckContext, path: JsonPath, value: unknown): LegacyMcpServer | undefined {
  if (!isJsonObject(value)) {
    report(context, MCP_INVALID_SERVER, path, 'value', `The server is ${jsonTypeOf(value)}, not an object; ${LOADS_NO_SERVER}`);
    return undefined;
  }
  const hasCommand = Object.hasOwn(value, 'command');
  const hasUrl = Object.hasOwn(value, 'url');
  if (!hasCommand && !hasUrl) {
    report(
      context,
      MCP_INVALID_SERVER,
      path,
      'value',
      `The server has neither "command" (a local server) nor "url" (a remote one); ${LOADS_NO_SERVER}`,
    );
    return undefined;
  }
  const server: LegacyMcpServer = {};
  let valid = true;
  const fail = (key: string, message: string) => {
    report(context, MCP_WRONG_TYPE, [...path, key], 'value', `${message}; ${LOADS_NO_SERVER}`);
    valid = false;
  };
  for (const key of Object.keys(value)) {
    const field = value[key];
    const at = [...path, key];
    switch (key) {
      case 'command':
      case 'url':
        if (typeof field !== 'string') fail(key, `"${key}" must be a string, not ${jsonTypeOf(field)}`);
        else if (field === '') {
          report(
            context,
            MCP_SERVER_MODEL_REFUSED,
            at,
            'value',
            `"${key}" is empty: FastMCP accepts it, but the service's own server model refuses it; ${LOADS_NO_SERVER}`,
          );
          valid = false;
        } else server[key] = field;
        break;
      case 'args':
        if (field === null && hasUrl) break;
        if (!Array.isArray(field) || !field.every((item) => typeof item === 'string')) fail(key, '"args" must be a list of strings');
        else server.args = [...field];
        break;
      case 'env':
      case 'headers': {
        if (field === null && (key === 'env' ? hasUrl : hasCommand)) break;
        const record = readStringRecord(field);
        const notText =
          key === 'env' && isJsonObject(field) ? Object.keys(field).find((name) => typeof field[name] !== 'string') : undefined;
        if (notText !== undefined) {
          report(
            context,
            MCP_SERVER_MODEL_REFUSED,
            [...at, notText],
            'value',
            `"env" values are text to the service's own server model, and ${notText} is ${jsonTypeOf((field as Record<string, unknown>)[notText])} (FastMCP accepts it); ${LOADS_NO_SERVER}`,
          );
          valid = false;
        } else if (!record) fail(key, `"${key}" must be an object whose values are strings`);
        else {
          server[key] = record;
          reportCredentials(context, at, record, key);
        }
        break;
      }
      case 'cwd':
      case 'description':
      case 'icon':
        if (field !== null && typeof field !== 'string') fail(key, `"${key}" must be a string or null, not ${jsonTypeOf(field)}`);
        else server[key] = field as string | null;
        break;
      case 'timeout':
      case 'sse_read_timeout': {
        const number = field === null ? null : lax(context, at, field, key === 'timeout' ? readLaxInt(field) : readLaxFloat(field));
        if (number === undefined) fail(key, `"${key}" must be ${key === 'timeout' ? 'an integer' : 'a number'} or null`);
        else server[key] = number;
        break;
      }
      case 'keep_alive':
      case 'enabled': {
        const flag = field === null && key === 'keep_alive' ? null : lax(context, at, field, readLaxBool(field));
        if (flag === undefined) fail(key, `"${key}" must be a boolean`);
        else if (key === 'enabled') server.enabled = flag as boolean;
        else server.keep_alive = flag;
        break;
      }
      case 'transport':
      case 'type':
        break;
      case 'auth':
        if (field === null) break;
        if (isJsonObject(field) && typeof field.strategy === 'string' && AUTH_STRATEGIES.has(field.strategy))
          server.auth = JSON.parse(JSON.stringify(field)) as Record<string, unknown>;
        else {
          const shown = isJsonObject(field) ? 'an object without a known "strategy"' : jsonTypeOf(field);
          report(
            context,
            MCP_INVALID_SERVER,
            at,
            'value',
            `"auth" is ${shown}: the service's model takes a credential object whose "strategy" is none, api_key, bearer, basic, header or oauth2; ${LOADS_NO_SERVER}`,
            {
              hint: 'Write "auth": { "strategy": "bearer", "value": "${TOKEN}" }, or send the token in "headers": { "Authorization": "Bearer ${TOKEN}" }.',
            },
          );
          valid = false;
        }
        break;
      case 'authentication':
        if (field !== null && !isJsonObject(field)) fail(key, `"authentication" must be an object or null, not ${jsonTypeOf(field)}`);
        else
          report(context, MCP_UNKNOWN_KEY, at, 'key', 'The service drops "authentication": its server model has no such field.', {
            severity: 'warning',
          });
        break;
      default:
        report(context, MCP_UNKNOWN_KEY, at, 'key', `The service drops "${key}": its server model has no such field.`, {
          severity: 'warning',
        });
    }
  }
  const transport = readLegacyTransport(context, path, value, hasCommand, hasUrl);
  if (transport === undefined) valid = false;
  else if (transport !== null) server.transport = transport;
  if (valid && transport === 'stdio' && !hasCommand) {
    report(context, MCP_INVALID_SERVER, path, 'value', `A stdio server needs a "command"; ${LOADS_NO_SERVER}`);
    valid = false;
  }
  if (valid && transport !== null && transport !== 'stdio' && !hasUrl) {
    report(context, MCP_INVALID_SERVER, path, 'value', `A ${transport} server needs a "url"; ${LOADS_NO_SERVER}`);
    valid = false;
  }
  return valid ? server : undefined;
}

function lax<T>(context: JsonCheckContext, path: JsonPath, field: unknown, result: LaxResult<T>): T | undefined {
  if (!result.ok) return undefined;
  if (result.coerced) {
    report(
      context,
      MCP_VALUE_COERCED,
      path,
      'value',
      `The service reads ${JSON.stringify(field)} as ${String(result.value)}; other readers of .mcp.json refuse it.`,
      {
        hint: `Write ${String(result.value)}.`,
      },
    );
  }
  return result.value;
}

function readStringRecord(value: unknown): Record<string, string> | undefined {
  if (!isJsonObject(value) || !Object.values(value).every((item) => typeof item === 'string')) return undefined;
  const copy: Record<string, string> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, value[key] as string);
  return copy;
}

function reportCredentials(context: JsonCheckContext, path: JsonPath, record: Record<string, string>, key: 'env' | 'headers'): void {
  const pattern = key === 'env' ? CREDENTIAL_NAME : CREDENTIAL_HEADER;
  for (const name of Object.keys(record)) {
    const value = record[name] as string;
    if (!pattern.test(name) || value.trim() === '' || value.includes('${')) continue;
    report(
      context,
      MCP_LITERAL_CREDENTIAL,
      [...path, name],
      'value',
      `${name} is written into the file as a literal value, where everyone who can read the file sees it.`,
      {
        hint: `Write "\${${key === 'env' ? name : 'TOKEN'}}" and provide the value as a conversation secret or environment variable.`,
      },
    );
  }
}
