/**
 * Parsing JSON as the service's Python does: integers of any size keep their digits, and the
 * `NaN`, `Infinity` and `-Infinity` tokens are accepted. `JSON.parse` refuses those tokens and
 * rounds integers past 2^53, so a body that holds either takes this slower, exact path.
 *
 * The toolkit's reader of the same syntax, `internal/python/json.ts`, keeps the position of every
 * value for diagnostics; it is not used here because a webhook body needs no positions and is read
 * on every request: on 10,000 batches of five recorded events it took about 8 times as long as this
 * path, which leaves all but rare bodies to the engine's `JSON.parse`.
 * @module
 */
import { endOfString } from './json-scan';

/** A parse that kept every number: the value, and how to put exact digits back into JSON text made from it. */
export interface ExactParse {
  value: unknown;
  /** Rewrites `JSON.stringify` output of (parts of) `value` with the original digits of large integers. */
  restore: ((json: string) => string) | undefined;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Whether `text` holds a run of 16 digits or more. Probes every 16th character (any such run covers
 * one of them) and looks around the digits it lands on: a few hundred reads for a webhook batch,
 * where a regular expression tries every position.
 */
function hasLongDigitRun(text: string): boolean {
  const length = text.length;
  let at = 15;
  while (at < length) {
    if (!isDigit(text.charCodeAt(at))) {
      at += 16;
      continue;
    }
    let start = at;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = at;
    while (end + 1 < length && isDigit(text.charCodeAt(end + 1))) end++;
    if (end - start + 1 >= 16) return true;
    // The character after the run is not a digit: the next run starts after it.
    at = end + 17;
  }
  return false;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Whether `text` may hold numbers `JSON.parse` would change or refuse. */
export function mayNeedExactParse(text: string): boolean {
  return text.includes('NaN') || text.includes('Infinity') || hasLongDigitRun(text);
}

/**
 * Calls `visit` with each number token and each `NaN`/`Infinity`/`-Infinity` word outside strings;
 * a returned string replaces the token. Returns the text, rewritten when anything was replaced,
 * and where replacements happened (their start in the new text and the length change).
 */
export function mapNumberTokens(
  text: string,
  visit: (token: string) => string | undefined,
): { text: string; shifts: { at: number; delta: number }[] } {
  const parts: string[] = [];
  const shifts: { at: number; delta: number }[] = [];
  let copied = 0;
  let length = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) {
      at = endOfString(text, at);
      continue;
    }
    let token: string | undefined;
    if (code === 78 && text.startsWith('NaN', at)) token = 'NaN';
    else if (code === 73 && text.startsWith('Infinity', at)) token = 'Infinity';
    else if (code === 45 && text.startsWith('-Infinity', at)) token = '-Infinity';
    else if (code === 45 || (code >= 48 && code <= 57)) {
      NUMBER.lastIndex = at;
      token = NUMBER.exec(text)?.[0];
    }
    if (token === undefined) {
      // A `-` that starts no number (`-NaN`): skip what follows it too, so it cannot become a token.
      if (code === 45) at++;
      continue;
    }
    const replacement = visit(token);
    if (replacement !== undefined) {
      parts.push(text.slice(copied, at), replacement);
      length += at - copied;
      shifts.push({ at: length, delta: replacement.length - token.length });
      length += replacement.length;
      copied = at + token.length;
    }
    at += token.length - 1;
  }
  if (parts.length === 0) return { text, shifts };
  parts.push(text.slice(copied));
  return { text: parts.join(''), shifts };
}

const view = /* @__PURE__ */ new DataView(new ArrayBuffer(8));

/** The neighbouring double one unit in the last place away from zero (`step` 1) or towards it (`step` -1). */
function neighbour(value: number, step: 1n | -1n): number {
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + step);
  return view.getFloat64(0);
}

/** A double near the integer `token` that no other number of the body has: same sign, same magnitude, finite. */
function markerFor(token: string, used: Set<number>): number {
  let marker = Number(token);
  // Past the largest double, start from it and walk down: the value must stay a finite integer.
  let step: 1n | -1n = Number.isFinite(marker) ? 1n : -1n;
  if (!Number.isFinite(marker)) marker = marker > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  while (used.has(marker)) {
    const next = neighbour(marker, step);
    if (Number.isFinite(next)) marker = next;
    else step = -1n;
  }
  return marker;
}

/** An integer literal whose value or form `JSON.parse` then `JSON.stringify` would change. */
function isInexactInteger(token: string): boolean {
  if (token.length < 16 || /[.eE]/.test(token)) return false;
  return JSON.stringify(Number(token)) !== token;
}

/**
 * Parses text that {@link mayNeedExactParse} flagged. Each large integer is read as a unique
 * nearby double (an integer of the same sign and magnitude, so checks on it behave as on the
 * original) whose JSON form `restore` maps back to the original digits; each non-finite token
 * becomes `NaN` or `±Infinity` (stored as `null`, as the service stores them). Throws a
 * `SyntaxError` whose message gives the position in the original text when the text is not JSON.
 */
export function parseExact(text: string): ExactParse {
  const used = new Set<number>();
  mapNumberTokens(text, (token) => {
    if (!token.endsWith('y') && token !== 'NaN' && !isInexactInteger(token)) used.add(Number(token));
    return undefined;
  });
  const digits = new Map<string, string>();
  const words = new Map<number, number>();
  let tiny = Number.MIN_VALUE;
  const rewritten = mapNumberTokens(text, (token) => {
    if (token === 'NaN' || token.endsWith('Infinity')) {
      while (used.has(tiny)) tiny += Number.MIN_VALUE;
      used.add(tiny);
      words.set(tiny, token === 'NaN' ? Number.NaN : token === 'Infinity' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);
      return String(tiny);
    }
    if (!isInexactInteger(token)) return undefined;
    const marker = markerFor(token, used);
    used.add(marker);
    const form = JSON.stringify(marker);
    digits.set(form, token);
    return form;
  });
  let value: unknown;
  try {
    value =
      words.size === 0
        ? JSON.parse(rewritten.text)
        : JSON.parse(rewritten.text, (_key, item) => (typeof item === 'number' && words.has(item) ? words.get(item) : item));
  } catch (error) {
    throw new SyntaxError(originalPosition((error as Error).message, rewritten.shifts));
  }
  const restore = digits.size === 0 ? undefined : (json: string) => mapNumberTokens(json, (token) => digits.get(token)).text;
  return { value, restore };
}

/** A `JSON.parse` message with its `position N` moved back to the original text. */
function originalPosition(message: string, shifts: { at: number; delta: number }[]): string {
  return message.replace(/position (\d+)/, (_match, raw: string) => {
    const position = Number(raw);
    let back = 0;
    for (const shift of shifts) if (shift.at < position) back += shift.delta;
    return `position ${position - back}`;
  });
}
