/**
 * JSON Schema (draft 2020-12) of the event wire format, for users who validate events in other
 * languages. A separate entry point (`agentwire/events/json-schema`), so the converter never
 * weighs on `agentwire/events`.
 * @module agentwire/events/json-schema
 */
import { toJsonSchema as convert, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { newUuid } from './defaults';
import { EventSchema } from './generated/event';
import { eventId, eventTimestamp } from './schema-helpers';

export type { JsonSchema };

/**
 * The JSON Schema of one event (any of the 19 kinds), or of `schema` when given. Checks that
 * JSON Schema cannot state (such as unique ids or the reserved root id) are left out; defaults
 * that the service computes (fresh ids, timestamps) are left out too.
 */
export function toJsonSchema(schema: v.GenericSchema = EventSchema): JsonSchema {
  return convert(schema, {
    errorMode: 'ignore',
    target: 'draft-2020-12',
    overrideSchema(context) {
      const source = context.valibotSchema as v.GenericSchema & { default?: unknown };
      if (source === eventId) return { type: 'string', not: { const: '__root__' } };
      if (source === eventTimestamp || (source.type === 'optional' && source.default === newUuid)) {
        return { type: 'string' };
      }
      return undefined;
    },
  });
}
