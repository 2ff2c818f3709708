/**
 * The key an event id is stored under in the `event_id` column. PostgreSQL text cannot hold NUL,
 * and node-postgres writes a lone surrogate as U+FFFD, so `"q-\ud800"` and `"q-\ufffd"` would be
 * one key (and `"a\u0000b"` none): such ids are stored escaped, every other id as it is. Node only.
 * @module
 */

/** The first character of an escaped key: U+FFFF, a noncharacter no sender puts at the start of an id. */
const MARK = '\uffff';

/** A surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The stored key of an event id: the id itself when PostgreSQL text holds it exactly, otherwise
 * U+FFFF followed by the id as a JSON string (NUL and lone surrogates written as `\uXXXX`). Ids
 * that start with U+FFFF are escaped too, so no id's key is another id's: the mapping is one to
 * one, and keys of ordinary ids (all of them in practice) are the ids.
 */
export function eventKey(id: string): string {
  return id.startsWith(MARK) || id.includes('\u0000') || LONE_SURROGATE.test(id) ? MARK + JSON.stringify(id) : id;
}
