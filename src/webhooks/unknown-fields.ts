/**
 * Telling listeners about fields no model defines, which a handler made with
 * `unknownFields: 'keep'` accepted: each field (model and key) once per handler.
 * @module
 */
import type { Event, UnknownField } from '../events/index';
import { notifyAll } from './dispatch';
import type { UnknownFieldListener } from './types';

/** The most distinct fields a handler remembers having reported; past it, new ones are kept but not reported. */
export const REPORTED_FIELDS_LIMIT = 1_000;

/** Reports each field (model and key) the first time a batch holds it. */
export function createUnknownFieldReporter(listeners: UnknownFieldListener[]) {
  const reported = new Set<string>();
  return (fields: readonly UnknownField[] | undefined, events: readonly Event[], conversationId: string): void => {
    if (!fields || listeners.length === 0) return;
    for (const field of fields) {
      const name = `${field.model}\u0000${field.key}`;
      if (reported.has(name) || reported.size >= REPORTED_FIELDS_LIMIT) continue;
      reported.add(name);
      const event = events[field.path[0] as number];
      notifyAll(listeners, {
        model: field.model,
        key: field.key,
        path: field.path.slice(1),
        conversationId,
        eventId: event?.id,
        eventKind: event?.kind,
      });
    }
  };
}
