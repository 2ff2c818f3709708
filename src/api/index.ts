/**
 * The typed client of the service's V1 API: `createClient({ baseUrl, apiKey })`, with sandboxes,
 * sandbox templates, credits, conversations and events; errors per status, retries with backoff and
 * `Retry-After`, timeouts with cancellation, and keys kept out of every message.
 * @module
 */
export { AgentwireError, isAgentwireError } from '../internal/agentwire-error';
export {
  type AgentServerClientOptions,
  checkProfileName,
  createAgentServerClient,
  ProfileLimitError,
  type ProfileValidation,
} from './agent-server-client';
export { type Client, type ClientOptions, createClient } from './client';
export {
  APIConnectionError,
  APIError,
  type APIErrorInit,
  APIResponseValidationError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors';
export {
  createEventSender,
  type DroppedEvent,
  type DropReason,
  EventDeliveryError,
  type EventSender,
  type EventSenderOptions,
  EventTooLargeError,
  isPoisonStatus,
  type RejectionDetail,
} from './event-sender';
export type { Page, PageParams } from './page';
export {
  type AppConversation,
  type ConversationFilters,
  type CreateConversationRequest,
  type InitialMessage,
  type PluginSpec,
  type StartTask,
  StartTaskError,
  type StartTaskStatus,
} from './resources/app-conversations';
export type { EventFilters } from './resources/events';
export type { ExposedUrl, SandboxInfo, SandboxSpecInfo, SandboxStatus } from './resources/sandboxes';
export type { RequestInfo, ResponseInfo } from './transport';
