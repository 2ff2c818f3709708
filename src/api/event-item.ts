/**
 * Events in API answers (searches, batch gets), decoded with agentwire's event codecs: strict by
 * default, or keeping unknown kinds (client-defined tools) as opaque values.
 * @module
 */
import { type Event, type LenientEvent, safeDecodeEvent, type UnknownKindsMode } from '../events/index';
import { APIResponseValidationError } from './errors';

export type { UnknownKindsMode };

/** The event type a client yields: `Event`, or `Event | LenientEvent` when it keeps unknown kinds. */
export type ClientEvent<Mode extends UnknownKindsMode> = Mode extends 'keep' ? Event | LenientEvent : Event;

/** A decoder of one event of an answer; an event that does not decode throws {@link APIResponseValidationError}. */
export function eventDecoder<Mode extends UnknownKindsMode>(unknownKinds: Mode): (value: unknown, where: string) => ClientEvent<Mode> {
  return (value, where) => {
    const decoded = safeDecodeEvent(value, { unknownKinds });
    if (decoded.success) return decoded.output as ClientEvent<Mode>;
    const first = decoded.detail[0];
    throw new APIResponseValidationError(`${where}: the event does not decode at ${first?.loc.join('.') || '(event)'}: ${first?.msg}`);
  };
}

/** Decodes one event strictly (unknown kinds refused). */
export const decodeEventItem: (value: unknown, where: string) => Event = /* @__PURE__ */ eventDecoder('reject');
