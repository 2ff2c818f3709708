/**
 * Mounting a webhook handler on `node:http`, Express or Connect. The file store is
 * `agentwire/stores/file`.
 * @module agentwire/webhooks/node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeHeaderLookup } from './headers';
import { BodyConsumedError, BodyTooLargeError } from './read-body';
import { SUCCESS } from './rejection';
import { serializeResult } from './serialize';
import type { UnknownKindsMode, WebhookBody, WebhookHandler, WebhookResult } from './types';

/** A Node request, possibly with the body a framework's parser already read and a router's params. */
export type NodeRequest = IncomingMessage & { body?: unknown; originalUrl?: string; params?: Record<string, string | undefined> };

/** Options of {@link toNodeHandler}. */
export interface NodeHandlerOptions {
  /**
   * For a handler mounted under a route of your own: the conversation id the route holds, such as
   * `(req) => req.params.id` for Express's `app.post('/hooks/agent/:id', …)`. Given, the path is not
   * routed (see `RouteOptions`); returning `undefined` routes that request by path as usual.
   */
  conversationId?: (req: NodeRequest) => string | undefined;
}

/** How much of an unread body is read and thrown away after an early answer, before the connection is cut. */
const DISCARD_LIMIT = { bytes: 64 * 1024 * 1024, milliseconds: 5_000 };

/** Reads the rest of a request and throws it away; past the limits, destroys the connection. */
function discardRest(req: IncomingMessage): void {
  let size = 0;
  const cut = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > DISCARD_LIMIT.bytes) cut();
  };
  const timer = setTimeout(cut, DISCARD_LIMIT.milliseconds);
  timer.unref?.();
  req.on('data', onData);
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** An empty body, shared. */
const EMPTY = Buffer.alloc(0);

/**
 * Reads the raw body with the handler's limit, stopping at the first byte past it. One listener
 * takes the chunks and one settles the read, whichever of `end`, `error` or `close` comes first;
 * none is removed (they go with the request), so a read costs no bookkeeping per event.
 */
function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  if (Number(req.headers['content-length']) > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    let first: Buffer | undefined;
    let rest: Buffer[] | undefined;
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settled = true;
        first = undefined;
        rest = undefined;
        req.pause();
        reject(new BodyTooLargeError(limit));
      } else if (first === undefined) first = chunk;
      else if (rest === undefined) rest = [first, chunk];
      else rest.push(chunk);
    });
    // `end` (the body is whole), `error`, or `close` before the end (the client went away).
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else if (!req.readableEnded) reject(new Error('The request was aborted before its body ended'));
      else resolve(rest ? Buffer.concat(rest, size) : (first ?? EMPTY));
    };
    req.on('end', settle);
    req.on('error', settle);
    req.on('close', settle);
  });
}

/** The body a framework already parsed (`req.body`), in the form the handler takes. */
function parsedBody(body: unknown): WebhookBody {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return { json: body };
}

/**
 * Adapts a handler to Node's `(req, res, next?)`, for `node:http`, Express and Connect. When a
 * body parser already ran, `req.body` (an object, a string or a Buffer) is used; otherwise the
 * raw body is streamed with the size limit. With `next`, requests outside the webhook paths are
 * passed on instead of answered 404. Nothing global is patched. Under a route of your own, say
 * where the conversation id is: `app.post('/hooks/agent/:id', toNodeHandler(webhooks, { conversationId: (req) => req.params?.id }))`.
 */
export function toNodeHandler<Mode extends UnknownKindsMode>(handler: WebhookHandler<Mode>, options: NodeHandlerOptions = {}) {
  const limit = handler.maxBodyBytes;
  const routedBy = options.conversationId;
  return (req: NodeRequest, res: ServerResponse, next?: (error?: unknown) => void): void => {
    const target = req.originalUrl ?? req.url ?? '/';
    const query = target.indexOf('?');
    // Origin-form targets (`/path?query`) need no URL parsing; absolute-form ones (proxies) do.
    const path = target.startsWith('/') ? (query === -1 ? target : target.slice(0, query)) : new URL(target, 'http://localhost').pathname;
    const readBody = (): Promise<WebhookBody> => {
      if (req.body === undefined) {
        // A stream that already ended will never emit again: waiting on it would hang forever.
        if (req.readableEnded) {
          if (req.headers['content-length'] === '0') return Promise.resolve(EMPTY);
          throw new BodyConsumedError('The request body was already read');
        }
        return readNodeBody(req, limit);
      }
      if (Number(req.headers['content-length']) > limit) throw new BodyTooLargeError(limit);
      return Promise.resolve(parsedBody(req.body));
    };
    const fail = (error: unknown) => {
      if (next) next(error);
      else if (!res.headersSent && !res.destroyed) res.writeHead(500, FAILURE_HEADERS).end(FAILURE_TEXT);
    };
    let routed: { conversationId: string | undefined } | undefined;
    try {
      if (routedBy) routed = { conversationId: routedBy(req) };
    } catch (error) {
      fail(error);
      return;
    }
    handler.handle(req.method ?? 'GET', path, nodeHeaderLookup(req.headers), readBody, routed).then((result) => {
      try {
        if (result.status === 404 && next) next();
        else answer(req, res, result);
      } catch (error) {
        fail(error);
      }
    }, fail);
  };
}

/**
 * The answers the adapter writes most, worked out once. Headers go to `writeHead` as a record:
 * wrappers of `writeHead` (such as `on-headers`, under several middlewares) read records the same
 * way in every version, flat lists not.
 */
const SUCCESS_TEXT = serializeResult(SUCCESS);
const SUCCESS_HEADERS = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(SUCCESS_TEXT)) };
const FAILURE_TEXT = '{"detail":"Internal Server Error"}';
const FAILURE_HEADERS = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(FAILURE_TEXT)) };

/** Writes a handler's answer (status and headers in one call, the body in one write), unless one was given already. */
function answer(req: IncomingMessage, res: ServerResponse, result: WebhookResult): void {
  if (res.headersSent || res.destroyed) return;
  if (result === SUCCESS) {
    res.writeHead(200, SUCCESS_HEADERS).end(SUCCESS_TEXT);
    return;
  }
  const text = serializeResult(result);
  res
    .writeHead(result.status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...result.headers })
    .end(text);
  // An answer given before the body was read (413, 401): closing at once would reset a client
  // still sending, which then sees a network error instead of the status. Read the rest and
  // throw it away, within bounds.
  if (!req.complete) discardRest(req);
}
