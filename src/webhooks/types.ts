/**
 * Public types of the webhook handler.
 * @module
 */
import type { Event, EventKind, LenientEvent, UnknownFieldsMode, UnknownKindsMode } from '../events/index';
import type { EventStore } from '../stores/index';
import type { ApiKeyOption } from './auth';
import type { HeaderLookup } from './headers';
import type { SeenStore } from './seen';
import type { SignatureOptions } from './signature';

/** What every listener gets besides the event(s). */
export interface WebhookContext {
  /** The conversation id, lowercase and hyphenated (`8-4-4-4-12`), whatever form the URL used. */
  conversationId: string;
}

export type { UnknownFieldsMode, UnknownKindsMode };

/** The event type listeners get in each mode (an indexed type, so a strict handler fits where either mode is expected). */
export interface EventByMode {
  reject: Event;
  keep: LenientEvent;
}

/**
 * The event type a handler's listeners get: `Event`, or `LenientEvent` for a handler made with
 * `unknownKinds: 'keep'` (`Event | LenientEvent` for one whose mode is not known when it is typed).
 */
export type HandlerEvent<Mode extends UnknownKindsMode = 'reject'> = EventByMode[Mode];

/** The event of kind `K` a handler's listeners get (the lenient variant for a `'keep'` handler). */
export type HandlerEventOf<K extends EventKind, Mode extends UnknownKindsMode = 'reject'> = Extract<HandlerEvent<Mode>, { kind: K }>;

/**
 * Listener of one event. What it returns is ignored, except that a promise is awaited (and a
 * rejected one fails the batch, like a throw).
 */
export type EventListener<E = Event> = (event: E, context: WebhookContext) => unknown;
/** Listener of a whole accepted batch (the events not delivered before), what a store wants. */
export type BatchListener<E = Event> = (events: E[], context: WebhookContext) => unknown;
/** Listener of the conversation info the sender posts to `{basePath}/conversations`. */
export type ConversationListener = (info: Record<string, unknown>) => unknown;
/** Listener of listener failures; it may be async (a rejected promise is swallowed, never unhandled). */
export type ErrorListener = (error: WebhookListenerError) => unknown;

/** A request the handler refused with a 4xx: who asked for what, and why. */
export interface WebhookRejection {
  /** 401, 404, 405, 413 or 422 (and 400 for a body that is not UTF-8). */
  status: number;
  method: string;
  /** The request path (for `receive`, the events path it stands for). */
  path: string;
  /** The conversation, normalized, when the path named a valid one. */
  conversationId: string | undefined;
  /** The answer's detail; for a 422, the first error's location, message and type, and how many more there are. */
  reason: string;
}

/** Listener of refused requests (`onReject`), so a misconfigured sender is visible. */
export type RejectListener = (rejection: WebhookRejection) => unknown;

/**
 * A field no model defines that a handler made with `unknownFields: 'keep'` accepted (a newer
 * server added it): told once per model and key, with where it was first seen.
 */
export interface UnknownFieldNotice {
  /** The model whose object held it: `'AgentErrorEvent'`, `'TerminalAction'`, `'ErrorClassification'`, … */
  model: string;
  /** The field's key. */
  key: string;
  /** Where it is in the event, ending with the key: `['action', 'sandbox']`. */
  path: readonly (string | number)[];
  /** The conversation, normalized. */
  conversationId: string;
  /** The event that held it. */
  eventId: string | undefined;
  /** That event's kind. */
  eventKind: string | undefined;
}

/** Listener of fields no model defines, accepted with `unknownFields: 'keep'` (`onUnknownField`). */
export type UnknownFieldListener = (notice: UnknownFieldNotice) => unknown;

/** The error a failing listener causes: an `AggregateError` of the listeners' errors, with the events. */
export interface WebhookListenerError extends AggregateError {
  /** The events that were being delivered when the listener failed (delivered again on retry). */
  events: Event[];
  /** The conversation, normalized. */
  conversationId: string;
}

/** Where log lines go. */
export interface WebhookLogger {
  warn(message: string): void;
}

/**
 * Options of {@link createWebhookHandler}. `Mode` is what `unknownKinds` says; it types the
 * events the handler's listeners get.
 */
export interface WebhookHandlerOptions<Mode extends UnknownKindsMode = UnknownKindsMode> {
  /** The accepted API key(s), or a function deciding. Required unless `auth: 'none'`. */
  apiKey?: ApiKeyOption;
  /** `'none'` accepts requests without a key; a warning is logged once. */
  auth?: 'api-key' | 'none';
  /** The header that carries the key (default `X-Session-API-Key`). */
  headerName?: string;
  /** The path prefix `fetch` routes under (default `/api/v1/webhooks`). */
  basePath?: string;
  /** The largest accepted body in bytes (default 10 MiB); larger ones get 413. */
  maxBodyBytes?: number;
  /**
   * The most events one request may carry (default 1,000; the service's sender sends at most 5).
   * A larger batch gets 413 before it is parsed or decoded, so it never holds up other requests.
   */
  maxEvents?: number;
  /** Check Standard Webhooks signatures (the service itself does not sign). */
  signature?: SignatureOptions;
  /** An extra check of each request: return false to answer 401. */
  verify?: (request: { conversationId: string | undefined; headers: HeaderLookup; body: string }) => boolean | Promise<boolean>;
  /** Where delivered event ids are remembered (default: in memory, the last 100,000). Not with `store`. */
  seen?: SeenStore;
  /**
   * An event store the handler appends each accepted batch to, before any listener runs; a batch
   * is answered 200 only once the store made it durable, 503 with `Retry-After` when the store is
   * unavailable for now (`StoreUnavailableError`), and 500 when it failed otherwise. The store's
   * own idempotence then decides what was delivered before: listeners get only the events this
   * request stored (and streaming deltas), and no per-process seen store is kept, so replicas
   * sharing one store (PostgreSQL) agree. A listener that fails still answers 500, but the retry
   * finds its events stored and does not run listeners for them again.
   */
  store?: EventStore;
  /**
   * `'keep'` accepts actions, observations and tool definitions of unknown kinds as opaque values;
   * listeners are then typed with the lenient event types (`LenientEvent`).
   */
  unknownKinds?: Mode;
  /**
   * What to do with a field no model defines (a newer server's). `'reject'` (the default) answers
   * 422 `extra_forbidden` where the service does, which stops the sender's deliveries for that
   * conversation; `'keep'` accepts the batch, stores each event with the field as it was sent,
   * gives listeners events that carry it, and tells `onUnknownField` listeners once per field.
   */
  unknownFields?: UnknownFieldsMode;
  /** Where warnings go (default `console`). */
  logger?: WebhookLogger;
}

/** The answer of the core: a status, a JSON body, and extra headers. */
export interface WebhookResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The body `receive` takes: raw text, raw bytes, or JSON a body parser already produced. */
export type WebhookBody = string | Uint8Array | { json: unknown };

/**
 * Options of {@link WebhookHandler.fetch} and {@link WebhookHandler.handle} for a handler mounted
 * under a route of your own: `app.post('/hooks/agent/:id', (c) => webhooks.fetch(c.req.raw, { conversationId: c.req.param('id') }))`.
 */
export interface RouteOptions {
  /**
   * The conversation the request delivers events for, taken from your route. Given, the path is
   * not looked at: any path is that conversation's events endpoint (still `POST` only, 405
   * otherwise). Not given, the path is routed under `basePath` as usual.
   */
  conversationId?: string | undefined;
}

/** Input of {@link WebhookHandler.receive}. */
export interface ReceiveInput {
  /** The conversation id from the path (hyphenated or 32 hex digits). */
  conversationId: string;
  /** The request headers. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The body: text or bytes as received, or `{ json }` when a body parser already parsed it. */
  body: WebhookBody;
}

/**
 * A webhook handler: mount `fetch` (Web) or `toNodeHandler(handler)` (Node), and add listeners.
 * `Mode` is `'keep'` for a handler made with `unknownKinds: 'keep'`: its listeners get lenient events.
 */
export interface WebhookHandler<Mode extends UnknownKindsMode = 'reject'> {
  /**
   * Answers a Web `Request`: routes, checks, decodes, runs the listeners. Under a route of your own,
   * pass the conversation id the route holds: `fetch(request, { conversationId })`. The second
   * parameter also takes whatever a runtime passes when `fetch` is handed over as is (Bun's
   * server, Deno's connection info, a Worker's `env`): only a string `conversationId` in it counts.
   */
  fetch(request: Request, options?: RouteOptions | object): Promise<Response>;
  /** The framework-free core for one events delivery. */
  receive(input: ReceiveInput): Promise<WebhookResult>;
  /** Routes a request given as parts (what the Node adapter uses); `options` as for `fetch`. */
  handle(
    method: string,
    path: string,
    headers: HeaderLookup,
    readBody: () => Promise<WebhookBody>,
    options?: RouteOptions,
  ): Promise<WebhookResult>;
  /**
   * Listens to one kind, or to each of a list of kinds; the listener gets that kind's type (the
   * union of the kinds' types for a list). A kind that is not one of the 19 event kinds throws a
   * `TypeError` that names the closest one.
   */
  on<K extends EventKind>(kinds: K | readonly K[], listener: EventListener<HandlerEventOf<K, Mode>>): WebhookHandler<Mode>;
  /**
   * Removes a listener added with `on` for that kind (or each of those kinds); one registration
   * per kind, the latest, as `EventEmitter` does. Removing one that is not there does nothing.
   */
  removeListener<K extends EventKind>(kinds: K | readonly K[], listener: EventListener<HandlerEventOf<K, Mode>>): WebhookHandler<Mode>;
  /** Listens to every event. */
  onAny(listener: EventListener<HandlerEvent<Mode>>): WebhookHandler<Mode>;
  /** Listens to whole batches. */
  onEvents(listener: BatchListener<HandlerEvent<Mode>>): WebhookHandler<Mode>;
  /** Listens to conversation info posts. */
  onConversation(listener: ConversationListener): WebhookHandler<Mode>;
  /** Listens to listener failures. */
  onError(listener: ErrorListener): WebhookHandler<Mode>;
  /** Listens to refused requests (every 4xx answer). */
  onReject(listener: RejectListener): WebhookHandler<Mode>;
  /** Listens to fields no model defines that `unknownFields: 'keep'` accepted: each model and key once. */
  onUnknownField(listener: UnknownFieldListener): WebhookHandler<Mode>;
  /** The body limit in bytes. */
  readonly maxBodyBytes: number;
}
