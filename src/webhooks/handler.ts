/**
 * `createWebhookHandler`: the framework-free webhook receiver.
 * @module
 */
import { type Event, safeDecodeEvents, toValidationDetail } from '../events/index';
import { conversationIdError, normalizeConversationId } from '../internal/conversation-id';
import { rememberReceivedJson } from '../stores/stored-json';
import { createAuthCheck } from './auth';
import { type Dedupe, dispatch, type Listeners, notifyAll } from './dispatch';
import { checkedKinds } from './event-kinds';
import { type HeaderLookup, toHeaders } from './headers';
import { receivedEventTexts } from './json-items';
import { exceedsArrayItems } from './json-scan';
import { BodyConsumedError, BodyEncodingError, BodyTooLargeError, decodeUtf8, discardBody, parseJsonBody, readLimited } from './read-body';
import { CONSUMED, detail, rejectionReason, SUCCESS, safeDecode } from './rejection';
import { createMemorySeenStore } from './seen';
import { serializeResult } from './serialize';
import { checkSignature, decodeSecrets } from './signature';
import type {
  ReceiveInput,
  UnknownFieldListener,
  UnknownKindsMode,
  WebhookBody,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookResult,
} from './types';
import { createUnknownFieldReporter } from './unknown-fields';

/** At most this much of an unread body is read and thrown away after an early answer. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/** The default body limit: 10 MiB, above the sender's 5 MiB batches. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The default limit of events per request: 1,000 (the service's sender sends at most 5). */
export const DEFAULT_MAX_EVENTS = 1_000;

/**
 * Creates a webhook handler that answers exactly like the service: `200 {"success":true}` for an
 * accepted batch, 401 for a missing or wrong key (checked before the body is read), 422 with
 * pydantic-style `detail` for a bad conversation id, bad JSON or invalid events (the whole batch
 * is rejected and no listener runs). Beyond the service: a body limit (413), optional signatures,
 * de-duplication of re-delivered events, and a 500 when a listener fails so the sender retries.
 * A handler made with `unknownKinds: 'keep'` is a `WebhookHandler<'keep'>`: its listeners get lenient events.
 */
export function createWebhookHandler<const Mode extends UnknownKindsMode = 'reject'>(
  options: WebhookHandlerOptions<Mode>,
): WebhookHandler<Mode> {
  const noAuth = options.auth === 'none';
  if (noAuth && options.apiKey !== undefined) throw new TypeError("createWebhookHandler: give either apiKey or auth: 'none', not both");
  if (!noAuth && options.apiKey === undefined) {
    throw new TypeError(
      "createWebhookHandler: no apiKey. Pass apiKey (a key, a list of keys, or a function), or auth: 'none' to accept unauthenticated requests.",
    );
  }
  const headerName = options.headerName ?? 'X-Session-API-Key';
  const basePath = (options.basePath ?? '/api/v1/webhooks').replace(/\/+$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) throw new RangeError('maxBodyBytes must be a positive integer');
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  if (!Number.isSafeInteger(maxEvents) || maxEvents < 1) throw new RangeError('maxEvents must be a positive integer');
  const tooManyEvents = () => detail(413, `The batch holds more than ${maxEvents} events, the most one request may carry`);
  const secrets = options.signature ? decodeSecrets(options.signature.secrets) : undefined;
  const checkAuth = createAuthCheck(noAuth ? undefined : options.apiKey, headerName);
  if (options.store && options.seen)
    throw new TypeError('createWebhookHandler: give either store or seen, not both (with a store, the store decides what was delivered)');
  const dedupe: Dedupe = options.store ? { store: options.store } : { seen: options.seen ?? createMemorySeenStore() };
  const logger = options.logger ?? console;
  if (noAuth) logger.warn('agentwire webhooks: auth is disabled; anyone who can reach this endpoint can post events');
  const listeners: Listeners = { byKind: new Map(), any: [], batch: [], error: [], reject: [] };
  const conversationListeners: ((info: Record<string, unknown>) => unknown)[] = [];
  const unknownFieldListeners: UnknownFieldListener[] = [];
  const reportUnknownFields = createUnknownFieldReporter(unknownFieldListeners);
  const decodeOptions = { unknownKinds: options.unknownKinds ?? 'reject', unknownFields: options.unknownFields ?? 'reject' } as const;

  async function bodyText(
    readBody: () => Promise<WebhookBody>,
  ): Promise<{ text: string; json?: undefined } | { json: unknown; text?: undefined } | WebhookResult> {
    try {
      const body = await readBody();
      if (typeof body === 'object' && !(body instanceof Uint8Array)) return { json: body.json };
      if (typeof body === 'string') {
        // A UTF-16 unit takes at most 3 UTF-8 bytes: only long strings need measuring.
        if (body.length * 3 > maxBodyBytes && new TextEncoder().encode(body).byteLength > maxBodyBytes)
          throw new BodyTooLargeError(maxBodyBytes);
        return { text: body };
      }
      if (body.byteLength > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes);
      return { text: decodeUtf8(body) };
    } catch (error) {
      if (error instanceof BodyTooLargeError) return detail(413, `Request body is larger than the limit of ${maxBodyBytes} bytes`);
      if (error instanceof BodyEncodingError) return detail(400, 'There was an error parsing the body: it is not valid UTF-8');
      if (error instanceof BodyConsumedError) {
        logger.warn(`agentwire webhooks: ${CONSUMED}`);
        return detail(500, CONSUMED);
      }
      return detail(400, 'There was an error reading the body');
    }
  }

  async function checkRequest(
    conversationId: string | undefined,
    headers: HeaderLookup,
    body: { text?: string | undefined; json?: unknown },
  ) {
    const raw = body.text ?? JSON.stringify(body.json);
    if (secrets) {
      if (body.text === undefined)
        return detail(401, 'Invalid webhook signature: the raw body is needed; mount the handler before any JSON body parser');
      const failure = await checkSignature(headers, body.text, secrets, options.signature?.toleranceSeconds);
      if (failure) return detail(401, `Invalid webhook signature: ${failure}`);
    }
    if (options.verify && !(await options.verify({ conversationId, headers, body: raw })))
      return detail(401, 'Request verification failed');
    return undefined;
  }

  async function deliver(rawId: string, headers: HeaderLookup, readBody: () => Promise<WebhookBody>): Promise<WebhookResult> {
    const conversationId = normalizeConversationId(rawId);
    let authFailure = checkAuth(headers, conversationId);
    if (typeof authFailure === 'object') authFailure = await authFailure;
    if (authFailure) return detail(401, authFailure);
    const body = await bodyText(readBody);
    if ('status' in body) return body;
    if (!conversationId) return detail(422, [conversationIdError(rawId)]);
    if (secrets || options.verify) {
      const rejected = await checkRequest(conversationId, headers, body);
      if (rejected) return rejected;
    }
    let json = body.json;
    if (body.text !== undefined) {
      // Counted before parsing: half a million tiny events are refused without building them.
      if (exceedsArrayItems(body.text, maxEvents)) return tooManyEvents();
      const parsed = parseJsonBody(body.text);
      if (!parsed.ok) return detail(422, [parsed.error]);
      json = parsed.value;
    } else if (Array.isArray(json) && json.length > maxEvents) return tooManyEvents();
    const decoded = safeDecodeEvents(json, decodeOptions);
    if (!decoded.success) return detail(422, toValidationDetail(decoded.issues, ['body']));
    if (body.text !== undefined) {
      // What a store keeps is each event as it was sent; listeners get the decoded events.
      const texts = receivedEventTexts(body.text, json as unknown[], decoded.output);
      for (let i = 0; i < texts.length; i++) rememberReceivedJson(decoded.output[i] as object, texts[i] as string);
    }
    const failure = await dispatch(decoded.output as Event[], { conversationId }, listeners, dedupe);
    if (!failure) reportUnknownFields(decoded.unknownFields, decoded.output as Event[], conversationId);
    if (failure?.stage === 'store')
      return detail(500, 'The event store could not store the batch; it was not acknowledged and may be delivered again');
    if (failure) return detail(500, 'A webhook listener failed; the batch was not acknowledged and may be delivered again');
    return SUCCESS;
  }

  async function conversationInfo(headers: HeaderLookup, readBody: () => Promise<WebhookBody>): Promise<WebhookResult> {
    const authFailure = await checkAuth(headers, undefined);
    if (authFailure) return detail(401, authFailure);
    const body = await bodyText(readBody);
    if ('status' in body) return body;
    const rejected = await checkRequest(undefined, headers, body);
    if (rejected) return rejected;
    const parsed = body.text !== undefined ? parseJsonBody(body.text) : { ok: true as const, value: body.json };
    if (!parsed.ok) return detail(422, [parsed.error]);
    const info = parsed.value;
    if (typeof info !== 'object' || info === null || Array.isArray(info)) {
      return detail(422, [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: info,
        },
      ]);
    }
    try {
      for (const listener of conversationListeners) await listener(info as Record<string, unknown>);
    } catch {
      return detail(500, 'A webhook listener failed; the request was not acknowledged');
    }
    return SUCCESS;
  }

  /** Tells `onReject` listeners about a 4xx answer; returns the answer. */
  const told = (result: WebhookResult, method: string, path: string, conversationId: string | undefined): WebhookResult => {
    if (result.status >= 400 && result.status < 500 && listeners.reject.length > 0)
      notifyAll(listeners.reject, { status: result.status, method, path, conversationId, reason: rejectionReason(result) });
    return result;
  };

  async function route(method: string, path: string, headers: HeaderLookup, readBody: () => Promise<WebhookBody>): Promise<WebhookResult> {
    const target = path === `${basePath}/conversations` ? 'conversations' : path.startsWith(`${basePath}/events/`) ? 'events' : undefined;
    const rawId = target === 'events' ? path.slice(basePath.length + '/events/'.length) : '';
    if (!target || rawId.includes('/') || (target === 'events' && rawId === '')) return detail(404, 'Not Found');
    return post(method, target === 'events' ? safeDecode(rawId) : undefined, headers, readBody);
  }

  /** A request routed to the events of `conversationId` (or to the conversation info when undefined). */
  async function post(
    method: string,
    conversationId: string | undefined,
    headers: HeaderLookup,
    readBody: () => Promise<WebhookBody>,
  ): Promise<WebhookResult> {
    if (method !== 'POST') return detail(405, 'Method Not Allowed', { allow: 'POST' });
    try {
      if (conversationId === undefined) return await conversationInfo(headers, readBody);
      return await deliver(conversationId, headers, readBody);
    } catch (error) {
      logger.warn(`agentwire webhooks: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
      return detail(500, 'Internal Server Error');
    }
  }

  /**
   * The conversation id a caller routed itself (`{ conversationId }`), if any. Runtimes call
   * `fetch` with a second argument of their own (Bun's server, Deno's info, a Worker's env):
   * only a string `conversationId` counts.
   */
  const routedId = (options: unknown): string | undefined => {
    const value = typeof options === 'object' && options !== null ? (options as { conversationId?: unknown }).conversationId : undefined;
    return typeof value === 'string' ? value : undefined;
  };

  /** The conversation a path names, normalized, if it names a valid one. */
  const conversationOf = (path: string) =>
    path.startsWith(`${basePath}/events/`)
      ? normalizeConversationId(safeDecode(path.slice(basePath.length + '/events/'.length)))
      : undefined;

  const handler: WebhookHandler<Mode> = {
    maxBodyBytes,
    async handle(method, path, headers, readBody, options) {
      const routed = routedId(options);
      // The conversation id for onReject listeners is worked out only for refused requests.
      if (routed === undefined) {
        const result = await route(method, path, headers, readBody);
        return result.status >= 400 ? told(result, method, path, conversationOf(path)) : result;
      }
      const result = await post(method, routed, headers, readBody);
      return result.status >= 400 ? told(result, method, path, normalizeConversationId(routed)) : result;
    },
    receive: (input: ReceiveInput) => {
      const body = input.body;
      return deliver(input.conversationId, toHeaders(input.headers), async () => body).then(
        (result) => told(result, 'POST', `${basePath}/events/${input.conversationId}`, normalizeConversationId(input.conversationId)),
        (error: unknown) => {
          logger.warn(`agentwire webhooks: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
          return detail(500, 'Internal Server Error');
        },
      );
    },
    async fetch(request, options) {
      const declared = Number(request.headers.get('content-length') ?? Number.NaN);
      const readBody = async (): Promise<WebhookBody> => {
        if (declared > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes);
        return readLimited(request.body, maxBodyBytes);
      };
      const result = await handler.handle(request.method, new URL(request.url).pathname, request.headers, readBody, options);
      // An answer given before the body was read: read it to the end first, so the answer arrives.
      if (request.body && !request.bodyUsed) await discardBody(request.body, DISCARD_LIMIT_BYTES);
      return new Response(serializeResult(result), {
        status: result.status,
        headers: { 'content-type': 'application/json', ...result.headers },
      });
    },
    on(kinds, listener) {
      for (const kind of checkedKinds('on', kinds, listener)) {
        const list = listeners.byKind.get(kind) ?? [];
        list.push(listener as never);
        listeners.byKind.set(kind, list);
      }
      return handler;
    },
    removeListener(kinds, listener) {
      for (const kind of checkedKinds('removeListener', kinds, listener)) {
        const list = listeners.byKind.get(kind);
        const at = list ? list.lastIndexOf(listener as never) : -1;
        if (list && at >= 0) list.splice(at, 1);
      }
      return handler;
    },
    onAny(listener) {
      listeners.any.push(listener as never);
      return handler;
    },
    onEvents(listener) {
      listeners.batch.push(listener as never);
      return handler;
    },
    onConversation(listener) {
      conversationListeners.push(listener);
      return handler;
    },
    onError(listener) {
      listeners.error.push(listener);
      return handler;
    },
    onReject(listener) {
      listeners.reject.push(listener);
      return handler;
    },
    onUnknownField(listener) {
      unknownFieldListeners.push(listener);
      return handler;
    },
  };
  return handler;
}
