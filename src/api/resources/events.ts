/**
 * A conversation's events: `/api/v1/conversation/{id}/events` (singular `conversation`),
 * decoded with agentwire's event codecs.
 * @module
 */
import * as v from 'valibot';
import { type Event, type EventKind, type LenientEvent, safeDecodeEvent } from '../../events/index';
import { APIResponseValidationError } from '../errors';
import { checkLimit, fetchPage, type Page, type PageParams } from '../page';
import { decodeResponse } from '../response';
import type { Request } from '../transport';

/** Filters of an event search, named as the API names them. */
export interface EventFilters {
  kind__eq?: EventKind;
  timestamp__gte?: string;
  timestamp__lt?: string;
}

const RawPage = v.looseObject({ items: v.array(v.unknown()), next_page_id: v.optional(v.nullable(v.string())) });
const CountSchema = v.pipe(v.number(), v.integer());

/** `client.events`. */
export function eventsResource(request: Request) {
  const path = (conversationId: string, tail: string) => `/api/v1/conversation/${encodeURIComponent(conversationId)}/events/${tail}`;
  return {
    /**
     * Lists a conversation's events, decoded; `unknownKinds: 'keep'` keeps client-tool actions.
     * An event that does not decode throws {@link APIResponseValidationError} with its location.
     */
    async search(
      conversationId: string,
      params: PageParams & EventFilters & { sort_order?: 'TIMESTAMP' | 'TIMESTAMP_DESC'; unknownKinds?: 'reject' | 'keep' } = {},
    ): Promise<Page<Event | LenientEvent>> {
      checkLimit(params.limit);
      const { pageId: _pageId, limit, unknownKinds, ...filters } = params;
      const where = path(conversationId, 'search');
      return fetchPage(async (pageId) => {
        const raw = decodeResponse(
          RawPage,
          await request({ method: 'GET', path: where, query: { ...filters, page_id: pageId, limit } }),
          `GET ${where}`,
        );
        const items = raw.items.map((item, index) => {
          const decoded = safeDecodeEvent(item, { unknownKinds: unknownKinds ?? 'reject' });
          if (decoded.success) return decoded.output;
          const first = decoded.detail[0];
          throw new APIResponseValidationError(
            `GET ${where}: event ${index} does not decode at ${first?.loc.join('.') || '(event)'}: ${first?.msg}`,
          );
        });
        return { items, next_page_id: raw.next_page_id ?? null };
      }, params.pageId);
    },
    /** Counts a conversation's events. */
    async count(conversationId: string, filters: EventFilters = {}): Promise<number> {
      return decodeResponse(
        CountSchema,
        await request({ method: 'GET', path: path(conversationId, 'count'), query: { ...filters } }),
        'count',
      );
    },
  };
}
