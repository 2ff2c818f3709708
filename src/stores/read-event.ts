/**
 * An event read back from a store: the JSON a store kept (the event as it was sent) decoded again
 * as the handler decoded it when it was accepted, so readers get the same event listeners got.
 * @module
 */
import { type Event, safeDecodeEvent } from '../events/index';

/** What was accepted once is read back whole: kinds and fields this version does not know are kept. */
const READ_BACK = { unknownKinds: 'keep', unknownFields: 'keep' } as const;

/**
 * A stored value as an event: decoded (`"yes"` read as `true`, defaults filled in, kinds and fields
 * this version does not know kept). A value that no longer decodes (written by another tool or
 * another version) is returned as it was stored.
 */
export function readStoredEvent(value: unknown): Event {
  const decoded = safeDecodeEvent(value, READ_BACK);
  return (decoded.success ? decoded.output : value) as Event;
}
