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

/** A request routed to the events of `conversationId` (or to the conversation info when undefined). */
async function post(
  state: HandlerState,
  method: string,
  conversationId: string | undefined,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
): Promise<WebhookResult> {
  if (method !== 'POST') return detail(405, 'Method Not Allowed', { allow: 'POST' });
  try {
    if (conversationId === undefined) return await receiveConversationInfo(state, headers, readBody);
    return await deliver(state, conversationId, headers, readBody);
  } catch (error) {
    logUnexpected(state, error);
    return detail(500, 'Internal Server Error');
  }
}

/** Routes by path under `basePath`: `/events/{id}` and `/conversations`; anything else is 404. */
async function route(
  state: HandlerState,
  method: string,
  path: string,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
): Promise<WebhookResult> {
  const { basePath } = state;
  const target = path === `${basePath}/conversations` ? 'conversations' : path.startsWith(`${basePath}/events/`) ? 'events' : undefined;
  const rawId = target === 'events' ? path.slice(basePath.length + '/events/'.length) : '';
  if (!target || rawId.includes('/') || (target === 'events' && rawId === '')) return detail(404, 'Not Found');
  return post(state, method, target === 'events' ? safeDecode(rawId) : undefined, headers, readBody);
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

/** `handler.handle`: a request given as parts, routed by path or by the caller's `{ conversationId }`. */
export async function handle(
  state: HandlerState,
  method: string,
  path: string,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
  options?: RouteOptions | object,
): Promise<WebhookResult> {
  const routed = routedId(options);
  // The conversation id for onReject listeners is worked out only for refused requests.
  if (routed === undefined) {
    const result = await route(state, method, path, headers, readBody);
    return result.status >= 400 ? tellRejected(state, result, method, path, conversationOf(state, path)) : result;
  }
  const result = await post(state, method, routed, headers, readBody);
  return result.status >= 400 ? tellRejected(state, result, method, path, normalizeConversationId(routed)) : result;
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
