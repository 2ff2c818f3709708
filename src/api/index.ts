/**
 * The typed client of the service's V1 API: `createClient({ baseUrl, apiKey })`, with sandboxes,
 * sandbox templates, credits, conversations and events; errors per status, retries with backoff and
 * `Retry-After`, timeouts with cancellation, and keys kept out of every message.
 * @module agentwire/api
 */
export {
  type AgentServerClient,
  type AgentServerClientOptions,
  type AgentServerClientSummary,
  type AgentServerFilesResource,
  type AgentServerProfilesResource,
  checkProfileName,
  createAgentServerClient,
  type DirectoryArchive,
  ProfileLimitError,
  type ProfileValidation,
} from './agent-server-client';
export { type APIPromise, APIPromise as APIPromiseClass, type WithResponse } from './api-promise';
export { type AgentwireClient, type Client, type ClientOptions, type ClientSummary, createClient } from './client';
export type { HttpMethod, RawRequestInit } from './core';
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
export type { ClientEvent, ClientUnknownField } from './event-item';
export type * from './generated/agent-server/index';
export type * from './generated/index';
export { type Page, type PageParams, PagePromise } from './page';
export { MessageContentError, PendingMessageLimitError } from './pending-message-checks';
export type { Query } from './query';
export type { RequestOptions } from './request-options';
export {
  type AppConversationsResource,
  type ConversationFilters,
  type CreateConversationRequest,
  type InitialMessage,
  type StartTask,
  StartTaskError,
  type StartTaskStatus,
  type WaitOptions,
} from './resources/app-conversations';
export type { EventFilters, EventSearchParams, EventsResource } from './resources/events';
export type { SandboxesResource, StartSandboxOptions } from './resources/sandboxes';
export type { RawResponse, RequestInfo, ResponseInfo, ResponseType } from './transport';
