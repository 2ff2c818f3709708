/**
 * Watching the file store: in the process that writes the folder, every commit wakes the
 * watchers; in any other process (`agentwire events tail` beside `agentwire serve`), a timer
 * does. Either way a watcher reads new lines from its cursor at its own pace. Node only.
 * @module
 */
import type { StoredEvent, WatchOptions } from '../types';
import { createWakeup, pullWatch, type WatchHub } from '../watch';
import type { FileStoreFs } from './file-system';
import { endOfLines, scanEntries } from './read';

/** What a watch needs from its store. */
export interface FileWatchContext {
  fs: FileStoreFs;
  intervalMs: number;
  hub: WatchHub;
  pathOf(id: string): string;
  syncedEnd(id: string): number | undefined;
  conversationIds(): Promise<string[]>;
  /** Whether to look for new lines on a timer (the store does not write the folder itself). */
  polls(): boolean;
}

/** The events a watch reads at once. */
const PAGE = 1_000;

/** Up to {@link PAGE} events of a conversation after `cursor`, and where the read stopped. */
async function readAfter(context: FileWatchContext, id: string, cursor: string) {
  const events: StoredEvent[] = [];
  let next = cursor;
  const lines = scanEntries(context.fs, context.pathOf(id), { after: cursor, stopAt: context.syncedEnd(id) }, (end) => {
    next = String(end);
  });
  for await (const { event, cursor: at } of lines) {
    events.push({ conversationId: id, event, cursor: at });
    if (events.length === PAGE) break;
  }
  return { events, cursor: next, more: events.length === PAGE };
}

/** Where a conversation's stored lines end now: its cursor for "from now on". */
async function endOf(context: FileWatchContext, id: string): Promise<string> {
  return String(context.syncedEnd(id) ?? (await endOfLines(context.fs, context.pathOf(id))));
}

/** A watch of one conversation, from `after` or from now. */
export async function* watchConversation(context: FileWatchContext, id: string, options: WatchOptions): AsyncGenerator<StoredEvent> {
  const wakeup = createWakeup();
  const unsubscribe = context.hub.subscribe(id, () => wakeup.notify());
  const timer = context.polls() ? setInterval(() => wakeup.notify(), context.intervalMs) : undefined;
  const cleanup = () => {
    clearInterval(timer);
    unsubscribe();
  };
  let start: string;
  try {
    start = options.after ?? (await endOf(context, id));
  } catch (error) {
    cleanup();
    throw error;
  }
  yield* pullWatch((cursor) => readAfter(context, id, cursor as string), wakeup, start, options.signal, cleanup);
}

/**
 * A watch of every conversation, from now: each conversation read from where its lines ended when
 * the watch started (a new conversation from its start), the ones a commit or the timer named.
 */
export async function* watchAll(context: FileWatchContext, options: WatchOptions): AsyncGenerator<StoredEvent> {
  if (options.after !== undefined)
    throw new TypeError(
      'the file store cannot resume a watch of every conversation from a cursor: watch one conversation, or start from now',
    );
  const wakeup = createWakeup();
  const dirty = new Set<string>();
  const unsubscribe = context.hub.subscribe('*', (id) => {
    dirty.add(id);
    wakeup.notify();
  });
  let scanning = false;
  const scan = async () => {
    for (const id of await context.conversationIds()) dirty.add(id);
    wakeup.notify();
  };
  const timer = context.polls()
    ? setInterval(() => {
        if (scanning) return;
        scanning = true;
        scan().finally(() => {
          scanning = false;
        });
      }, context.intervalMs)
    : undefined;
  const cursors = new Map<string, string>();
  try {
    for (const id of await context.conversationIds()) cursors.set(id, await endOf(context, id));
    for (;;) {
      for (const id of dirty) {
        dirty.delete(id);
        const page = await readAfter(context, id, cursors.get(id) ?? '0');
        cursors.set(id, page.cursor);
        if (page.more) dirty.add(id);
        for (const item of page.events) {
          if (options.signal?.aborted) return;
          yield item;
        }
      }
      if (!(await wakeup.wait(options.signal))) return;
    }
  } finally {
    clearInterval(timer);
    unsubscribe();
  }
}
