/**
 * The state of a webhook handler: its settings, checked once when it is made, and its listeners.
 * Every step of a request is a function over this object.
 * @module
 */
import type { DecodeOptions } from '../../events/index';
import { createAuthCheck } from '../auth';
import type { Dedupe, Listeners } from '../dispatch';
import { createMemorySeenStore } from '../seen';
import { decodeSecrets } from '../signature';
import type { ConversationListener, UnknownFieldListener, UnknownKindsMode, WebhookHandlerOptions, WebhookLogger } from '../types';
import { createUnknownFieldReporter } from '../unknown-fields';

/** The default body limit: 10 MiB, above the sender's 5 MiB batches. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The default limit of events per request: 1,000 (the service's sender sends at most 5). */
export const DEFAULT_MAX_EVENTS = 1_000;

/** What every step of a request reads: the options as given, what was worked out from them, and the listeners. */
export interface HandlerState {
  /** The options as given (`verify` and the signature tolerance are read from here on each request). */
  readonly options: WebhookHandlerOptions<UnknownKindsMode>;
  /** The path prefix, without a trailing slash. */
  readonly basePath: string;
  readonly maxBodyBytes: number;
  readonly maxEvents: number;
  /** The decoded signing secrets, when signatures are checked. */
  readonly secrets: Uint8Array[] | undefined;
  readonly checkAuth: ReturnType<typeof createAuthCheck>;
  /** The event store or the seen store that decides what was delivered before. */
  readonly dedupe: Dedupe;
  readonly logger: WebhookLogger;
  readonly listeners: Listeners;
  readonly conversationListeners: ConversationListener[];
  readonly unknownFieldListeners: UnknownFieldListener[];
  /** Tells `onUnknownField` listeners of each field once. */
  readonly reportUnknownFields: ReturnType<typeof createUnknownFieldReporter>;
  readonly decodeOptions: Required<Pick<DecodeOptions, 'unknownKinds' | 'unknownFields'>>;
}

/** A positive safe integer, or a `RangeError` naming the option. */
function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * Checks the options (a key or `auth: 'none'`, never both; a store or a seen store, never both;
 * positive limits) and builds the handler's state. Warns once when auth is off.
 */
export function createHandlerState(options: WebhookHandlerOptions<UnknownKindsMode>): HandlerState {
  const noAuth = options.auth === 'none';
  if (noAuth && options.apiKey !== undefined) throw new TypeError("createWebhookHandler: give either apiKey or auth: 'none', not both");
  if (!noAuth && options.apiKey === undefined) {
    throw new TypeError(
      "createWebhookHandler: no apiKey. Pass apiKey (a key, a list of keys, or a function), or auth: 'none' to accept unauthenticated requests.",
    );
  }
  const basePath = (options.basePath ?? '/api/v1/webhooks').replace(/\/+$/, '');
  const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const maxEvents = positiveInteger('maxEvents', options.maxEvents ?? DEFAULT_MAX_EVENTS);
  const secrets = options.signature ? decodeSecrets(options.signature.secrets) : undefined;
  const checkAuth = createAuthCheck(noAuth ? undefined : options.apiKey, options.headerName ?? 'X-Session-API-Key');
  if (options.store && options.seen)
    throw new TypeError('createWebhookHandler: give either store or seen, not both (with a store, the store decides what was delivered)');
  const dedupe: Dedupe = options.store ? { store: options.store } : { seen: options.seen ?? createMemorySeenStore() };
  const logger = options.logger ?? console;
  if (noAuth) logger.warn('agentwire webhooks: auth is disabled; anyone who can reach this endpoint can post events');
  const unknownFieldListeners: UnknownFieldListener[] = [];
  return {
    options,
    basePath,
    maxBodyBytes,
    maxEvents,
    secrets,
    checkAuth,
    dedupe,
    logger,
    listeners: { byKind: new Map(), any: [], batch: [], error: [], reject: [] },
    conversationListeners: [],
    unknownFieldListeners,
    reportUnknownFields: createUnknownFieldReporter(unknownFieldListeners),
    decodeOptions: { unknownKinds: options.unknownKinds ?? 'reject', unknownFields: options.unknownFields ?? 'reject' },
  };
}

/** The unexpected error of a step, logged in one line. */
export function logUnexpected(state: HandlerState, error: unknown): void {
  state.logger.warn(`agentwire webhooks: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
}
