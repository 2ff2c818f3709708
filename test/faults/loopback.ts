/**
 * A scripted loopback HTTP server for the fault tests: each request is answered by the next step
 * of a script (a status, a reset, a stall), and every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer: a status with headers and body, a connection reset after the body arrived, or no answer for `ms`. */
export type Step =
  | { status: number; headers?: Record<string, string>; body?: string }
  | { reset: true }
  | { stall: number }
  | ((req: IncomingMessage, res: ServerResponse, body: string) => void);

/** A request the server saw. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Starts a server answering with `script` in order, then with `fallback` (default 200 `{}`). */
export async function startScripted(script: Step[] = [], fallback: Step = { status: 200, body: '{}' }) {
  const steps = [...script];
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const step = steps.shift() ?? fallback;
      if (typeof step === 'function') step(req, res, body);
      else if ('reset' in step) req.socket.destroy();
      else if ('stall' in step) setTimeout(() => res.destroyed || res.end('{}'), step.stall);
      else {
        res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        res.end(step.body ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    /** Queues more steps. */
    push: (...more: Step[]) => steps.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
