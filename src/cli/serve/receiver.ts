/**
 * The HTTP server of `agentwire serve`: the webhook handler behind timeouts and the connection
 * table (caps that silent sockets cannot fill, streams counted apart), and a shutdown that stops accepting, closes idle connections, answers the requests
 * in flight with `Connection: close`, and cuts what is left at a deadline.
 * @module
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebhookHandler } from '../../webhooks/index';
import { toNodeHandler } from '../../webhooks/node';
import { type ConnectionCounts, createConnectionTable } from './connections';
import type { ServeSettings } from './settings';

/** How a shutdown went. */
export interface ShutdownResult {
  /** Requests still open at the deadline, cut without an answer (their senders retry). */
  cut: number;
}

/** A running receiver. */
export interface Receiver {
  /** Listens; rejects with the server's error (`EADDRINUSE`…). */
  listen(port: number, host: string): Promise<number>;
  /** Stops within `deadlineMs`; a second call cuts at once. */
  shutdown(deadlineMs: number): Promise<ShutdownResult>;
  /** Connections closed or refused by the caps and the headers timeout. */
  readonly counts: Readonly<ConnectionCounts>;
  /**
   * Counts the request's connection as a viewer stream (under the stream caps, apart from the
   * webhook's); false when a stream cap is reached.
   */
  startStream(req: IncomingMessage): boolean;
}

/** The answer to a request Node refused before the handler saw it (a timeout, oversized headers, garbage). */
function clientErrorAnswer(code: string | undefined): { status: number; text: string; why: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, text: 'Request Timeout', why: 'the request did not arrive in time' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, text: 'Request Header Fields Too Large', why: 'its headers are too large' };
  return { status: 400, text: 'Bad Request', why: 'it is not HTTP' };
}

/**
 * Creates the server around a handler; `onClientError` hears of requests refused before they
 * reached it; `routes` (the viewer) answers first the requests it knows, by returning true.
 */
export function createReceiver(
  handler: WebhookHandler,
  settings: ServeSettings,
  onClientError: (status: number, why: string) => void = () => undefined,
  routes: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): Receiver {
  const node = toNodeHandler(handler);
  const active = new Set<ServerResponse>();
  const table = createConnectionTable(settings);
  let closing = false;
  let cutNow: (() => void) | undefined;
  let stopping: Promise<ShutdownResult> | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    active.add(res);
    table.requestStarted(req.socket);
    res.on('close', () => {
      active.delete(res);
      table.requestEnded(req.socket);
    });
    // After the signal every answer closes its connection, so kept-alive clients go too.
    if (closing) res.setHeader('connection', 'close');
    if (!routes(req, res)) node(req, res);
  };
  const shortest = Math.min(settings.headersMs, settings.requestMs);
  const server = createServer(
    {
      headersTimeout: settings.headersMs,
      requestTimeout: settings.requestMs,
      keepAliveTimeout: settings.keepAliveMs,
      // Node checks the two timeouts on this interval (30 s by default): check often enough to keep them.
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(shortest / 4))),
    },
    onRequest,
  );
  // Not server.maxConnections: it refuses the newcomer, so sockets that never send a byte would keep every place.
  server.on('connection', (socket) => table.accept(socket));
  server.on('close', () => table.close());
  // A client that is too slow, sends garbage or vanishes: answer if it can hear, close, never crash.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const current = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || socket.writableEnded || current?.headersSent) {
      socket.destroy();
      return;
    }
    // Node's headers timeout can fire before the table's timer: a new connection goes the table's way.
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && table.expire(socket as Socket)) return;
    const answer = clientErrorAnswer(error.code);
    onClientError(answer.status, answer.why);
    socket.end(`HTTP/1.1 ${answer.status} ${answer.text}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });

  return {
    counts: table.counts,
    startStream: (req) => table.startStream(req.socket),
    listen: (port, host) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    shutdown(deadlineMs) {
      if (stopping) {
        cutNow?.();
        return stopping;
      }
      closing = true;
      for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
      stopping = new Promise<ShutdownResult>((resolve) => {
        let cut = 0;
        const finish = () => {
          clearTimeout(timer);
          clearInterval(sweep);
          resolve({ cut });
        };
        const cutAll = () => {
          cut = active.size;
          server.closeAllConnections();
        };
        cutNow = cutAll;
        const timer = setTimeout(cutAll, deadlineMs);
        // Connections that finish their request become idle: close them as they do.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(finish);
        server.closeIdleConnections();
      });
      return stopping;
    },
  };
}
