// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * The remote-server rules of an Agent Plugins `mcp.json` (URL and headers), as the service
 * enforces them before it connects. Edge-safe.
 * @module
 */

import { type JsonCheckContext, report } from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import { MCP_LITERAL_CREDENTIAL, MCP_PLACEHOLDER_NOT_EXPANDED } from '../../internal/tool-servers/rules';
import { MCP_HEADER_IGNORED, MCP_HEADER_INVALID, MCP_URL_INVALID } from './mcp-rules';

/** Headers the client generates, which the service drops from the configuration. */
export const CLIENT_GENERATED_HEADERS: readonly string[] = [
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'keep-alive',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** Header names whose values are credentials. */
export const CREDENTIAL_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
];

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

/** Why the service refuses a remote URL, or undefined when it accepts it. */
export function remoteUrlProblem(url: string): string | undefined {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  const rest = scheme ? url.slice((scheme[0] as string).length) : url;
  const netloc = rest.startsWith('//') ? (/^\/\/([^/?#]*)/.exec(rest)?.[1] ?? '') : '';
  const host = hostnameOf(netloc);
  const protocol = scheme?.[1]?.toLowerCase();
  if ((protocol !== 'http' && protocol !== 'https') || host === '') return 'is not an absolute http(s) URL';
  if (netloc.includes('@')) return 'holds user information (credentials before "@")';
  if (url.includes('#')) return 'has a fragment ("#")';
  if (protocol === 'http' && !isLoopbackHost(host))
    return `uses http for the remote host "${host}" (only localhost and loopback IPs may use http)`;
  return undefined;
}

/** The host of a URL's authority, lowercased, as Python's `urlsplit(...).hostname` gives it. */
function hostnameOf(netloc: string): string {
  const hostinfo = netloc.slice(netloc.lastIndexOf('@') + 1);
  const bracket = hostinfo.indexOf('[');
  const host = bracket === -1 ? hostinfo.split(':')[0] : hostinfo.slice(bracket + 1).split(']')[0];
  return (host ?? '').toLowerCase();
}

/** Whether a host is exactly `localhost` or an IP literal in a loopback range (127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const octets = host.split('.');
  if (octets.length === 4 && octets.every((octet) => /^(?:0|[1-9]\d{0,2})$/.test(octet) && Number(octet) <= 255))
    return octets[0] === '127';
  return isIpv6Loopback(host);
}

function isIpv6Loopback(host: string): boolean {
  if (!/^[0-9a-f:]+$/.test(host) || (host.match(/::/g)?.length ?? 0) > 1) return false;
  const [head = '', tail] = host.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return false;
  return groups.slice(0, 7).every((group) => Number.parseInt(group, 16) === 0) && Number.parseInt(groups[7] as string, 16) === 1;
}

/** Checks a remote server's URL; false when the service skips the server. */
export function checkRemoteUrl(context: JsonCheckContext, path: JsonPath, url: string): boolean {
  const problem = remoteUrlProblem(url);
  if (problem) {
    report(context, MCP_URL_INVALID, path, 'value', `The URL ${problem}; the service skips this server.`);
    return false;
  }
  if (/\$\{[^}]*\}/.test(url)) {
    report(
      context,
      MCP_PLACEHOLDER_NOT_EXPANDED,
      path,
      'value',
      'The URL holds a ${…} placeholder; mcp.json never expands URLs, so it is sent as written.',
    );
  }
  if (!URL.canParse(url)) {
    report(context, MCP_URL_INVALID, path, 'value', 'The service accepts this URL but it is not a valid URL; connecting to it will fail.', {
      severity: 'warning',
    });
  }
  return true;
}

/** Checks a remote server's headers; false when the service skips the server. */
export function checkHeaders(context: JsonCheckContext, path: JsonPath, headers: Record<string, unknown>): boolean {
  let valid = true;
  const seen = new Map<string, string>();
  for (const name of Object.keys(headers)) {
    const at = [...path, name];
    const value = headers[name];
    if (!TOKEN.test(name)) {
      report(context, MCP_HEADER_INVALID, at, 'key', `The header name "${name}" is not a valid HTTP token; the service skips this server.`);
      valid = false;
    }
    const lower = name.toLowerCase();
    const first = seen.get(lower);
    if (first !== undefined) {
      report(
        context,
        MCP_HEADER_INVALID,
        at,
        'key',
        `The header "${name}" repeats "${first}" (names ignore case); the service skips this server.`,
      );
      valid = false;
    } else seen.set(lower, name);
    if (typeof value !== 'string') continue;
    if (!FIELD_VALUE.test(value)) {
      report(
        context,
        MCP_HEADER_INVALID,
        at,
        'value',
        `The value of "${name}" holds characters an HTTP header cannot carry; the service skips this server.`,
        {
          hint: 'Use printable ASCII, spaces and tabs only.',
        },
      );
      valid = false;
    }
    if (CLIENT_GENERATED_HEADERS.includes(lower)) {
      report(context, MCP_HEADER_IGNORED, at, 'key', `The service generates "${name}" itself and drops this configured value.`);
    }
    if (/\$\{[^}]*\}/.test(value)) {
      report(
        context,
        MCP_PLACEHOLDER_NOT_EXPANDED,
        at,
        'value',
        `The value of "${name}" holds a \${…} placeholder; mcp.json never expands headers, so it is sent as written.`,
      );
    } else if (CREDENTIAL_HEADERS.includes(lower) && value.trim() !== '') {
      report(
        context,
        MCP_LITERAL_CREDENTIAL,
        at,
        'value',
        `"${name}" carries a credential in the plugin's files, where every user of the plugin can read it.`,
      );
    }
  }
  return valid;
}
