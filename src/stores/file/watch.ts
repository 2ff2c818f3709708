/**
 * Watching the file store: in the process that writes the folder, every commit wakes the
 * watchers; in any other process (`agentwire events tail` beside `agentwire serve`), a timer
 * does. Either way a watcher reads new lines from its cursor at its own pace. Node only.
 * @module
 */
import type { StoredEvent, WatchOptions } from '../types';
import { createWakeup, pullWatch, type WatchHub } from '../watch';
import type { FileStoreFs } from './file-system';
import { endOfLines, type NotAFileListener, scanEntries } from './read';

/** What a watch needs from its store. */
export interface FileWatchContext {
  fs: FileStoreFs;
  intervalMs: number;
  hub: WatchHub;
  pathOf(id: string): string;
  syncedEnd(id: string): number | undefined;
  conversationIds(): Promise<string[]>;
  /** Hears of an entry that is not a regular file (read as holding no events). */
  notAFile: NotAFileListener;
  /** Whether to look for new lines on a timer (the store does not write the folder itself). */
  polls(): boolean;
}

/** The events a watch reads at once. */
const PAGE = 1_000;

/** Up to {@link PAGE} events of a conversation after `cursor`, and where the read stopped. */
async function readAfter(context: FileWatchContext, id: string, cursor: string) {
  const events: StoredEvent[] = [];
  let next = cursor;
  const lines = scanEntries(
    context.fs,
    context.pathOf(id),
    { after: cursor, stopAt: context.syncedEnd(id), notAFile: context.notAFile },
    (end) => {
      next = String(end);
    },
  );
  for await (const { event, cursor: at } of lines) {
    events.push({ conversationId: id, event, cursor: at });
    if (events.length === PAGE) break;
  }
  return { events, cursor: next, more: events.length === PAGE };
}

/** Where a conversation's stored lines end now: its cursor for "from now on". */
async function endOf(context: FileWatchContext, id: string): Promise<string> {
  return String(context.syncedEnd(id) ?? (await endOfLines(context.fs, context.pathOf(id), context.notAFile)));
}

/** Settles a promise's rejection later (when awaited), so an unread snapshot is never an unhandled rejection. */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** A watch of one conversation, from `after` or from now (the moment of the call, not of the first read). */
export function watchConversation(context: FileWatchContext, id: string, options: WatchOptions): AsyncIterable<StoredEvent> {
  const start = later(options.after === undefined ? endOf(context, id) : Promise.resolve(options.after));
  return runConversation(context, id, options, start);
}

async function* runConversation(
  context: FileWatchContext,
  id: string,
  options: WatchOptions,
  starting: Promise<string>,
): AsyncGenerator<StoredEvent> {
  const wakeup = createWakeup();
  const unsubscribe = context.hub.subscribe(id, () => wakeup.notify());
  const timer = context.polls() ? setInterval(() => wakeup.notify(), context.intervalMs) : undefined;
  const cleanup = () => {
    clearInterval(timer);
    unsubscribe();
  };
  let start: string;
  try {
    start = await starting;
  } catch (error) {
    cleanup();
    throw error;
  }
  yield* pullWatch((cursor) => readAfter(context, id, cursor as string), wakeup, start, options.signal, cleanup);
}

/**
 * A watch of every conversation, from now (the moment of the call): each conversation read from
 * where its lines ended then (a newer conversation from its start), then the ones a commit or the
 * timer names.
 */
export function watchAll(context: FileWatchContext, options: WatchOptions): AsyncIterable<StoredEvent> {
  if (options.after !== undefined) return refuseCursor();
  const snapshot = later(
    (async () => {
      const cursors = new Map<string, string>();
      for (const id of await context.conversationIds()) cursors.set(id, await endOf(context, id));
      return cursors;
    })(),
  );
  return runAll(context, options, snapshot);
}

/** The watch that fails on its first read: every conversation has no cursor in the file store. */
// biome-ignore lint/correctness/useYield: it only throws
async function* refuseCursor(): AsyncGenerator<StoredEvent> {
  throw new TypeError(
    'the file store cannot resume a watch of every conversation from a cursor: watch one conversation, or start from now',
  );
}

async function* runAll(
  context: FileWatchContext,
  options: WatchOptions,
  snapshot: Promise<Map<string, string>>,
): AsyncGenerator<StoredEvent> {
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
  try {
    const cursors = await snapshot;
    // What was stored between the call and now: every conversation is read once from its cursor.
    for (const id of await context.conversationIds()) dirty.add(id);
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
