/**
 * A conversation's events as Server-Sent Events: what is stored after the cursor, then live from
 * the store's watch (or by polling a store without one), with heartbeat comments. Each message's
 * id is the event's cursor, so a browser that reconnects resumes after the last event it saw.
 * Node only.
 * @module
 */
import type { ServerResponse } from 'node:http';
import { SOURCE_PAGE, type ViewerSource } from './source';
import { openStream, type StreamTimings, sleep, write } from './sse';

/** Streams a conversation to `res` until the client leaves or `signal` aborts. */
export async function streamConversation(
  res: ServerResponse,
  source: ViewerSource,
  id: string,
  after: string | undefined,
  signal: AbortSignal,
  timings: StreamTimings = {},
): Promise<void> {
  const end = await openStream(res, signal, timings);
  let cursor = after;
  const send = (event: unknown, at: string | undefined) =>
    write(res, `${at === undefined ? '' : `id: ${at}\n`}event: event\ndata: ${JSON.stringify(event)}\n\n`, signal);
  try {
    if (signal.aborted || res.destroyed) return;
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
    end();
  }
}
