/**
 * The JSON text a store writes for a received event: the text it arrived as, when the webhook
 * handler received it (it remembers it per decoded event), and `JSON.stringify` otherwise.
 * @module
 */
import type { Event } from '../events/index';

const received = /* @__PURE__ */ new WeakMap<object, string | (() => string)>();

/**
 * Remembers the JSON text an event arrived as (the webhook handler calls it for each decoded
 * event), or how to work it out: then it is worked out once, when a store first asks.
 */
export function rememberReceivedJson(event: object, json: string | (() => string)): void {
  received.set(event, json);
}

/**
 * The JSON text of an event, as a durable store should write it: the text the event arrived as in
 * a webhook body, byte for byte (numbers keep the digits they were sent with, `30.0` stays `30.0`,
 * fields a newer server added stay), without whitespace between tokens, with the values decoding
 * generated for what the sender left out (`id`, `timestamp`) added. `NaN` and `±Infinity` become
 * `null`. An event that did not arrive through the handler is written with `JSON.stringify`.
 */
export function stringifyEvent(event: Event | object): string {
  let json = received.get(event);
  if (typeof json === 'function') {
    json = json();
    received.set(event, json);
  }
  return json ?? JSON.stringify(event);
}
