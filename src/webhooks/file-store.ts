/**
 * A durable event store without dependencies: one append-only JSON Lines file per conversation,
 * one writer per folder. Node only.
 * @module
 */
import { join } from 'node:path';
import type { Event } from '../events/index';
import { normalizeConversationId } from '../internal/conversation-id';
import { acquireDataLock, type DataLock } from './data-lock';
import { type ConversationSummary, readEntries, readSummary, type StoredEntry } from './file-store-read';
import { appendBatch, cutTornTail, loadWriterState, type WriterState } from './file-store-write';
import { type FileStoreFs, nodeFileSystem } from './file-system';
import { type EventFilter, type EventStore, isPersistable } from './store';

/** Options of {@link createFileStore}. */
export interface FileStoreOptions {
  /** The folder that holds one `<conversation id>.jsonl` file per conversation. */
  dir: string;
  /**
   * Take the folder's writer lock (`agentwire.lock`) before the first write (default true): a
   * second writer on the folder gets {@link DataFolderLockedError}. Reading needs no lock.
   */
  lock?: boolean;
  /** How many of a conversation's latest event ids are remembered to skip re-deliveries (default 5,000). */
  dedupeWindow?: number;
  /** Conversations whose writer state stays in memory (default 1,000); others are read again when next written. */
  maxCachedConversations?: number;
  /** Event ids remembered across those conversations at most (default 250,000, about 25 MB). */
  maxRememberedIds?: number;
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

/** The file store: an {@link EventStore} with a writer lock, streaming reads, and its memory figures. */
export interface FileStore extends EventStore {
  /** Takes the folder's writer lock now (the first append takes it otherwise); throws {@link DataFolderLockedError}. */
  lock(): Promise<void>;
  /** Waits for appends in progress, releases the lock, and refuses further appends. */
  close(): Promise<void>;
  /** A conversation's stored events one at a time, each with its line as stored (exact digits kept). */
  entries(conversationId: string): AsyncIterable<StoredEntry>;
  /** Each stored conversation: its id, number of events, and first and last timestamps, read as a stream. */
  summaries(): AsyncIterable<ConversationSummary>;
  /** What the store holds in memory. */
  stats(): FileStoreStats;
}

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/;

/**
 * A store that appends each batch to `<dir>/<conversation id>.jsonl` and resolves only after the
 * data reached the disk (`fsync`; the folder too when the file is new). Taking the writer lock
 * also cuts the torn tails a crash left in any file. Ids count as stored only
 * after a successful `fsync`: after a failed write or `fsync` the file is cut back to its last
 * synced line and the batch written again when it is retried. A torn tail left by a crash is cut
 * off before the next append, so every file stays valid JSON Lines. Re-delivered events are
 * skipped by id (among the conversation's latest `dedupeWindow`), `StreamingDeltaEvent`s are not
 * stored, and files of any size are read as streams.
 */
export function createFileStore(options: FileStoreOptions): FileStore {
  const { dir } = options;
  const fs = options.fs ?? nodeFileSystem;
  const window = options.dedupeWindow ?? 5_000;
  const maxConversations = options.maxCachedConversations ?? 1_000;
  const maxIds = options.maxRememberedIds ?? 250_000;
  for (const [name, value] of Object.entries({ dedupeWindow: window, maxCachedConversations: maxConversations, maxRememberedIds: maxIds }))
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  /** Writer state by conversation, least recently used first. */
  const states = new Map<string, WriterState>();
  const queues = new Map<string, Promise<unknown>>();
  let remembered = 0;
  let lock: Promise<DataLock> | undefined;
  let closed = false;

  const fileOf = (conversationId: string) => {
    const id = normalizeConversationId(conversationId);
    if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(conversationId)}`);
    return { id, path: join(dir, `${id}.jsonl`) };
  };
  /** Takes the writer lock once, then cuts the torn tails a crash may have left, so every file is valid JSON Lines again. */
  const takeLock = () => {
    if (!lock) {
      lock = acquireDataLock(dir, fs).then(async (held) => {
        try {
          for (const id of await conversations()) await cutTornTail(fs, join(dir, `${id}.jsonl`));
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
  /** Runs the appends of one conversation one after another; forgets the queue once it is empty. */
  const serial = <T>(id: string, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(id) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    queues.set(id, tail);
    tail.then(() => {
      if (queues.get(id) === tail) queues.delete(id);
    });
    return run;
  };
  /** Drops the least recently used idle states while a bound is passed. */
  const evict = () => {
    for (const [id, state] of states) {
      if (states.size <= maxConversations && remembered <= maxIds) break;
      if (queues.has(id) && states.size <= maxConversations * 2) continue;
      states.delete(id);
      remembered -= state.recent.size;
    }
  };
  const stateOf = async (id: string, path: string): Promise<WriterState> => {
    let state = states.get(id);
    if (state) states.delete(id);
    else {
      state = await loadWriterState(fs, path, window);
      remembered += state.recent.size;
    }
    states.set(id, state);
    return state;
  };

  const entries = (conversationId: string) => readEntries(fs, fileOf(conversationId).path);
  const conversations = async () => {
    try {
      return (await fs.readdir(dir)).filter((name) => FILE_NAME.test(name)).map((name) => name.slice(0, -'.jsonl'.length));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };

  return {
    lock: async () => {
      await takeLock();
    },
    async close() {
      closed = true;
      while (queues.size > 0) await Promise.all([...queues.values()]);
      const held = lock;
      lock = undefined;
      if (held) await (await held.catch(() => undefined))?.release();
    },
    async append(conversationId, events) {
      const { id, path } = fileOf(conversationId);
      if (closed) throw new Error('the file store is closed');
      if (options.lock !== false) await takeLock();
      return serial(id, async () => {
        const state = await stateOf(id, path);
        const before = state.recent.size;
        try {
          await appendBatch(fs, dir, path, state, events.filter(isPersistable));
        } finally {
          // An evicted state was already taken off the count, with its size at that time.
          if (states.get(id) === state) {
            remembered += state.recent.size - before;
            if (state.stale) {
              states.delete(id);
              remembered -= state.recent.size;
            }
          }
          evict();
        }
      });
    },
    async list(conversationId, filter?: EventFilter) {
      const { id } = fileOf(conversationId);
      await (queues.get(id) ?? Promise.resolve());
      const kinds = filter?.kind === undefined ? undefined : new Set<string>(typeof filter.kind === 'string' ? [filter.kind] : filter.kind);
      const out: Event[] = [];
      if (filter?.limit === 0) return out;
      for await (const { event } of entries(id)) {
        if (kinds && !kinds.has(event.kind)) continue;
        out.push(event);
        if (out.length === filter?.limit) break;
      }
      return out;
    },
    entries,
    conversations,
    async *summaries() {
      for (const id of await conversations()) {
        const summary = await readSummary(fs, id, join(dir, `${id}.jsonl`));
        if (summary) yield summary;
      }
    },
    stats: () => ({ cachedConversations: states.size, rememberedIds: remembered }),
  };
}
