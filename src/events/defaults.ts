/**
 * Values the service fills in when an event leaves them out.
 * @module
 */

// Random bytes drawn in batches of 1,024 ids, 16 bytes each: a Web Crypto call costs about as much
// as formatting 100 ids whatever its size up to a few kilobytes, so a large batch makes it nearly
// free per id (Node's own randomUUID draws 128 at a time). `hexCodes` holds the character code of
// each hex digit.
const IDS = 1024;
const BATCH = 16 * IDS;
let random: Uint8Array | undefined;
let next = BATCH;
let hexCodes: Uint8Array | undefined;

/** Draws a new batch of random bytes (and makes the digit table on first use). */
function refill(): Uint8Array {
  if (random === undefined || hexCodes === undefined) {
    random = new Uint8Array(BATCH);
    hexCodes = new Uint8Array(16);
    for (let digit = 0; digit < 16; digit++) hexCodes[digit] = '0123456789abcdef'.charCodeAt(digit);
  }
  globalThis.crypto.getRandomValues(random);
  next = 0;
  return random;
}

/** The character code of the high hex digit of the byte at `at`. */
const high = (bytes: Uint8Array, at: number): number => (hexCodes as Uint8Array)[(bytes[at] as number) >> 4] as number;

/** The character code of the low hex digit of the byte at `at`. */
const low = (bytes: Uint8Array, at: number): number => (hexCodes as Uint8Array)[(bytes[at] as number) & 15] as number;

/**
 * A fresh random UUID4, hyphenated (Web Crypto; available on Node 20, browsers and edge runtimes):
 * 16 random bytes written as hex, but for the version digit (4, in place of the high digit of the
 * seventh byte) and the variant digit (8, 9, a or b: two bits of the high digit of the ninth
 * byte), 122 random bits as in every UUID4. The text is written in one
 * piece, a flat string (quick to hash when it keys a map).
 */
export function newUuid(): string {
  const r = next === BATCH ? refill() : (random as Uint8Array);
  const i = next;
  next = i + 16;
  // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx (45 is '-', 52 is '4').
  return String.fromCharCode(
    high(r, i),
    low(r, i),
    high(r, i + 1),
    low(r, i + 1),
    high(r, i + 2),
    low(r, i + 2),
    high(r, i + 3),
    low(r, i + 3),
    45,
    high(r, i + 4),
    low(r, i + 4),
    high(r, i + 5),
    low(r, i + 5),
    45,
    52,
    low(r, i + 6),
    high(r, i + 7),
    low(r, i + 7),
    45,
    (hexCodes as Uint8Array)[(((r[i + 8] as number) >> 4) & 3) | 8] as number,
    low(r, i + 8),
    high(r, i + 9),
    low(r, i + 9),
    45,
    high(r, i + 10),
    low(r, i + 10),
    high(r, i + 11),
    low(r, i + 11),
    high(r, i + 12),
    low(r, i + 12),
    high(r, i + 13),
    low(r, i + 13),
    high(r, i + 14),
    low(r, i + 14),
    high(r, i + 15),
    low(r, i + 15),
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
