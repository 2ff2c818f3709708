/**
 * Values the service fills in when an event leaves them out.
 * @module
 */

/** A fresh random UUID4, hyphenated (Web Crypto; available on Node 20, browsers and edge runtimes). */
export function newUuid(): string {
  return globalThis.crypto.randomUUID();
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

// The date and time up to the second, of the last second formatted: events decoded in the same
// second share it, and only the fraction is written for each (formatting a Date costs ~0.4 µs).
let cachedSecond = Number.NaN;
let cachedBase = '';

/**
 * The given instant as the service writes timestamps: naive ISO-8601 local time without a zone,
 * microsecond precision, the fraction left out when it is zero (`2026-06-16T05:39:18.809`).
 */
export function naiveLocalTimestamp(date?: Date): string {
  const time = date === undefined ? Date.now() : date.getTime();
  const millis = ((time % 1000) + 1000) % 1000;
  const second = time - millis;
  if (second !== cachedSecond) {
    const at = date ?? new Date(time);
    cachedBase =
      `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
      `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    cachedSecond = second;
  }
  if (millis === 0) return cachedBase;
  return `${cachedBase}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}000`;
}
