/**
 * Encoding events into the exact JSON shape the service emits.
 * @module
 */
import { decodeEvent, decodeEvents } from './decode';
import type { Event } from './generated/event';
import type { LenientEvent } from './lenient';

// Encoding keeps what a decode kept: opaque values of unknown kinds, and keys no model defines.
const KEEP = { unknownKinds: 'keep', unknownFields: 'keep' } as const;

/**
 * Encodes an event as the service serializes it: a plain JSON-ready object with every field
 * present (defaults and nulls included), keys in the service's order, `kind` last. The event is
 * validated on the way (an {@link EventValidationError} is thrown when it is not valid);
 * opaque values of unknown kinds are kept, and so are keys no model defines (as a decode with
 * `unknownFields: 'keep'` keeps them), after the known fields and before `kind`.
 * `decodeEvent(encodeEvent(e))` equals `e` (decoded with `unknownFields: 'keep'` when `e` holds such keys).
 */
export function encodeEvent<E extends Event | LenientEvent>(event: E): E {
  return decodeEvent(event, KEEP) as E;
}

/** Encodes a batch of events (see {@link encodeEvent}), all or nothing. */
export function encodeEvents<E extends Event | LenientEvent>(events: readonly E[]): E[] {
  return decodeEvents(events, KEEP) as E[];
}
