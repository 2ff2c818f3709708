/**
 * What the viewer's Server-Sent Events streams share: the response head, writes that wait for a
 * slow client, heartbeats, and sleeps a signal cuts short. Node only.
 * @module
 */
import type { ServerResponse } from 'node:http';

/** Timings of a stream (shorter in tests). */
export interface StreamTimings {
  /** Between heartbeat comments (default 15 s). */
  heartbeatMs?: number;
  /** Between reads of a store without `watch`, and of the conversation list (default 1 s). */
  pollMs?: number;
}

/** Writes one chunk, waiting while the client's buffer is full; false when the client is gone. */
export async function write(res: ServerResponse, chunk: string, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted || res.writableEnded || res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((done) => {
    const finish = () => {
      res.off('drain', finish);
      signal.removeEventListener('abort', finish);
      done();
    };
    res.on('drain', finish);
    signal.addEventListener('abort', finish);
  });
  return !signal.aborted;
}

/** Waits `ms`, or less when the signal aborts. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish);
  });

/**
 * Starts a stream: the head, the client's reconnect delay, and a heartbeat comment every
 * `heartbeatMs`; returns the function that stops the heartbeat and ends the response.
 */
export async function openStream(res: ServerResponse, signal: AbortSignal, timings: StreamTimings): Promise<() => void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  const heartbeat = setInterval(() => void write(res, ': heartbeat\n\n', signal), timings.heartbeatMs ?? 15_000);
  await write(res, 'retry: 2000\n\n', signal);
  return () => {
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  };
}
