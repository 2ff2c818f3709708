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
