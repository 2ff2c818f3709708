/**
 * Connecting a store to a handler as a listener. The store interface and the memory store live
 * in `agentwire/stores`. Edge-safe.
 * @module
 */
import type { Event, LenientEvent } from '../events/index';
import type { EventStore } from '../stores/index';
import type { BatchListener } from './types';

/**
 * A batch listener that appends every accepted batch to a store: `handler.onEvents(storeListener(store))`.
 * It fits strict handlers and `unknownKinds: 'keep'` ones alike (whose opaque values are stored as
 * they arrived). The handler's own de-duplication (its `seen` store) still decides which events
 * reach it. To let the store decide, which is what several replicas on one database need, give
 * the handler the store itself (`createWebhookHandler({ store })`) instead.
 */
export function storeListener(store: EventStore): BatchListener<LenientEvent> {
  return async (events, context) => {
    await store.append(context.conversationId, events as Event[]);
  };
}
