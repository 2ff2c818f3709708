/**
 * `createWebhookHandler`: the framework-free webhook receiver. The handler is a state object
 * (`state.ts`) and one function per step: routing (`route.ts`), a delivery (`deliver.ts`), the
 * conversation info (`conversation-info.ts`), the body and its checks (`body.ts`), the Web way in
 * (`fetch.ts`) and the kind listeners (`listeners.ts`).
 * @module
 */
import type { UnknownKindsMode, WebhookHandler, WebhookHandlerOptions } from '../types';
import { fetchResponse } from './fetch';
import { addKindListener, removeKindListener } from './listeners';
import { handle, receive } from './route';
import { createHandlerState } from './state';

export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_EVENTS } from './state';

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
  const state = createHandlerState(options);
  const { listeners } = state;
  const handler: WebhookHandler<Mode> = {
    maxBodyBytes: state.maxBodyBytes,
    handle: (method, path, headers, readBody, routeOptions) => handle(state, method, path, headers, readBody, routeOptions),
    receive: (input) => receive(state, input),
    fetch: (request, routeOptions) => fetchResponse(state, handler as WebhookHandler<UnknownKindsMode>, request, routeOptions),
    on(kinds, listener) {
      addKindListener(state, kinds, listener);
      return handler;
    },
    removeListener(kinds, listener) {
      removeKindListener(state, kinds, listener);
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
      state.conversationListeners.push(listener);
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
      state.unknownFieldListeners.push(listener);
      return handler;
    },
  };
  return handler;
}
