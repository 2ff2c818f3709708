/**
 * `createClient`: the typed V1 API client. Every operation of the vendored OpenAPI document has a
 * method (generated into `./generated/`), with the conveniences on top and `request()` for what
 * the document does not have yet.
 * @module
 */
import * as v from 'valibot';
import type { APIPromise } from './api-promise';
import { createCore, type HttpMethod, type RawRequestInit } from './core';
import type { ClientUnknownField, UnknownFieldsMode, UnknownKindsMode } from './event-item';
import { createConfigOperations } from './generated/config';
import { createGitOperations } from './generated/git';
import type {
  ConfigOperations,
  GitOperations,
  PendingMessagesOperations,
  SandboxSpecsOperations,
  SecretsOperations,
  SettingsOperations,
  SkillsOperations,
  UsersOperations,
  WebhooksOperations,
} from './generated/index';
import { createPendingMessagesOperations } from './generated/pending-messages';
import { createSandboxSpecsOperations } from './generated/sandbox-specs';
import { createSecretsOperations } from './generated/secrets';
import { createSettingsOperations } from './generated/settings';
import { createSkillsOperations } from './generated/skills';
import { createUsersOperations } from './generated/users';
import { createWebhooksOperations } from './generated/webhooks';
import { INSPECT } from './redact';
import type { RequestOptions } from './request-options';
import { type AppConversationsResource, createAppConversationsResource } from './resources/app-conversations';
import { createEventsResource, type EventsResource } from './resources/events';
import { createSandboxesResource, type SandboxesResource } from './resources/sandboxes';
import { decodeResponse } from './response';
import { createTransport, type RequestInfo, type ResponseInfo, type Send, sharedTransportOptions } from './transport';

/** Options of {@link createClient}. */
export interface ClientOptions<Mode extends UnknownKindsMode = UnknownKindsMode> {
  /** The service's base URL, such as `https://app.example.com` (paths start with `/api/…`). */
  baseUrl: string;
  /** The API key. It never appears in errors, logs or inspection output. */
  apiKey: string;
  /**
   * How `apiKey` is sent to the V1 API: `'bearer'` (default, the hosted service's API keys):
   * `Authorization: Bearer <key>`; `'session-key'` (a self-hosted server started with a session
   * key): `X-Session-API-Key`. The webhook callbacks (`webhooks.sendEvents`,
   * `webhooks.sendConversation`) always send `X-Session-API-Key`, whatever this says.
   */
  auth?: 'bearer' | 'session-key';
  /**
   * The sandbox's session key, for the webhook callbacks (`webhooks.sendEvents`,
   * `webhooks.sendConversation`), sent as `X-Session-API-Key` (default: `apiKey`). Never shown.
   */
  sessionApiKey?: string;
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
  /**
   * Events of a kind no schema knows (the actions of client-defined tools): `'reject'` (default)
   * fails the answer that holds one; `'keep'` keeps them as `LenientEvent`s, and the client's
   * event methods are typed `Event | LenientEvent`.
   */
  unknownKinds?: Mode;
  /**
   * Fields no model of this version defines (a newer service's): `'reject'` (default) fails the
   * answer that holds one, as the service's own models would; `'keep'` keeps them in the events it
   * yields and tells `onUnknownField` once per model and key.
   */
  unknownFields?: UnknownFieldsMode;
  /** Told of each field `unknownFields: 'keep'` kept, the first time an answer holds it. */
  onUnknownField?: (field: ClientUnknownField) => void;
}

/** What `JSON.stringify(client)` and `util.inspect(client)` show: never the key. */
export interface ClientSummary {
  baseUrl: string;
  auth: 'bearer' | 'session-key';
  apiKey: '[redacted]';
}

/**
 * The client of the service's V1 API, made by {@link createClient}. Each namespace holds the
 * operations of the OpenAPI document under it; every method takes per-request options last
 * (`signal`, `timeout`, `maxRetries`, `headers`) and returns an `APIPromise` (`.withResponse()`
 * gives the status, headers and request id), searches a `PagePromise` (`for await` walks every
 * item). `Mode` is the client's `unknownKinds`.
 */
export interface AgentwireClient<Mode extends UnknownKindsMode = 'reject'> {
  /** Conversations: create (and `waitUntilReady`), search, count, get, update, delete, send messages, files, git, skills, hooks, start tasks. */
  readonly appConversations: AppConversationsResource;
  /** A conversation's events, decoded with agentwire's codecs: search, count, get. */
  readonly events: EventsResource<Mode>;
  /** Messages queued for a conversation that is not ready yet. */
  readonly pendingMessages: PendingMessagesOperations;
  /** Sandboxes: search, get, start, pause, resume, delete, and the secrets they read. */
  readonly sandboxes: SandboxesResource;
  /** Sandbox templates: search, get. */
  readonly sandboxSpecs: SandboxSpecsOperations;
  /** The user's settings and saved LLM profiles. */
  readonly settings: SettingsOperations;
  /** The user's custom secrets and git provider tokens. */
  readonly secrets: SecretsOperations;
  /** The current user. */
  readonly users: UsersOperations;
  /** Skills available to the user, and previews of marketplaces. */
  readonly skills: SkillsOperations;
  /** What agent servers call on the service: conversation updates, events, secrets. */
  readonly webhooks: WebhooksOperations;
  /** The service's configuration: web client, models, providers. */
  readonly config: ConfigOperations;
  /** The user's git installations, repositories, branches and suggested tasks. */
  readonly git: GitOperations;
  /** The user's remaining credits: a number, 0 when the user has no budget (never null). `GET /api/billing/credits` */
  credits(options?: RequestOptions): APIPromise<number>;
  /**
   * Any request, for what the OpenAPI document does not have yet: `path` is joined to `baseUrl`,
   * with the client's credentials, retries (POST and PATCH only where the server did not act,
   * unless `idempotent: true`), timeouts and redaction. The body comes back parsed and
   * unchecked, or checked by `init.schema`.
   *
   * ```ts
   * const flags = await api.request<{ beta: boolean }>('GET', '/api/v2/feature-flags');
   * ```
   */
  request<T = unknown>(method: HttpMethod, path: `/${string}`, init?: RawRequestInit<T>): APIPromise<T>;
  /** The client as JSON: base URL and auth scheme, the key redacted. */
  toJSON(): ClientSummary;
}

/** A client made by {@link createClient}. */
export type Client<Mode extends UnknownKindsMode = 'reject'> = AgentwireClient<Mode>;

const CreditsSchema = v.looseObject({ credits: v.exactOptional(v.nullable(v.union([v.string(), v.number()]))) });

/**
 * The webhook callbacks an agent server makes: the service checks the sandbox's session key in
 * `X-Session-API-Key` there (the OpenAPI document's scheme says `X-Access-Token`, which only
 * `GET /api/v1/webhooks/secrets` reads), never the user's bearer key.
 */
const SESSION_KEY_PATH = /^\/api\/v1\/webhooks\/(?:events\/[^/?#]+|conversations)\/?$/;

/** Whether a request goes to a webhook callback, which takes the session key. */
function usesSessionKey(path: string): boolean {
  return SESSION_KEY_PATH.test(path);
}

const creditsOf = (value: unknown, where: string): number => {
  const credits = Number(decodeResponse(CreditsSchema, value, where).credits ?? 0);
  return Number.isFinite(credits) ? credits : 0;
};

/**
 * Creates a client of the service's V1 API (`/api/v1`): conversations, their events (decoded and
 * typed with agentwire's codecs), sandboxes, settings, secrets, skills, and the webhook callbacks
 * agent servers make. Creating it sends nothing; each call is one HTTP request through `fetch`.
 *
 * ```ts
 * import { createClient, NotFoundError } from 'agentwire/api';
 *
 * const api = createClient({ baseUrl: 'https://app.example.com', apiKey: process.env.SERVICE_API_KEY! });
 * const task = await api.appConversations.create({
 *   initial_message: { content: [{ type: 'text', text: 'Fix the failing test' }], run: true },
 * });
 * const conversationId = await api.appConversations.waitUntilReady(task);
 * for await (const event of await api.events.search(conversationId)) console.log(event.kind);
 * ```
 *
 * - Authentication: `apiKey` goes as `Authorization: Bearer` (or `X-Session-API-Key` with
 *   `auth: 'session-key'`); the webhook callbacks always send `X-Session-API-Key`
 *   (`sessionApiKey`, default `apiKey`). Keys never appear in errors, logs, hooks or `inspect`.
 * - Retries: connection failures, timeouts, 408, 429 and 5xx answers are tried again
 *   up to `maxRetries` times (default 2), after the server's `Retry-After` or an exponential
 *   backoff with jitter; `timeout` (default 60 s) bounds each attempt.
 * - Errors: an HTTP error answer rejects with a subclass of `APIError` by status
 *   (`BadRequestError` 400, `AuthenticationError` 401, `PermissionDeniedError` 403,
 *   `NotFoundError` 404, `ConflictError` 409, `UnprocessableEntityError` 422, `RateLimitError` 429,
 *   `InternalServerError` 5xx); no answer rejects with `APIConnectionError` (`APITimeoutError`);
 *   an answer the schemas refuse with `APIResponseValidationError`. All extend `AgentwireError`.
 * - Decoding: `unknownKinds` and `unknownFields` choose between refusing and keeping what a newer
 *   server sends (both `'reject'` by default, as the service's own models do).
 *
 * docs/api-client.md walks through a conversation from creation to its events.
 */
export function createClient<const Mode extends UnknownKindsMode = 'reject'>(options: ClientOptions<Mode>): AgentwireClient<Mode> {
  if (!options.baseUrl) throw new TypeError('createClient: baseUrl is required');
  if (!options.apiKey) throw new TypeError('createClient: apiKey is required');
  const unknownKinds = options.unknownKinds ?? 'reject';
  if (unknownKinds !== 'reject' && unknownKinds !== 'keep') throw new TypeError(`createClient: unknownKinds must be 'reject' or 'keep'`);
  const unknownFields = options.unknownFields ?? 'reject';
  if (unknownFields !== 'reject' && unknownFields !== 'keep') throw new TypeError(`createClient: unknownFields must be 'reject' or 'keep'`);
  const auth = options.auth ?? 'bearer';
  if (auth !== 'bearer' && auth !== 'session-key') throw new TypeError(`createClient: auth must be 'bearer' or 'session-key'`);
  if (options.sessionApiKey !== undefined && typeof options.sessionApiKey !== 'string') {
    throw new TypeError('createClient: sessionApiKey must be a string');
  }
  const sessionKey = options.sessionApiKey || options.apiKey;
  const secrets = [options.apiKey, sessionKey];
  const transport = (credentials: Record<string, string>) =>
    createTransport({
      baseUrl: options.baseUrl,
      headers: { accept: 'application/json', ...options.headers, ...credentials },
      secrets,
      ...sharedTransportOptions(options),
    });
  const userSend = transport(auth === 'bearer' ? { authorization: `Bearer ${options.apiKey}` } : { 'x-session-api-key': options.apiKey });
  const sessionSend = transport({ 'x-session-api-key': sessionKey });
  // Each request carries the credential its route checks: the session key for the webhook callbacks.
  const send: Send = (spec) => (usesSessionKey(spec.path) ? sessionSend : userSend)(spec);
  const core = createCore(send, { unknownKinds, unknownFields, onUnknownField: options.onUnknownField });
  const summary: ClientSummary = { baseUrl: options.baseUrl, auth, apiKey: '[redacted]' };
  const client: AgentwireClient<Mode> = {
    appConversations: createAppConversationsResource(core),
    events: createEventsResource<Mode>(core),
    pendingMessages: createPendingMessagesOperations(core),
    sandboxes: createSandboxesResource(core),
    sandboxSpecs: createSandboxSpecsOperations(core),
    settings: createSettingsOperations(core),
    secrets: createSecretsOperations(core),
    users: createUsersOperations(core),
    skills: createSkillsOperations(core),
    webhooks: createWebhooksOperations(core),
    config: createConfigOperations(core),
    git: createGitOperations(core),
    credits: (requestOptions) =>
      core.call({
        name: 'credits',
        method: 'GET',
        path: '/api/billing/credits',
        idempotent: true,
        options: requestOptions,
        decode: creditsOf,
      }),
    request: (method, path, init) => core.raw(method, path, init),
    toJSON: () => summary,
  };
  Object.defineProperty(client, INSPECT, { value: () => `AgentwireClient ${JSON.stringify(summary)}` });
  return client;
}
