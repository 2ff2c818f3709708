/**
 * Mounting a webhook handler on `node:http`, Express or Connect. The file store is
 * `agentwire/stores/file`.
 * @module agentwire/webhooks/node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeHeaderLookup } from './headers';
import { BodyConsumedError, BodyTooLargeError } from './read-body';
import { serializeResult } from './serialize';
import type { UnknownKindsMode, WebhookBody, WebhookHandler } from './types';

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

/** Reads the raw body with the handler's limit, stopping at the first byte past it. */
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

function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      if (!req.complete) onError(new Error('The request was aborted before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
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
  return (req: NodeRequest, res: ServerResponse, next?: (error?: unknown) => void): void => {
    const target = req.originalUrl ?? req.url ?? '/';
    const query = target.indexOf('?');
    // Origin-form targets (`/path?query`) need no URL parsing; absolute-form ones (proxies) do.
    const path = target.startsWith('/') ? (query === -1 ? target : target.slice(0, query)) : new URL(target, 'http://localhost').pathname;
    const readBody = async (): Promise<WebhookBody> => {
      if (req.body === undefined) {
        // A stream that already ended will never emit again: waiting on it would hang forever.
        if (req.readableEnded) {
          if (req.headers['content-length'] === '0') return new Uint8Array(0);
          throw new BodyConsumedError('The request body was already read');
        }
        return readNodeBody(req, handler.maxBodyBytes);
      }
      if (Number(req.headers['content-length']) > handler.maxBodyBytes) throw new BodyTooLargeError(handler.maxBodyBytes);
      return parsedBody(req.body);
    };
    const fail = (error: unknown) => {
      if (next) next(error);
      else if (!res.headersSent && !res.destroyed) {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json');
        res.end('{"detail":"Internal Server Error"}');
      }
    };
    let conversationId: string | undefined;
    try {
      conversationId = options.conversationId?.(req);
    } catch (error) {
      fail(error);
      return;
    }
    handler
      .handle(req.method ?? 'GET', path, nodeHeaderLookup(req.headers), readBody, { conversationId })
      .then((result) => {
        if (result.status === 404 && next) {
          next();
          return;
        }
        if (res.headersSent || res.destroyed) return;
        res.statusCode = result.status;
        res.setHeader('content-type', 'application/json');
        if (result.headers) for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
        res.end(serializeResult(result));
        // An answer given before the body was read (413, 401): closing at once would reset a client
        // still sending, which then sees a network error instead of the status. Read the rest and
        // throw it away, within bounds.
        if (!req.complete) discardRest(req);
      })
      .catch(fail);
  };
}
