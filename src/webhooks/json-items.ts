/**
 * The JSON text of each item of a top-level array, as it was sent: what a store keeps of each
 * received event. Walks text that already parsed, so it needs no error handling of its own.
 * @module
 */
import { mapNumberTokens } from './json-numbers';
import { endOfString } from './json-scan';

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/** `text` without the whitespace outside its strings (a stored line must not hold a newline). */
export function compactJson(text: string): string {
  let spaced = false;
  for (let at = 0; at < text.length && !spaced; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) at = endOfString(text, at);
    else spaced = isSpace(code);
  }
  if (!spaced) return text;
  const parts: string[] = [];
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) at = endOfString(text, at);
    else if (isSpace(code)) {
      parts.push(text.slice(copied, at));
      copied = at + 1;
    }
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/**
 * The text of each item of the JSON array `text` holds, without whitespace outside strings; `[]`
 * for an empty array. `text` must be JSON that parsed as an array.
 */
export function arrayItemTexts(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = -1;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) {
      if (depth === 1 && start < 0) start = at;
      at = endOfString(text, at);
    } else if (code === 91 || code === 123) {
      if (depth === 1 && start < 0) start = at;
      depth++;
    } else if (code === 93 || code === 125) {
      depth--;
      if (depth === 0) {
        if (start >= 0) items.push(compactJson(text.slice(start, at)));
        break;
      }
    } else if (depth === 1) {
      if (code === 44) {
        items.push(compactJson(text.slice(start, at)));
        start = -1;
      } else if (start < 0 && !isSpace(code)) start = at;
    }
  }
  return items;
}

/** The keys whose values decoding generates when an event leaves them out. */
const GENERATED_KEYS = ['id', 'timestamp', 'key'] as const;

/** For each event, what to put before its text: the values decoding generated for keys it left out, each followed by a comma. */
function generatedPrefixes(inputs: readonly unknown[], decoded: readonly object[]): string[] {
  return inputs.map((input, index) => {
    const event = decoded[index] as Record<string, unknown>;
    let prefix = '';
    for (const key of GENERATED_KEYS) {
      if (event[key] !== undefined && !Object.hasOwn(input as object, key))
        prefix += `${JSON.stringify(key)}:${JSON.stringify(event[key])},`;
    }
    return prefix;
  });
}

/**
 * The text of each item of the array `body` holds, with its prefix put first; the body walked on
 * the first call. Kept apart from the decoded events: the texts are remembered beside each event
 * in a `WeakMap`, and a value that held on to its own key would keep it alive until a full
 * collection.
 */
function prefixedItemTexts(body: string, prefixes: readonly string[]): (index: number) => string {
  let items: string[] | undefined;
  return (index) => {
    if (items === undefined) {
      const readable =
        body.includes('NaN') || body.includes('Infinity')
          ? mapNumberTokens(body, (token) => (token === 'NaN' || token.endsWith('Infinity') ? 'null' : undefined)).text
          : body;
      items = arrayItemTexts(readable);
    }
    const text = items[index] as string;
    const prefix = prefixes[index] as string;
    if (prefix === '') return text;
    return text === '{}' ? `{${prefix.slice(0, -1)}}` : `{${prefix}${text.slice(1)}`;
  };
}

/**
 * The JSON text of each event of a batch as received, for the store to keep: the item's own text
 * (`NaN` and `Infinity` written as `null`, which every JSON reader takes), with the values decoding
 * generated for keys the event left out (`id`, `timestamp`, a state update's `key`) put first.
 * The generated values are read now; the body is walked for the items' texts only when the first
 * text is asked for (a handler without a store may never need one).
 */
export function receivedEventTextsLater(body: string, inputs: readonly unknown[], decoded: readonly object[]): (index: number) => string {
  return prefixedItemTexts(body, generatedPrefixes(inputs, decoded));
}

/** {@link receivedEventTextsLater}, every text at once. */
export function receivedEventTexts(body: string, inputs: readonly unknown[], decoded: readonly object[]): string[] {
  const textOf = receivedEventTextsLater(body, inputs, decoded);
  return inputs.map((_, index) => textOf(index));
}
