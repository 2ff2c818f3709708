/**
 * Reading a request body with a size limit, and parsing it as JSON the way the service reports
 * failures.
 * @module
 */

import type { ValidationErrorItem } from '../events/index';
import { AgentwireError } from '../internal/agentwire-error';
import { mayNeedExactParse, parseExact } from './json-numbers';

/** The body was larger than the limit. */
export class BodyTooLargeError extends AgentwireError {
  override readonly name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`);
  }
}

/**
 * Reads a Web stream to bytes, stopping (and cancelling the stream) as soon as more than `limit`
 * bytes arrived, so an oversized body is never buffered whole.
 */
export async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads an unread body and throws it away, up to `limit` bytes, then cancels it. Answering before
 * the body is read (413 on a declared length, 401) and closing at once would reset a client still
 * sending; this lets the answer arrive.
 */
export async function discardBody(stream: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  const reader = stream.getReader();
  let size = 0;
  try {
    while (size <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
  } catch {
    // The client went away: nothing left to read.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The body stream was already read (by an earlier middleware) and its content kept nowhere the handler can see. */
export class BodyConsumedError extends AgentwireError {
  override readonly name = 'BodyConsumedError';
}

/** The body is not UTF-8. */
export class BodyEncodingError extends AgentwireError {
  override readonly name = 'BodyEncodingError';
}

let laxDecoder: TextDecoder | undefined;
let strictDecoder: TextDecoder | undefined;

/** Decodes UTF-8 strictly (a BOM is dropped); throws {@link BodyEncodingError} on invalid bytes. */
export function decodeUtf8(bytes: Uint8Array): string {
  // The replacing decoder is the fast one. Without a replacement character in its output every byte
  // was valid; with one, the body may hold U+FFFD itself, and the strict decoder decides.
  laxDecoder ??= new TextDecoder('utf-8');
  const text = laxDecoder.decode(bytes);
  if (!text.includes('\uFFFD')) return text;
  try {
    strictDecoder ??= new TextDecoder('utf-8', { fatal: true });
    return strictDecoder.decode(bytes);
  } catch {
    throw new BodyEncodingError('The request body is not valid UTF-8');
  }
}

/**
 * A JSON parse result: the value (with, when the body held integers JavaScript cannot hold, how
 * to restore their digits in JSON made from it), or the service's `json_invalid` item.
 */
export type JsonResult =
  | { ok: true; value: unknown; restore?: ((json: string) => string) | undefined }
  | { ok: false; error: ValidationErrorItem };

/**
 * Parses JSON text as the service's Python reads it (integers of any size, `NaN`, `Infinity`); a
 * failure becomes the 422 item the service answers with.
 */
export function parseJsonBody(text: string): JsonResult {
  try {
    if (!mayNeedExactParse(text)) return { ok: true, value: JSON.parse(text) };
    const { value, restore } = parseExact(text);
    return { ok: true, value, restore };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? (text.trim() === '' ? 0 : text.length));
    return {
      ok: false,
      error: { type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error: message } },
    };
  }
}
