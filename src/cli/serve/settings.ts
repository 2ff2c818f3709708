/**
 * The options of `agentwire serve`, read and checked: durations, limits, where the data goes.
 * @module
 */
import { DEFAULT_MAX_EVENTS } from '../../webhooks/index';
import { UsageError } from '../io';

/** What `serve` runs with. */
export interface ServeSettings {
  port: number;
  host: string;
  quiet: boolean;
  /** Milliseconds a shutdown may take before open requests are cut. */
  shutdownMs: number;
  /** Milliseconds a client has to send its request headers. */
  headersMs: number;
  /** Milliseconds a client has to send its whole request, body included. */
  requestMs: number;
  /** Milliseconds an idle kept-alive connection stays open. */
  keepAliveMs: number;
  /** Connections open at once (viewer streams apart): the oldest waiting one makes room for a new one. */
  maxConnections: number;
  /** Connections open at once from one address (IPv6: one /64). */
  maxConnectionsPerAddress: number;
  /** Viewer streams open at once; more are answered 503. */
  maxStreams: number;
  /** Viewer streams open at once from one address. */
  maxStreamsPerAddress: number;
  /** Events one request may carry. */
  maxEvents: number;
  /** What to do with fields no model of this version defines (a newer server's). */
  unknownFields: 'keep' | 'reject';
}

/** The defaults, as `--help` states them. */
export const SERVE_DEFAULTS = {
  shutdownMs: 10_000,
  // A sender writes its headers at once; a few seconds keep silent sockets from holding places.
  headersMs: 5_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  maxConnections: 1024,
  maxConnectionsPerAddress: 256,
  maxStreams: 64,
  maxStreamsPerAddress: 16,
  maxEvents: DEFAULT_MAX_EVENTS,
  // Keeping a newer server's fields loses nothing; refusing them stops the conversation's deliveries.
  unknownFields: 'keep',
} as const;

/** A duration in milliseconds from `10`, `2.5`, `10s` or `500ms` (plain numbers are seconds). */
export function parseDuration(option: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (match[2] === 'ms' ? 1 : 1000) : Number.NaN;
  if (!Number.isFinite(ms) || ms <= 0 || ms > 86_400_000)
    throw new UsageError(`${option} must be a duration such as 10, 2.5s or 500ms (more than 0, at most a day), not ${text}`);
  return Math.round(ms);
}

/** A whole number of at least 1. */
export function parseCount(option: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1)
    throw new UsageError(`${option} must be a whole number of at least 1, not ${text}`);
  return value;
}

/** `--unknown-fields`: `keep` (the default) or `reject`. */
function parseUnknownFields(text: string | undefined): 'keep' | 'reject' {
  if (text === undefined) return SERVE_DEFAULTS.unknownFields;
  if (text === 'keep' || text === 'reject') return text;
  throw new UsageError(`--unknown-fields must be keep or reject, not ${text}`);
}

/** The settings from parsed option values. */
export function readSettings(values: Record<string, string | boolean | undefined>): ServeSettings {
  const text = (name: string) => values[name] as string | undefined;
  const port = Number(text('port') ?? 3000);
  if (!/^\d+$/.test(text('port') ?? '3000') || port > 65535) throw new UsageError(`--port must be a port number, not ${text('port')}`);
  const settings: ServeSettings = {
    port,
    host: text('host') ?? '127.0.0.1',
    quiet: values.quiet === true,
    shutdownMs: parseDuration('--shutdown-timeout', text('shutdown-timeout'), SERVE_DEFAULTS.shutdownMs),
    headersMs: parseDuration('--headers-timeout', text('headers-timeout'), SERVE_DEFAULTS.headersMs),
    requestMs: parseDuration('--request-timeout', text('request-timeout'), SERVE_DEFAULTS.requestMs),
    keepAliveMs: parseDuration('--keep-alive-timeout', text('keep-alive-timeout'), SERVE_DEFAULTS.keepAliveMs),
    maxConnections: parseCount('--max-connections', text('max-connections'), SERVE_DEFAULTS.maxConnections),
    maxConnectionsPerAddress: parseCount(
      '--max-connections-per-address',
      text('max-connections-per-address'),
      SERVE_DEFAULTS.maxConnectionsPerAddress,
    ),
    maxStreams: parseCount('--max-streams', text('max-streams'), SERVE_DEFAULTS.maxStreams),
    maxStreamsPerAddress: parseCount('--max-streams-per-address', text('max-streams-per-address'), SERVE_DEFAULTS.maxStreamsPerAddress),
    maxEvents: parseCount('--max-events', text('max-events'), SERVE_DEFAULTS.maxEvents),
    unknownFields: parseUnknownFields(text('unknown-fields')),
  };
  // Node refuses a headers timeout longer than the request's: the request timeout covers the headers too.
  if (settings.headersMs > settings.requestMs) settings.headersMs = settings.requestMs;
  return settings;
}
