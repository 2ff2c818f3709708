/**
 * The Web way in: a `Request` to a `Response`, with the body read within the limit and the rest of
 * an unread body drained after an early answer.
 * @module
 */
import { BodyTooLargeError, discardBody, readLimited } from '../read-body';
import { serializeResult } from '../serialize';
import type { RouteOptions, UnknownKindsMode, WebhookBody, WebhookHandler } from '../types';
import type { HandlerState } from './state';

/** At most this much of an unread body is read and thrown away after an early answer. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * `handler.fetch`: answers a Web `Request` through `handler.handle`. A body whose declared length
 * passes the limit is refused without reading it; an answer given before the body was read waits
 * until the body was read to the end, so the client gets it.
 */
export async function fetchResponse(
  state: HandlerState,
  handler: WebhookHandler<UnknownKindsMode>,
  request: Request,
  options?: RouteOptions | object,
): Promise<Response> {
  const { maxBodyBytes } = state;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  const readBody = async (): Promise<WebhookBody> => {
    if (declared > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes);
    return readLimited(request.body, maxBodyBytes);
  };
  const result = await handler.handle(request.method, new URL(request.url).pathname, request.headers, readBody, options);
  // An answer given before the body was read: read it to the end first, so the answer arrives.
  if (request.body && !request.bodyUsed) await discardBody(request.body, DISCARD_LIMIT_BYTES);
  return new Response(serializeResult(result), {
    status: result.status,
    headers: { 'content-type': 'application/json', ...result.headers },
  });
}
