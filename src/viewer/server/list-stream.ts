/**
 * The conversation list as Server-Sent Events: the first page of the list (`event: list`), then
 * each conversation that got events since, as its updated entry (`event: entry`), the latest
 * last. Every `pollMs` it reads the front of the store's order of activity, down to the first
 * conversation that did not change: whatever got events is in front of it. Node only.
 * @module
 */
import type { ServerResponse } from 'node:http';
import type { ConversationSummary } from '../../stores/index';
import type { EntryCache } from './entries';
import { recentPage } from './recent';
import type { ViewerSource } from './source';
import { openStream, type StreamTimings, sleep, write } from './sse';

/** Summaries read at a time from the front of the order. */
const FRONT_PAGE = 100;

/** Event counts remembered per conversation, to tell what changed. */
const MAX_REMEMBERED = 10_000;

/** The conversations at the front of the order that changed since `known` (at most `limit`), the latest first. */
async function changedSince(source: ViewerSource, known: Map<string, number>, limit: number): Promise<ConversationSummary[]> {
  const changed: ConversationSummary[] = [];
  let after: string | undefined;
  while (changed.length < limit) {
    const page = await recentPage(source, { after, limit: FRONT_PAGE });
    for (const summary of page.conversations) {
      if (known.get(summary.id) === summary.events || changed.length === limit) return changed;
      changed.push(summary);
    }
    if (page.conversations.length < FRONT_PAGE || page.cursor === undefined) return changed;
    after = page.cursor;
  }
  return changed;
}

/** Streams the list to `res` until the client leaves or `signal` aborts. */
export async function streamList(
  res: ServerResponse,
  source: ViewerSource,
  entries: EntryCache,
  limit: number,
  signal: AbortSignal,
  timings: StreamTimings = {},
): Promise<void> {
  const end = await openStream(res, signal, timings);
  const known = new Map<string, number>();
  const remember = (id: string, events: number) => {
    known.delete(id);
    known.set(id, events);
    if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value as string);
  };
  const send = (kind: 'list' | 'entry', data: unknown) => write(res, `event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`, signal);
  try {
    if (signal.aborted || res.destroyed) return;
    const first = await entries.page({ limit });
    for (const entry of [...first.conversations].reverse()) remember(entry.id, entry.events);
    if (!(await send('list', first))) return;
    while (!signal.aborted) {
      await sleep(timings.pollMs ?? 1000, signal);
      if (signal.aborted) return;
      const changed = await changedSince(source, known, limit);
      // The least recent first: each entry the page puts on top ends below the next.
      for (const summary of changed.reverse()) {
        const entry = await entries.entryOf(summary);
        remember(summary.id, summary.events);
        if (!(await send('entry', entry))) return;
      }
    }
  } finally {
    end();
  }
}
