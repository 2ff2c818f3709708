/**
 * What `agentwire serve` prints when it starts: where it listens, the webhook URL, the key, and
 * how to make it reachable from a hosted service.
 * @module
 */
import { isIP } from 'node:net';
import type { ResolvedKey } from './api-key';

/** `http://host:port`, with an IPv6 address in brackets. */
export function formatOrigin(host: string, port: number): string {
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** Whether only this machine can reach the address (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const bare = host.toLowerCase().replace(/^::ffff:/, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

function keyLine(key: ResolvedKey): string {
  switch (key.source) {
    case 'argument':
      return '(as given with --api-key)';
    case 'file':
      return `(read from ${key.path})`;
    case 'environment':
      return '(from AGENTWIRE_API_KEY)';
    case 'stored':
      return `${key.key}   (kept in ${key.path}; senders put it in X-Session-API-Key)`;
    default:
      return `${key.key}   (generated and kept in ${key.path}; senders put it in X-Session-API-Key)`;
  }
}

/** The viewer's sign-in URL: the page, with a one-time token. */
export function viewerUrl(origin: string, token: string): string {
  return `${origin}/viewer?token=${encodeURIComponent(token)}`;
}

/** The start-up lines; `dir` is the data folder, or `store` the database (its URL without a password). */
export function bannerText(options: {
  host: string;
  port: number;
  dir?: string;
  store?: string;
  key: ResolvedKey;
  viewerToken?: string;
}): string {
  const origin = formatOrigin(options.host, options.port);
  const base = `${origin}/api/v1/webhooks`;
  const lines = [
    `agentwire serve: listening on ${origin}`,
    `  webhook URL  ${base}   (events go to ${base}/events/{conversation_id})`,
    ...(options.viewerToken === undefined
      ? []
      : [`  viewer URL   ${viewerUrl(origin, options.viewerToken)}   (the link works once; it signs this browser in)`]),
    `  API key      ${keyLine(options.key)}`,
    options.store === undefined ? `  data         ${options.dir}` : `  store        ${options.store}`,
  ];
  if (isLoopback(options.host)) {
    lines.push(
      `  only this machine can reach it: for a hosted service, listen with --host 0.0.0.0 or put a tunnel in front (such as cloudflared tunnel --url ${origin})`,
    );
  }
  return `${lines.join('\n')}\n`;
}
