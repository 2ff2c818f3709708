/**
 * A conversation's events as Server-Sent Events: what is stored after the cursor, then live from
 * the store's watch (or by polling a store without one), with heartbeat comments. Each message's
 * id is the event's cursor, so a browser that reconnects resumes after the last event it saw.
 * Node only.
 * @module
 */
import type { ServerResponse } from 'node:http';
import { SOURCE_PAGE, type ViewerSource } from './source';

/** Timings of a stream (shorter in tests). */
export interface StreamTimings {
  /** Between heartbeat comments (default 15 s). */
  heartbeatMs?: number;
  /** Between reads of a store without `watch` (default 1 s). */
  pollMs?: number;
}

/** Writes one chunk, waiting while the client's buffer is full; false when the client is gone. */
async function write(res: ServerResponse, chunk: string, signal: AbortSignal): Promise<boolean> {
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish);
  });

/** Streams a conversation to `res` until the client leaves or `signal` aborts. */
export async function streamConversation(
  res: ServerResponse,
  source: ViewerSource,
  id: string,
  after: string | undefined,
  signal: AbortSignal,
  timings: StreamTimings = {},
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  const heartbeat = setInterval(() => void write(res, ': heartbeat\n\n', signal), timings.heartbeatMs ?? 15_000);
  let cursor = after;
  const send = (event: unknown, at: string | undefined) =>
    write(res, `${at === undefined ? '' : `id: ${at}\n`}event: event\ndata: ${JSON.stringify(event)}\n\n`, signal);
  try {
    if (!(await write(res, 'retry: 2000\n\n', signal))) return;
    // What is stored after the cursor (all of it without one), page by page.
    const catchUp = async (): Promise<number> => {
      let sent = 0;
      for (;;) {
        const page = await source.list(id, { ...(cursor === undefined ? {} : { after: cursor }), limit: SOURCE_PAGE });
        for (const [index, event] of page.events.entries()) {
          // Only the page's last event carries the page cursor; the others resume through it.
          if (!(await send(event, index === page.events.length - 1 ? page.cursor : undefined))) return sent;
          sent++;
        }
        cursor = page.cursor ?? cursor;
        if (page.events.length < SOURCE_PAGE) return sent;
      }
    };
    await catchUp();
    if (source.watch) {
      const options = { signal, ...(cursor === undefined ? {} : { after: cursor }) };
      for await (const stored of source.watch(id, options)) if (!(await send(stored.event, stored.cursor))) break;
      return;
    }
    while (!signal.aborted) {
      await sleep(timings.pollMs ?? 1000, signal);
      if (!signal.aborted) await catchUp();
    }
  } finally {
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  }
}
