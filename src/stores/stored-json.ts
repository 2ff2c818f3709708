/**
 * The JSON text a store writes for a received event: `JSON.stringify`, with the exact digits of
 * integers JavaScript cannot hold put back (the handler remembers them per decoded event).
 * @module
 */
import type { Event } from '../events/index';

const exactDigits = /* @__PURE__ */ new WeakMap<object, (json: string) => string>();

/** Remembers how to restore the exact digits of an event's large integers (the handler calls it). */
export function rememberExactDigits(event: object, restore: (json: string) => string): void {
  exactDigits.set(event, restore);
}

/**
 * The JSON text of an event, as a durable store should write it: integers beyond ±2^53 that
 * arrived in a webhook body keep the digits they were sent with (JavaScript holds them as the
 * nearest double), exactly as the service, whose Python keeps integers of any size, stores them.
 * `NaN` and `±Infinity` become `null`, as the service writes them in free-form fields.
 */
export function stringifyEvent(event: Event | object): string {
  const json = JSON.stringify(event);
  const restore = exactDigits.get(event);
  return restore ? restore(json) : json;
}
