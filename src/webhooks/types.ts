/**
 * Public types of the webhook handler.
 * @module
 */
import type { Event, EventKind, EventOf } from '../events/index';
import type { EventStore } from '../stores/types';
import type { ApiKeyOption } from './auth';
import type { HeaderLookup } from './headers';
import type { SeenStore } from './seen';
import type { SignatureOptions } from './signature';

/** What every listener gets besides the event(s). */
export interface WebhookContext {
  /** The conversation id, lowercase and hyphenated (`8-4-4-4-12`), whatever form the URL used. */
  conversationId: string;
}

/** Listener of one event. */
export type EventListener<E = Event> = (event: E, context: WebhookContext) => void | Promise<void>;
/** Listener of a whole accepted batch (the events not delivered before), what a store wants. */
export type BatchListener = (events: Event[], context: WebhookContext) => void | Promise<void>;
/** Listener of the conversation info the sender posts to `{basePath}/conversations`. */
export type ConversationListener = (info: Record<string, unknown>) => void | Promise<void>;
/** Listener of listener failures; it may be async (a rejected promise is swallowed, never unhandled). */
export type ErrorListener = (error: WebhookListenerError) => void;

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
export type RejectListener = (rejection: WebhookRejection) => void;

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

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
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
   * is answered 200 only once the store made it durable, and 500 when it could not. The store's
   * own idempotence then decides what was delivered before: listeners get only the events this
   * request stored (and streaming deltas), and no per-process seen store is kept, so replicas
   * sharing one store (PostgreSQL) agree. A listener that fails still answers 500, but the retry
   * finds its events stored and does not run listeners for them again.
   */
  store?: EventStore;
  /** `'keep'` accepts actions, observations and tool definitions of unknown kinds as opaque values. */
  unknownKinds?: 'reject' | 'keep';
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

/** Input of {@link WebhookHandler.receive}. */
export interface ReceiveInput {
  /** The conversation id from the path (hyphenated or 32 hex digits). */
  conversationId: string;
  /** The request headers. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The body: text or bytes as received, or `{ json }` when a body parser already parsed it. */
  body: WebhookBody;
}

/** A webhook handler: mount `fetch` (Web) or `toNodeHandler(handler)` (Node), and add listeners. */
export interface WebhookHandler {
  /** Answers a Web `Request`: routes, checks, decodes, runs the listeners. */
  fetch(request: Request): Promise<Response>;
  /** The framework-free core for one events delivery. */
  receive(input: ReceiveInput): Promise<WebhookResult>;
  /** Routes a request given as parts (what the Node adapter uses). */
  handle(method: string, path: string, headers: HeaderLookup, readBody: () => Promise<WebhookBody>): Promise<WebhookResult>;
  /** Listens to one kind; the listener gets that kind's type. */
  on<K extends EventKind>(kind: K, listener: EventListener<EventOf<K>>): WebhookHandler;
  /** Listens to every event. */
  onAny(listener: EventListener): WebhookHandler;
  /** Listens to whole batches. */
  onEvents(listener: BatchListener): WebhookHandler;
  /** Listens to conversation info posts. */
  onConversation(listener: ConversationListener): WebhookHandler;
  /** Listens to listener failures. */
  onError(listener: ErrorListener): WebhookHandler;
  /** Listens to refused requests (every 4xx answer). */
  onReject(listener: RejectListener): WebhookHandler;
  /** The body limit in bytes. */
  readonly maxBodyBytes: number;
}
