/**
 * A request's body as the handler checks it: text within the limit, strict UTF-8, or JSON that a
 * framework's body parser already produced. The checks that read the body (signature, `verify`)
 * live here too.
 * @module
 */
import type { HeaderLookup } from '../headers';
import { BodyConsumedError, BodyEncodingError, BodyTooLargeError, decodeUtf8 } from '../read-body';
import { CONSUMED, detail } from '../rejection';
import { checkSignature } from '../signature';
import type { WebhookBody, WebhookResult } from '../types';
import type { HandlerState } from './state';

/** A body read: its text, or the JSON a body parser left (then there is no text to check a signature against). */
export type ReceivedBody = { text: string; json?: undefined } | { json: unknown; text?: undefined };

/**
 * Reads the body within `maxBodyBytes`: its text, the JSON a parser left, or the answer when it
 * cannot be had (413 past the limit, 400 for bytes that are not UTF-8 or a failed read, 500 when
 * an earlier middleware consumed it).
 */
export async function readBodyText(state: HandlerState, readBody: () => Promise<WebhookBody>): Promise<ReceivedBody | WebhookResult> {
  const { maxBodyBytes } = state;
  try {
    const body = await readBody();
    if (typeof body === 'object' && !(body instanceof Uint8Array)) return { json: body.json };
    if (typeof body === 'string') {
      // A UTF-16 unit takes at most 3 UTF-8 bytes: only long strings need measuring.
      if (body.length * 3 > maxBodyBytes && new TextEncoder().encode(body).byteLength > maxBodyBytes)
        throw new BodyTooLargeError(maxBodyBytes);
      return { text: body };
    }
    if (body.byteLength > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes);
    return { text: decodeUtf8(body) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return detail(413, `Request body is larger than the limit of ${maxBodyBytes} bytes`);
    if (error instanceof BodyEncodingError) return detail(400, 'There was an error parsing the body: it is not valid UTF-8');
    if (error instanceof BodyConsumedError) {
      state.logger.warn(`agentwire webhooks: ${CONSUMED}`);
      return detail(500, CONSUMED);
    }
    return detail(400, 'There was an error reading the body');
  }
}

/**
 * The checks that need the body: the Standard Webhooks signature (over the raw text only) and the
 * caller's `verify`. Resolves to the 401 answer of the first that fails, or `undefined`.
 */
export async function checkRequest(
  state: HandlerState,
  conversationId: string | undefined,
  headers: HeaderLookup,
  body: ReceivedBody,
): Promise<WebhookResult | undefined> {
  const { secrets, options } = state;
  const raw = body.text ?? JSON.stringify(body.json);
  if (secrets) {
    if (body.text === undefined)
      return detail(401, 'Invalid webhook signature: the raw body is needed; mount the handler before any JSON body parser');
    const failure = await checkSignature(headers, body.text, secrets, options.signature?.toleranceSeconds);
    if (failure) return detail(401, `Invalid webhook signature: ${failure}`);
  }
  if (options.verify && !(await options.verify({ conversationId, headers, body: raw }))) return detail(401, 'Request verification failed');
  return undefined;
}
