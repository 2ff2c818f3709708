/**
 * A durable event store without dependencies: one append-only JSON Lines file per conversation,
 * one writer per folder, group commit. Node only.
 * @module
 */
import { join } from 'node:path';
import type { Event, EventKind } from '../../events/index';
import { StoreClosedError } from '../errors';
import { createKindFilter, parsePageSize, toConversationId } from '../options';
import type { EventStore, StoredEntry, StoredEvent, WatchOptions } from '../types';
import { createWatchHub } from '../watch';
import { acquireDataLock, type DataLock } from './data-lock';
import { type FileStoreFs, nodeFileSystem } from './file-system';
import { type ConversationWriter, createWriter, enqueue } from './group-commit';
import { readSummary, type SummaryProgress, scanEntries } from './read';
import { watchAll, watchConversation } from './watch';
import { cutTornTail } from './write';

/** Options of {@link createFileStore}. */
export interface FileStoreOptions {
  /** The folder that holds one `<conversation id>.jsonl` file per conversation. */
  dir: string;
  /**
   * Take the folder's writer lock (`agentwire.lock`) before the first write (default true): a
   * second writer on the folder gets {@link DataFolderLockedError}. Reading needs no lock.
   */
  lock?: boolean;
  /**
   * Batches of one conversation that arrive while its file is being written go to disk together,
   * with one write and one `fsync` (default true). `false` writes and syncs each batch on its own.
   */
  groupCommit?: boolean;
  /** How many of a conversation's latest event ids are remembered to skip re-deliveries (default 5,000). */
  dedupeWindow?: number;
  /** Conversations whose writer state stays in memory (default 1,000); others are read again when next written. */
  maxCachedConversations?: number;
  /** Event ids remembered across those conversations at most (default 250,000, about 25 MB). */
  maxRememberedIds?: number;
  /** How often a watch in a process that does not write the folder looks for new lines, in milliseconds (default 250). */
  watchIntervalMs?: number;
  /** The file-system functions to use (for injecting failures in tests); default `node:fs/promises`. */
  fs?: FileStoreFs;
}

/** Memory the store holds now. */
export interface FileStoreStats {
  /** Conversations whose writer state is in memory. */
  cachedConversations: number;
  /** Event ids remembered across them. */
  rememberedIds: number;
}

/** Options of {@link FileStore.entries}. */
export interface EntriesOptions {
  /** Start after this cursor (default: the first event). */
  after?: string;
  /** Only events of these kinds. */
  kind?: EventKind | readonly EventKind[];
}

/** The file store: an {@link EventStore} with a watch, a writer lock, streamed reads of exact lines, and its memory figures. */
export interface FileStore extends EventStore {
  /** Takes the folder's writer lock now (the first append takes it otherwise); throws {@link DataFolderLockedError}. */
  lock(): Promise<void>;
  /** Waits for appends in progress, releases the lock, and refuses further appends. */
  close(): Promise<void>;
  /** A conversation's stored events one at a time, each with its line as stored (exact digits kept) and its cursor. */
  entries(conversationId: string, options?: EntriesOptions): AsyncIterable<StoredEntry>;
  /**
   * Newly stored events, of one conversation or of all. A watch of one conversation accepts
   * `after` (a cursor of it); a watch of all does not (the folder has no order across
   * conversations: a `TypeError`). In the process that writes the folder, a watch wakes on
   * each commit; elsewhere it looks for new lines every `watchIntervalMs`.
   */
  watch(conversationId: string | undefined, options?: WatchOptions): AsyncIterable<StoredEvent>;
  /** What the store holds in memory. */
  stats(): FileStoreStats;
}

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/;

/** Summaries kept between calls of `conversations` (a few hundred bytes each). */
const MAX_CACHED_SUMMARIES = 10_000;

/**
 * A store that appends each batch to `<dir>/<conversation id>.jsonl` and resolves only after the
 * data reached the disk (`fsync`; the folder too when the file is new). Concurrent batches of a
 * conversation share one write and one `fsync` (group commit); conversations are written
 * independently. Taking the writer lock cuts the torn tails a crash left. Ids count as stored
 * only after a successful `fsync`: after a failed write or `fsync` the file is cut back to its
 * last synced line and the batch written again when it is retried. Re-delivered events are
 * skipped by id (among the conversation's latest `dedupeWindow`), `StreamingDeltaEvent`s are not
 * stored, and files of any size are read as streams. Cursors are byte offsets where a line starts.
 */
export function createFileStore(options: FileStoreOptions): FileStore {
  const { dir } = options;
  const fs = options.fs ?? nodeFileSystem;
  const window = options.dedupeWindow ?? 5_000;
  const maxConversations = options.maxCachedConversations ?? 1_000;
  const maxIds = options.maxRememberedIds ?? 250_000;
  const intervalMs = options.watchIntervalMs ?? 250;
  const limits = { dedupeWindow: window, maxCachedConversations: maxConversations, maxRememberedIds: maxIds, watchIntervalMs: intervalMs };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  /** Writers by conversation, least recently used first. */
  const writers = new Map<string, ConversationWriter>();
  const summaries = new Map<string, SummaryProgress>();
  const hub = createWatchHub();
  let lock: Promise<DataLock> | undefined;
  let closed = false;

  const pathOf = (id: string) => join(dir, `${id}.jsonl`);
  /** Where the synced lines of a conversation this store writes end (reads stop there); `undefined` when it does not write it now. */
  const syncedEnd = (id: string) => {
    const state = writers.get(id)?.state;
    return state && !state.stale ? state.end : undefined;
  };
  const settings = { fs, dir, window, groupCommit: options.groupCommit !== false, committed: (id: string) => hub.publish(id) };

  /** Takes the writer lock once, then cuts the torn tails a crash may have left, so every file is valid JSON Lines again. */
  const takeLock = () => {
    if (!lock) {
      lock = acquireDataLock(dir, fs).then(async (held) => {
        try {
          for (const id of await conversationIds()) await cutTornTail(fs, pathOf(id));
        } catch (error) {
          await held.release();
          throw error;
        }
        return held;
      });
      lock.catch(() => {
        lock = undefined;
      });
    }
    return lock;
  };
  const writerOf = (id: string) => {
    let writer = writers.get(id);
    if (writer) writers.delete(id);
    else writer = createWriter(id, pathOf(id));
    writers.set(id, writer);
    return writer;
  };
  /** Ids remembered across the writers, as last counted. */
  let remembered = 0;
  /**
   * Counts what `changed` holds now, then drops the least recently used idle writers while a
   * bound is passed (busy ones stay: they are bounded by the requests in flight).
   */
  const evict = (changed: ConversationWriter) => {
    const size = changed.state?.recent.size ?? 0;
    if (writers.get(changed.id) === changed) remembered += size - changed.counted;
    changed.counted = size;
    if (writers.size <= maxConversations && remembered <= maxIds) return;
    for (const [id, writer] of writers) {
      if (writers.size <= maxConversations && remembered <= maxIds) break;
      if (writer.running || writer.queue.length > 0) continue;
      writers.delete(id);
      remembered -= writer.counted;
    }
  };
  const conversationIds = async () => {
    try {
      return (await fs.readdir(dir)).filter((name) => FILE_NAME.test(name)).map((name) => name.slice(0, -'.jsonl'.length));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  /** A conversation's summary, reading only what was appended since the last call (all of it again if the file changed behind the store). */
  const summaryOf = async (id: string) => {
    const known = summaries.get(id);
    summaries.delete(id);
    const read = (from: SummaryProgress | undefined) => readSummary(fs, id, pathOf(id), from, syncedEnd(id));
    const progress = await read(known).catch((error: unknown) => (known ? read(undefined) : Promise.reject(error)));
    if (progress) summaries.set(id, progress);
    if (summaries.size > MAX_CACHED_SUMMARIES) summaries.delete(summaries.keys().next().value as string);
    return progress?.summary;
  };
  const entries = (conversationId: string, entriesOptions: EntriesOptions = {}) => {
    const id = toConversationId(conversationId);
    const matches = createKindFilter(entriesOptions.kind);
    const scan = scanEntries(fs, pathOf(id), { after: entriesOptions.after, stopAt: syncedEnd(id) });
    return matches ? filterEntries(scan, matches) : scan;
  };
  const watchContext = { fs, intervalMs, hub, pathOf, syncedEnd, conversationIds, polls: () => lock === undefined };

  return {
    lock: async () => {
      await takeLock();
    },
    async close() {
      closed = true;
      for (;;) {
        const running = [...writers.values()].flatMap((writer) => (writer.running ? [writer.running] : []));
        if (running.length === 0) break;
        await Promise.all(running);
      }
      const held = lock;
      lock = undefined;
      if (held) await (await held.catch(() => undefined))?.release();
    },
    async append(conversationId, events) {
      const id = toConversationId(conversationId);
      if (closed) throw new StoreClosedError('the file store');
      if (options.lock !== false) await takeLock();
      const writer = writerOf(id);
      try {
        return await enqueue(writer, events, settings);
      } finally {
        evict(writer);
      }
    },
    async list(conversationId, listOptions = {}) {
      const limit = parsePageSize(listOptions.limit);
      const id = toConversationId(conversationId);
      const matches = createKindFilter(listOptions.kind);
      const events: Event[] = [];
      let cursor = listOptions.after;
      const lines = scanEntries(fs, pathOf(id), { after: listOptions.after, stopAt: syncedEnd(id) }, (end) => {
        cursor = String(end);
      });
      for await (const { event } of lines) {
        if (matches && !matches(event)) continue;
        events.push(event);
        if (events.length === limit) break;
      }
      return { events, cursor };
    },
    async conversations(pageOptions = {}) {
      const limit = parsePageSize(pageOptions.limit);
      const after = pageOptions.after;
      const ids = (await conversationIds()).filter((id) => after === undefined || id > after).sort();
      const page = [];
      let cursor = after;
      for (const id of ids) {
        const summary = await summaryOf(id);
        cursor = id;
        if (summary) page.push({ ...summary });
        if (page.length === limit) break;
      }
      return { conversations: page, cursor };
    },
    entries,
    watch: (conversationId, watchOptions = {}) =>
      conversationId === undefined
        ? watchAll(watchContext, watchOptions)
        : watchConversation(watchContext, toConversationId(conversationId), watchOptions),
    stats() {
      let rememberedIds = 0;
      let cachedConversations = 0;
      for (const writer of writers.values()) {
        rememberedIds += writer.state?.recent.size ?? 0;
        if (writer.state) cachedConversations++;
      }
      return { cachedConversations, rememberedIds };
    },
  };
}

async function* filterEntries(entries: AsyncIterable<StoredEntry>, matches: (event: Event) => boolean): AsyncGenerator<StoredEntry> {
  for await (const entry of entries) if (matches(entry.event)) yield entry;
}
