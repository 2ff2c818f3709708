/**
 * Events in API answers (searches, batch gets), decoded with agentwire's event codecs: strict by
 * default, or keeping unknown kinds (client-defined tools) as opaque values and fields a newer
 * server added.
 * @module
 */
import {
  type Event,
  type LenientEvent,
  safeDecodeEvent,
  type UnknownField,
  type UnknownFieldsMode,
  type UnknownKindsMode,
} from '../events/index';
import { APIResponseValidationError } from './errors';

export type { UnknownFieldsMode, UnknownKindsMode };

/** The event type a client yields: `Event`, or `Event | LenientEvent` when it keeps unknown kinds. */
export type ClientEvent<Mode extends UnknownKindsMode> = Mode extends 'keep' ? Event | LenientEvent : Event;

/** A field no model defines that a client made with `unknownFields: 'keep'` kept: told once per model and key. */
export interface ClientUnknownField extends UnknownField {
  /** The operation whose answer held it, as error messages name it (`events.search`). */
  readonly where: string;
}

/** How a client decodes events, and whom it tells about kept fields. */
export interface EventDecoding<Mode extends UnknownKindsMode = UnknownKindsMode> {
  unknownKinds: Mode;
  unknownFields?: UnknownFieldsMode | undefined;
  /** Told of each kept field the first time (per model and key) an answer holds it. */
  onUnknownField?: ((field: ClientUnknownField) => void) | undefined;
}

/** A decoder of one event of an answer; an event that does not decode throws {@link APIResponseValidationError}. */
export function eventDecoder<Mode extends UnknownKindsMode>(
  decoding: EventDecoding<Mode>,
): (value: unknown, where: string) => ClientEvent<Mode> {
  const options = { unknownKinds: decoding.unknownKinds, unknownFields: decoding.unknownFields ?? 'reject' };
  const told = new Set<string>();
  return (value, where) => {
    const decoded = safeDecodeEvent(value, options);
    if (decoded.success) {
      if (decoded.unknownFields && decoding.onUnknownField) {
        for (const field of decoded.unknownFields) {
          const name = `${field.model}\u0000${field.key}`;
          if (told.has(name)) continue;
          told.add(name);
          decoding.onUnknownField({ ...field, where });
        }
      }
      return decoded.output as ClientEvent<Mode>;
    }
    const first = decoded.detail[0];
    throw new APIResponseValidationError(`${where}: the event does not decode at ${first?.loc.join('.') || '(event)'}: ${first?.msg}`);
  };
}

/** Decodes one event strictly (unknown kinds and fields refused). */
export const decodeEventItem: (value: unknown, where: string) => Event = /* @__PURE__ */ eventDecoder({ unknownKinds: 'reject' });
