/**
 * Headers from any framework as Web `Headers`.
 * @module
 */

/** Converts a Node-style header record (values may be arrays or undefined) to `Headers`. */
export function toHeaders(input: Headers | Record<string, string | string[] | undefined>): Headers {
  if (input instanceof Headers) return input;
  const headers = new Headers();
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    try {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else headers.set(name, value);
    } catch {
      // A header name or value Web Headers cannot hold is not one the handler reads.
    }
  }
  return headers;
}

/** What the handler reads of request headers: a case-insensitive lookup, as `Headers.get`. */
export interface HeaderLookup {
  get(name: string): string | null;
}

/**
 * A lookup over Node's lowercase header record, without copying it into a `Headers` object
 * (that copy costs more than the rest of a request's routing).
 */
export function nodeHeaderLookup(input: Record<string, string | string[] | undefined>): HeaderLookup {
  return {
    get(name) {
      const value = input[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
