/**
 * `client.events`: a conversation's events (`/api/v1/conversation/{id}/events`, singular
 * `conversation`), decoded with agentwire's event codecs. A strict client yields `Event`; one made
 * with `unknownKinds: 'keep'` (or a search given it) also yields `LenientEvent`s, the actions of
 * client-defined tools kept as opaque values.
 * @module
 */
import type { Event, LenientEvent } from '../../events/index';
import type { APIPromise } from '../api-promise';
import type { ClientCore } from '../core';
import { type ClientEvent, eventDecoder, type UnknownFieldsMode, type UnknownKindsMode } from '../event-item';
import { createEventsOperations, type EventsOperations } from '../generated/events';
import type { CountEventsParams, SearchEventsParams } from '../generated/index';
import { PagePromise } from '../page';
import type { RequestOptions } from '../request-options';

/** Filters of an event search or count, named as the API names them (`kind` is the same as `kind__eq`). */
export type EventFilters = CountEventsParams;

/** The parameters of `events.search`: the API's, and how this search treats unknown kinds and fields. */
export interface EventSearchParams extends SearchEventsParams {
  /** `'keep'` keeps events of kinds no schema knows (as `LenientEvent`); default: the client's `unknownKinds`. */
  unknownKinds?: UnknownKindsMode | undefined;
  /** `'keep'` keeps fields no model defines; default: the client's `unknownFields`. */
  unknownFields?: UnknownFieldsMode | undefined;
}

/** `client.events`: search, count and get a conversation's events, decoded. */
export interface EventsResource<Mode extends UnknownKindsMode = 'reject'> extends Omit<EventsOperations, 'search' | 'get'> {
  /**
   * Lists a conversation's events, decoded; awaiting gives the first page, `for await` walks
   * every event of every page. `kind` (or the API's `kind__eq`) keeps one kind. An event that
   * does not decode rejects with `APIResponseValidationError`, naming where.
   *
   * `GET /api/v1/conversation/{conversation_id}/events/search`
   */
  search(
    conversationId: string,
    params: EventSearchParams & { unknownKinds: 'keep' },
    options?: RequestOptions,
  ): PagePromise<Event | LenientEvent>;
  search(conversationId: string, params: EventSearchParams & { unknownKinds: 'reject' }, options?: RequestOptions): PagePromise<Event>;
  search(conversationId: string, params?: SearchEventsParams, options?: RequestOptions): PagePromise<ClientEvent<Mode>>;
  search(conversationId: string, params?: EventSearchParams, options?: RequestOptions): PagePromise<Event | LenientEvent>;
  /**
   * Gets events by id (repeated `id` parameters, 99 per request), in order, `null` for an unknown id.
   *
   * `GET /api/v1/conversation/{conversation_id}/events`
   */
  get(conversationId: string, ids: readonly string[], options?: RequestOptions): APIPromise<(ClientEvent<Mode> | null)[]>;
}

/** Creates `client.events`, decoding as the core says unless a search says otherwise. */
export function createEventsResource<Mode extends UnknownKindsMode>(core: ClientCore): EventsResource<Mode> {
  const operations = createEventsOperations(core);
  // The operations for each other way a search may ask to decode, made when first asked for.
  const others = new Map<string, EventsOperations>();
  const withDecoding = (unknownKinds: UnknownKindsMode, unknownFields: UnknownFieldsMode): EventsOperations => {
    const decoding = { ...core.decoding, unknownKinds, unknownFields };
    if (unknownKinds === core.decoding.unknownKinds && unknownFields === (core.decoding.unknownFields ?? 'reject')) return operations;
    const name = `${unknownKinds}/${unknownFields}`;
    let made = others.get(name);
    if (!made) {
      made = createEventsOperations({ ...core, decoding, decodeEvent: eventDecoder(decoding) as ClientCore['decodeEvent'] });
      others.set(name, made);
    }
    return made;
  };
  const search = (conversationId: string, params?: EventSearchParams, options?: RequestOptions): PagePromise<Event | LenientEvent> => {
    if (params === null || typeof params !== 'object' || !('unknownKinds' in params || 'unknownFields' in params))
      return operations.search(conversationId, params, options);
    const { unknownKinds = core.decoding.unknownKinds, unknownFields = core.decoding.unknownFields ?? 'reject', ...rest } = params;
    for (const [option, value] of [
      ['unknownKinds', unknownKinds],
      ['unknownFields', unknownFields],
    ] as const) {
      if (value !== 'reject' && value !== 'keep') {
        return new PagePromise(
          Promise.reject(new TypeError(`events.search: ${option} must be 'reject' or 'keep', not ${JSON.stringify(value)}`)),
        );
      }
    }
    return withDecoding(unknownKinds, unknownFields).search(conversationId, rest, options);
  };
  return { ...operations, search, get: operations.get } as EventsResource<Mode>;
}
