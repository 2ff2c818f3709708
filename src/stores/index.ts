/**
 * Event stores: the `EventStore` interface every store implements (idempotent `append`, `list`
 * with cursors, `conversations`, an optional live `watch`), the memory store, and the helpers a
 * store of your own may use. Edge-safe. The durable stores are `agentwire/stores/file` (Node, no
 * dependency) and `agentwire/stores/postgres` (Node, `pg`).
 *
 * ```ts
 * import { createMemoryStore, iterateEvents } from 'agentwire/stores';
 * const store = createMemoryStore();
 * for await (const event of iterateEvents(store, conversationId)) console.log(event.kind);
 * ```
 * @module agentwire/stores
 */

export { InvalidCursorError, StoreClosedError, StoreUnavailableError, type StoreUnavailableReason } from './errors';
export { type IterateEventsOptions, iterateConversations, iterateEvents } from './iterate';
export { createMemoryStore, type MemoryStore } from './memory-store';
export {
  createKindFilter,
  DEFAULT_PAGE_SIZE,
  isPersistable,
  MAX_PAGE_SIZE,
  parsePageSize,
  partitionBatch,
  toConversationId,
} from './options';
export { stringifyEvent } from './stored-json';
export type {
  AppendResult,
  ConversationPage,
  ConversationSummary,
  ConversationsOptions,
  EventPage,
  EventStore,
  ListOptions,
  StoredEntry,
  StoredEvent,
  WatchOptions,
} from './types';
