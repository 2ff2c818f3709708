/**
 * Watches of the PostgreSQL store: a watcher reads rows after its cursor and sleeps until a
 * `NOTIFY` names its conversation. Per conversation, `seq` order is commit order (appends hold
 * the conversation's lock until they commit), so reading `seq > cursor` never skips a row that
 * commits later. While the database is away, a watch waits (with backoff) and reads again from
 * its cursor: it yields each event once, in order, outages or not. Node only.
 * @module
 */
import type { EventKind } from '../../events/index';
import { StoreUnavailableError } from '../errors';
import type { StoredEntry, StoredEvent, WatchOptions } from '../types';
import { createWakeup, pullWatch } from '../watch';
import type { NotificationFeed } from './notifications';
import type { PostgresResult } from './pool';
import type { statements } from './sql';

/** What a watch needs from its store. */
export interface PostgresWatchContext {
  query(text: string, values: unknown[]): Promise<PostgresResult>;
  page(id: string, after: string | undefined, limit: number, kind?: EventKind | readonly EventKind[]): Promise<StoredEntry[]>;
  feed: NotificationFeed;
  sql: ReturnType<typeof statements>;
}

/** Rows a watch reads at once. */
const PAGE = 1_000;

/** Resolves after `ms`, or at once when the signal aborts: true unless it aborted. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `read()`, again after a {@link StoreUnavailableError} (100 ms, then twice as long each time, at
 * most 5 s) until it answers; `undefined` when the signal aborts first. Other errors end the watch.
 */
async function patiently<T>(read: () => Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  for (let waitMs = 100; ; waitMs = Math.min(waitMs * 2, 5_000)) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      if (!(await pause(waitMs, signal))) return undefined;
    }
  }
}

/** A watch of one conversation, from `after` or from its last stored event now. */
export async function* watchRows(context: PostgresWatchContext, id: string, options: WatchOptions): AsyncGenerator<StoredEvent> {
  const wakeup = createWakeup();
  const unsubscribe = await context.feed.subscribe(id, () => wakeup.notify());
  let start: string;
  try {
    start = options.after ?? ((await context.query(context.sql.conversationLastSeq, [id])).rows[0]?.seq as string | undefined) ?? '0';
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const read = async (cursor: string | undefined) => {
    const rows = (await patiently(() => context.page(id, cursor, PAGE), options.signal)) ?? [];
    const events = rows.map(({ event, cursor: at }) => ({ conversationId: id, event, cursor: at }));
    return { events, cursor: events.at(-1)?.cursor ?? cursor, more: events.length === PAGE };
  };
  yield* pullWatch(read, wakeup, start, options.signal, unsubscribe);
}

/**
 * A watch of every conversation: each conversation read from its own cursor (from `after`, or
 * from the last `seq` stored when the watch started), the ones a `NOTIFY` named; after a lost
 * connection, every conversation stored in since is read.
 */
export async function* watchAllRows(context: PostgresWatchContext, options: WatchOptions): AsyncGenerator<StoredEvent> {
  const wakeup = createWakeup();
  const dirty = new Set<string>();
  let resync = options.after !== undefined;
  const unsubscribe = await context.feed.subscribe('*', (id) => {
    if (id === undefined) resync = true;
    else dirty.add(id);
    wakeup.notify();
  });
  const cursors = new Map<string, string>();
  try {
    const start = options.after ?? ((await context.query(context.sql.lastSeq, [])).rows[0]?.seq as string);
    for (;;) {
      if (resync) {
        resync = false;
        const changed = await patiently(() => context.query(context.sql.changedSince, [start]), options.signal);
        if (!changed) return;
        for (const row of changed.rows) {
          const id = row.id as string;
          if (BigInt(row.last_seq as string) > BigInt(cursors.get(id) ?? start)) dirty.add(id);
        }
      }
      for (const id of dirty) {
        dirty.delete(id);
        const rows = await patiently(() => context.page(id, cursors.get(id) ?? start, PAGE), options.signal);
        if (!rows) return;
        const last = rows.at(-1);
        if (last) cursors.set(id, last.cursor);
        if (rows.length === PAGE) dirty.add(id);
        for (const { event, cursor } of rows) {
          if (options.signal?.aborted) return;
          yield { conversationId: id, event, cursor };
        }
      }
      if (dirty.size === 0 && !resync && !(await wakeup.wait(options.signal))) return;
    }
  } finally {
    unsubscribe();
  }
}
