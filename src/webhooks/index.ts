/**
 * The webhook protocol, both ends. The receiver, on Web `Request`/`Response`: mount
 * `handler.fetch` in any framework or runtime that speaks them, or use `agentwire/webhooks/node`
 * for Node, Express and Connect. The sender, `createEventSender`: what an agent runtime uses to
 * deliver its events to a webhook, batched, in order, at least once.
 *
 * ```ts
 * import { createWebhookHandler } from 'agentwire/webhooks';
 * const webhooks = createWebhookHandler({ apiKey: 'the key the service sends' });
 * webhooks.on('ActionEvent', (event, { conversationId }) => console.log(conversationId, event.tool_name));
 * // Bun: Bun.serve({ fetch: webhooks.fetch }); Deno: Deno.serve(webhooks.fetch); Hono: webhooks.fetch(c.req.raw)
 * ```
 * @module agentwire/webhooks
 */

export { compactConversationId, normalizeConversationId } from '../internal/conversation-id';
export type { ApiKeyOption } from './auth';
export { createWebhookHandler, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_EVENTS } from './handler/index';
export type { HeaderLookup } from './headers';
export { createMemorySeenStore, type SeenStore } from './seen';
export {
  createEventSender,
  type DroppedEvent,
  type DropReason,
  EventDeliveryError,
  type EventDeliveryErrorInit,
  type EventSender,
  type EventSenderOptions,
  isHaltStatus,
  isPoisonStatus,
  type OverflowReason,
  type RejectionDetail,
  SenderCloseError,
  SenderHaltedError,
  SenderOverflowError,
  type UndeliveredEvent,
} from './sender/index';
export type { SignatureOptions } from './signature';
export { storeListener } from './store';
export type {
  BatchListener,
  ConversationListener,
  ErrorListener,
  EventByMode,
  EventListener,
  HandlerEvent,
  HandlerEventOf,
  ReceiveInput,
  RejectListener,
  RouteOptions,
  UnknownFieldListener,
  UnknownFieldNotice,
  WebhookBody,
  WebhookContext,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookListenerError,
  WebhookLogger,
  WebhookRejection,
  WebhookResult,
} from './types';
