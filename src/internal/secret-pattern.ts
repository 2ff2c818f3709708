/**
 * Secrets out of text: a pattern matching each secret as written and as any URL encoding of it,
 * and the text with every match replaced. Shared by the API client and the event sender.
 * @module
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

const encoder = /* @__PURE__ */ new TextEncoder();

/** A pattern source matching one character as written or percent-encoded (either case), `+` for a space. */
function characterPattern(character: string): string {
  const literal = character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  const encoded = [...encoder.encode(character)]
    .map((byte) => {
      const hex = byte.toString(16).padStart(2, '0');
      return `%[${hex[0]}${hex[0]?.toUpperCase()}][${hex[1]}${hex[1]?.toUpperCase()}]`;
    })
    .join('');
  return character === ' ' ? `(?:${literal}|${encoded}|\\+)` : `(?:${literal}|${encoded})`;
}

/**
 * A matcher of the secrets as written and as any URL encoding of them (each character literal or
 * `%XX` in either case), so an answer that echoes a key in a query string is caught too. Secrets
 * shorter than 4 characters are ignored (they would match ordinary text).
 */
export function secretPattern(secrets: readonly string[]): RegExp | undefined {
  const live = [...new Set(secrets.filter((secret) => secret.length >= 4))].sort((a, b) => b.length - a.length);
  if (live.length === 0) return undefined;
  return new RegExp(live.map((secret) => [...secret].map(characterPattern).join('')).join('|'), 'g');
}

/** The text with every match of `pattern` replaced. */
export function scrubText(text: string, pattern: RegExp | undefined): string {
  return pattern ? text.replace(pattern, REDACTED) : text;
}
