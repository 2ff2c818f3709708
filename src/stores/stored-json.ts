/**
 * The JSON text a store writes for a received event: the text it arrived as, when the webhook
 * handler received it (it remembers it per decoded event), and `JSON.stringify` otherwise.
 * @module
 */
import type { Event } from '../events/index';

/**
 * Where an event keeps the text it arrived as: a property under a symbol of this module, not
 * enumerable (spreads, `JSON.stringify`, deep equality and `util.inspect` pass it by). A property costs
 * a fraction of a `WeakMap` entry, whose every short-lived key the garbage collector must clear.
 */
const RECEIVED = Symbol('agentwire.receivedJson');

/** The texts of events that take no new property (frozen or sealed ones). */
const receivedElsewhere = /* @__PURE__ */ new WeakMap<object, string | (() => string)>();

/**
 * Remembers the JSON text an event arrived as (the webhook handler calls it for each decoded
 * event), or how to work it out: then it is worked out once, when a store first asks.
 */
export function rememberReceivedJson(event: object, json: string | (() => string)): void {
  if (Object.isExtensible(event)) Object.defineProperty(event, RECEIVED, { value: json, writable: true, configurable: true });
  else receivedElsewhere.set(event, json);
}

/**
 * The JSON text of an event, as a durable store should write it: the text the event arrived as in
 * a webhook body, byte for byte (numbers keep the digits they were sent with, `30.0` stays `30.0`,
 * fields a newer server added stay), without whitespace between tokens, with the values decoding
 * generated for what the sender left out (`id`, `timestamp`) added. `NaN` and `±Infinity` become
 * `null`. An event that did not arrive through the handler is written with `JSON.stringify`.
 */
export function stringifyEvent(event: Event | object): string {
  let json = Object.hasOwn(event, RECEIVED) ? (event as { [RECEIVED]: string | (() => string) })[RECEIVED] : receivedElsewhere.get(event);
  if (typeof json === 'function') {
    json = json();
    rememberReceivedJson(event, json);
  }
  return json ?? JSON.stringify(event);
}
