/**
 * `createAgentServerClient`: what runs inside a sandbox (or beside a self-hosted agent server)
 * talks to the agent server with its `X-Session-API-Key`: LLM profiles and files. The operations
 * are generated from the agent server's own OpenAPI document (spec/agent-server-openapi.json).
 * @module
 */
import type { APIPromise } from '../api-promise';
import { type ClientCore, createCore, type HttpMethod, type RawRequestInit } from '../core';
import { INSPECT } from '../redact';
import { createTransport, type RequestInfo, type ResponseInfo, sharedTransportOptions } from '../transport';
import { type AgentServerFilesResource, createFilesResource } from './files';
import { type AgentServerProfilesResource, createProfilesResource } from './profiles';

/** Options of {@link createAgentServerClient}. */
export interface AgentServerClientOptions {
  /** The agent server's URL (an `exposed_urls` entry of the sandbox). */
  baseUrl: string;
  /** The sandbox's session key, sent as `X-Session-API-Key`. It never appears in errors, logs or inspection output. */
  sessionApiKey: string;
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

/** What `JSON.stringify(server)` and `util.inspect(server)` show: never the key. */
export interface AgentServerClientSummary {
  baseUrl: string;
  sessionApiKey: '[redacted]';
}

/**
 * The client of an agent server, made by {@link createAgentServerClient}. Every method takes
 * per-request options last (`signal`, `timeout`, `maxRetries`, `headers`) and returns an
 * `APIPromise` (`.withResponse()` gives the status, headers and request id); `files.searchSubdirs`
 * returns a `PagePromise` (`for await` walks every folder).
 */
export interface AgentServerClient {
  /** LLM profiles: list, get, save, delete, validate, rename, activate. */
  readonly profiles: AgentServerProfilesResource;
  /** Files: upload, download, create a folder, the home folder, subfolders, archives, trajectories. */
  readonly files: AgentServerFilesResource;
  /**
   * Any request, for what the client does not cover: `path` is joined to `baseUrl`, with the
   * session key, retries, timeouts and redaction. The body comes back parsed and unchecked, or
   * checked by `init.schema`.
   */
  request<T = unknown>(method: HttpMethod, path: `/${string}`, init?: RawRequestInit<T>): APIPromise<T>;
  /** The client as JSON: the base URL, the key redacted. */
  toJSON(): AgentServerClientSummary;
}

/** Creates a client of an agent server. */
export function createAgentServerClient(options: AgentServerClientOptions): AgentServerClient {
  if (!options.baseUrl) throw new TypeError('createAgentServerClient: baseUrl is required');
  if (!options.sessionApiKey) throw new TypeError('createAgentServerClient: sessionApiKey is required');
  const coreWith = (secrets: string[]): ClientCore =>
    createCore(
      createTransport({
        baseUrl: options.baseUrl,
        headers: { accept: 'application/json', ...options.headers, 'x-session-api-key': options.sessionApiKey },
        secrets: [options.sessionApiKey, ...secrets],
        ...sharedTransportOptions(options),
      }),
    );
  const core = coreWith([]);
  const summary: AgentServerClientSummary = { baseUrl: options.baseUrl, sessionApiKey: '[redacted]' };
  const server: AgentServerClient = {
    profiles: createProfilesResource(coreWith),
    files: createFilesResource(core),
    request: (method, path, init) => core.raw(method, path, init),
    toJSON: () => summary,
  };
  Object.defineProperty(server, INSPECT, { value: () => `AgentServerClient ${JSON.stringify(summary)}` });
  return server;
}
