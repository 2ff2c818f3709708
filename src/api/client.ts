/**
 * `createClient`: the typed V1 API client.
 * @module
 */
import * as v from 'valibot';
import { INSPECT } from './redact';
import { appConversationsResource } from './resources/app-conversations';
import { eventsResource } from './resources/events';
import { sandboxesResource, sandboxSpecsResource } from './resources/sandboxes';
import { decodeResponse } from './response';
import { createTransport, type RequestInfo, type ResponseInfo, sharedTransportOptions } from './transport';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The service's base URL, such as `https://app.example.com` (paths start with `/api/…`). */
  baseUrl: string;
  /** The API key. It never appears in errors, logs or inspection output. */
  apiKey: string;
  /** `'bearer'` (default): `Authorization: Bearer <key>`; `'session-key'`: `X-Session-API-Key` (sandboxes, self-hosted). */
  auth?: 'bearer' | 'session-key';
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds per attempt (default 60,000). */
  timeout?: number;
  /** Further attempts after a retryable failure (default 2). */
  maxRetries?: number;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** Cancels every request of the client. */
  signal?: AbortSignal;
  /** Sees each request, secret headers redacted. */
  onRequest?: (info: RequestInfo) => void;
  /** Sees each response, secret headers redacted. */
  onResponse?: (info: ResponseInfo) => void;
}

const CreditsSchema = v.looseObject({ credits: v.optional(v.nullable(v.union([v.string(), v.number()]))) });

/** Creates a client of the V1 API. */
export function createClient(options: ClientOptions) {
  if (!options.baseUrl) throw new TypeError('createClient: baseUrl is required');
  if (!options.apiKey) throw new TypeError('createClient: apiKey is required');
  const auth = options.auth ?? 'bearer';
  const credentials: Record<string, string> =
    auth === 'bearer' ? { authorization: `Bearer ${options.apiKey}` } : { 'x-session-api-key': options.apiKey };
  const request = createTransport({
    baseUrl: options.baseUrl,
    headers: { accept: 'application/json', ...options.headers, ...credentials },
    secrets: [options.apiKey],
    ...sharedTransportOptions(options),
  });
  const summary = { baseUrl: options.baseUrl, auth, apiKey: '[redacted]' };
  return {
    /** Conversations: create, waitUntilReady, search/list, count, get, update, delete, sendMessage, startTasks. */
    appConversations: appConversationsResource(request),
    /** A conversation's events, decoded: search, count. */
    events: eventsResource(request),
    /** Sandboxes: search, start, pause, resume, delete, get. */
    sandboxes: sandboxesResource(request),
    /** Sandbox templates: search, get. */
    sandboxSpecs: sandboxSpecsResource(request),
    /** The user's remaining credits: a number, 0 when the user has no budget (never null). */
    async credits(): Promise<number> {
      const body = decodeResponse(
        CreditsSchema,
        await request({ method: 'GET', path: '/api/billing/credits' }),
        'GET /api/billing/credits',
      );
      const value = Number(body.credits ?? 0);
      return Number.isFinite(value) ? value : 0;
    },
    toJSON: () => summary,
    [INSPECT]: () => `AgentwireClient ${JSON.stringify(summary)}`,
  };
}

/** A client made by {@link createClient}. */
export type Client = ReturnType<typeof createClient>;
