/**
 * Values the service fills in when an event leaves them out.
 * @module
 */

/** A fresh random UUID4, hyphenated (Web Crypto; available on Node 20, browsers and edge runtimes). */
export function newUuid(): string {
  return globalThis.crypto.randomUUID();
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * The given instant as the service writes timestamps: naive ISO-8601 local time without a zone,
 * microsecond precision, the fraction left out when it is zero (`2026-06-16T05:39:18.809`).
 */
export function naiveLocalTimestamp(date: Date = new Date()): string {
  const base =
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  const millis = date.getMilliseconds();
  return millis === 0 ? base : `${base}.${pad(millis * 1000, 6)}`;
}
