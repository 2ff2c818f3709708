/**
 * Routing: which request goes where (the events of a conversation, the conversation info, or 404),
 * `POST` only, and the refused requests told to `onReject` listeners. The two ways in over parts:
 * `handle` (a request by method, path and headers) and `receive` (one delivery, already routed).
 * @module
 */
import { normalizeConversationId } from '../../internal/conversation-id';
import { notifyAll } from '../dispatch';
import { type HeaderLookup, toHeaders } from '../headers';
import { detail, rejectionReason, safeDecode } from '../rejection';
import type { ReceiveInput, RouteOptions, WebhookBody, WebhookResult } from '../types';
import { receiveConversationInfo } from './conversation-info';
import { deliver } from './deliver';
import { type HandlerState, logUnexpected } from './state';

/** Tells `onReject` listeners about a 4xx answer; returns the answer. */
function tellRejected(
  state: HandlerState,
  result: WebhookResult,
  method: string,
  path: string,
  conversationId: string | undefined,
): WebhookResult {
  const reject = state.listeners.reject;
  if (result.status >= 400 && result.status < 500 && reject.length > 0)
    notifyAll(reject, { status: result.status, method, path, conversationId, reason: rejectionReason(result) });
  return result;
}

/**
 * Where a path under `basePath` leads: the events of the conversation it names (`/events/{id}`,
 * the id percent-decoded), the conversation info (`/conversations`, `undefined`), or nowhere (`null`).
 */
function routeOf(state: HandlerState, path: string): string | undefined | null {
  const { basePath } = state;
  if (path === `${basePath}/conversations`) return undefined;
  if (!path.startsWith(`${basePath}/events/`)) return null;
  const rawId = path.slice(basePath.length + '/events/'.length);
  return rawId === '' || rawId.includes('/') ? null : safeDecode(rawId);
}

/**
 * The conversation id a caller routed itself (`{ conversationId }`), if any. Runtimes call
 * `fetch` with a second argument of their own (Bun's server, Deno's info, a Worker's env):
 * only a string `conversationId` counts.
 */
function routedId(options: unknown): string | undefined {
  const value = typeof options === 'object' && options !== null ? (options as { conversationId?: unknown }).conversationId : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The conversation a path names, normalized, if it names a valid one. */
function conversationOf(state: HandlerState, path: string): string | undefined {
  const { basePath } = state;
  return path.startsWith(`${basePath}/events/`)
    ? normalizeConversationId(safeDecode(path.slice(basePath.length + '/events/'.length)))
    : undefined;
}

/**
 * A routed request: `POST` only, to the events of `conversationId` (or to the conversation info
 * when undefined); a refused one is told to `onReject` listeners, with the conversation the
 * caller routed it to (`routed`) or its path names.
 */
async function post(
  state: HandlerState,
  method: string,
  path: string,
  conversationId: string | undefined,
  routed: string | undefined,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
): Promise<WebhookResult> {
  let result: WebhookResult;
  if (method !== 'POST') result = detail(405, 'Method Not Allowed', { allow: 'POST' });
  else {
    try {
      result =
        conversationId === undefined
          ? await receiveConversationInfo(state, headers, readBody)
          : await deliver(state, conversationId, headers, readBody);
    } catch (error) {
      logUnexpected(state, error);
      result = detail(500, 'Internal Server Error');
    }
  }
  // The conversation id for onReject listeners is worked out only for refused requests.
  if (result.status < 400) return result;
  return tellRejected(state, result, method, path, routed === undefined ? conversationOf(state, path) : normalizeConversationId(routed));
}

/** `handler.handle`: a request given as parts, routed by path or by the caller's `{ conversationId }`. */
export function handle(
  state: HandlerState,
  method: string,
  path: string,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
  options?: RouteOptions | object,
): Promise<WebhookResult> {
  try {
    const routed = routedId(options);
    const conversationId = routed ?? routeOf(state, path);
    if (conversationId === null)
      return Promise.resolve(tellRejected(state, detail(404, 'Not Found'), method, path, conversationOf(state, path)));
    return post(state, method, path, conversationId, routed, headers, readBody);
  } catch (error) {
    // As from an async function: a failure is a rejection, never a throw.
    return Promise.reject(error);
  }
}

/** `handler.receive`: one events delivery, without routing. */
export function receive(state: HandlerState, input: ReceiveInput): Promise<WebhookResult> {
  const body = input.body;
  return deliver(state, input.conversationId, toHeaders(input.headers), async () => body).then(
    (result) =>
      tellRejected(
        state,
        result,
        'POST',
        `${state.basePath}/events/${input.conversationId}`,
        normalizeConversationId(input.conversationId),
      ),
    (error: unknown) => {
      logUnexpected(state, error);
      return detail(500, 'Internal Server Error');
    },
  );
}
