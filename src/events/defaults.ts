/**
 * Values the service fills in when an event leaves them out.
 * @module
 */

// Random bytes drawn in batches (one Web Crypto call per 128 ids, as Node's own randomUUID caches
// its entropy), and the character code of the hex digit of each byte's low four bits.
const BATCH = 32 * 128;
let random: Uint8Array | undefined;
let next = BATCH;
let hexCodes: Uint8Array | undefined;

/** Draws a new batch of random bytes (and makes the digit table on first use). */
function refill(): Uint8Array {
  if (random === undefined || hexCodes === undefined) {
    random = new Uint8Array(BATCH);
    hexCodes = new Uint8Array(256);
    for (let byte = 0; byte < 256; byte++) hexCodes[byte] = '0123456789abcdef'.charCodeAt(byte & 15);
  }
  globalThis.crypto.getRandomValues(random);
  next = 0;
  return random;
}

/** The character code of a random hex digit: the low four bits of the byte at `at`. */
const hex = (bytes: Uint8Array, at: number): number => (hexCodes as Uint8Array)[bytes[at] as number] as number;

/** The character code of the variant digit (8, 9, a or b): two random bits of the byte at `at`. */
const variant = (bytes: Uint8Array, at: number): number => (hexCodes as Uint8Array)[((bytes[at] as number) & 3) | 8] as number;

/**
 * A fresh random UUID4, hyphenated (Web Crypto; available on Node 20, browsers and edge runtimes):
 * 30 random hex digits and a variant digit of two random bits, 122 random bits as in every UUID4.
 * The text is written in one piece, a flat string (quick to hash when it keys a map).
 */
export function newUuid(): string {
  const r = next === BATCH ? refill() : (random as Uint8Array);
  const i = next;
  next = i + 32;
  // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx (45 is '-', 52 is '4').
  return String.fromCharCode(
    hex(r, i),
    hex(r, i + 1),
    hex(r, i + 2),
    hex(r, i + 3),
    hex(r, i + 4),
    hex(r, i + 5),
    hex(r, i + 6),
    hex(r, i + 7),
    45,
    hex(r, i + 8),
    hex(r, i + 9),
    hex(r, i + 10),
    hex(r, i + 11),
    45,
    52,
    hex(r, i + 12),
    hex(r, i + 13),
    hex(r, i + 14),
    45,
    variant(r, i + 15),
    hex(r, i + 16),
    hex(r, i + 17),
    hex(r, i + 18),
    45,
    hex(r, i + 19),
    hex(r, i + 20),
    hex(r, i + 21),
    hex(r, i + 22),
    hex(r, i + 23),
    hex(r, i + 24),
    hex(r, i + 25),
    hex(r, i + 26),
    hex(r, i + 27),
    hex(r, i + 28),
    hex(r, i + 29),
    hex(r, i + 30),
  );
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

// The date and time up to the second, of the last second formatted (formatting a Date costs
// ~0.4 µs), and the whole text of the last millisecond written: events decoded in the same
// millisecond get the same text, which is what writing it again would give.
let cachedSecond = Number.NaN;
let cachedBase = '';
let cachedTime = Number.NaN;
let cachedText = '';

/**
 * The given instant as the service writes timestamps: naive ISO-8601 local time without a zone,
 * microsecond precision, the fraction left out when it is zero (`2026-06-16T05:39:18.809`).
 */
export function naiveLocalTimestamp(date?: Date): string {
  const time = date === undefined ? Date.now() : date.getTime();
  if (time === cachedTime) return cachedText;
  const millis = ((time % 1000) + 1000) % 1000;
  const second = time - millis;
  if (second !== cachedSecond) {
    const at = date ?? new Date(time);
    cachedBase =
      `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
      `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    cachedSecond = second;
  }
  cachedTime = time;
  cachedText = millis === 0 ? cachedBase : `${cachedBase}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}000`;
  return cachedText;
}
