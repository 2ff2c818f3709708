/**
 * A durable event store without dependencies: one append-only JSON Lines file per conversation,
 * one writer per folder, group commit. Node only.
 * @module
 */
import type { EventKind } from '../../events/index';
import type { ConversationPage, ConversationsOptions, EventStore, StoredEntry, StoredEvent, WatchOptions } from '../types';
import type { FileStoreFs } from './file-system';
import { append } from './store-append';
import { closeStore, takeLock } from './store-lock';
import { entries, listConversations, listEvents, watch } from './store-read';
import { createActivityIndex, recentConversations } from './store-recent';
import { createFileStoreState, stats } from './store-state';

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
  /**
   * Hears what the store went past, each once (default: a Node process warning, `AgentwireWarning`):
   * an entry named like a conversation file that is a folder, a symbolic link, a FIFO….
   */
  onWarning?: (warning: FileStoreWarning) => void;
}

/** Something in the data folder the store went past without failing. */
export interface FileStoreWarning {
  /** `not-a-regular-file`: an entry named `<conversation id>.jsonl` is not a regular file; it is listed as no conversation and read as holding no events (appends to it fail). */
  code: 'not-a-regular-file';
  /** The entry. */
  path: string;
  /** One line that says what and why. */
  message: string;
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
  /**
   * Conversations, the latest activity first: from an index in memory, built from the files'
   * modification times on the first call and moved on by each commit; only the page's summaries are read.
   */
  recentConversations(options?: ConversationsOptions): Promise<ConversationPage>;
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

/**
 * A store that appends each batch to `<dir>/<conversation id>.jsonl` and resolves only after the
 * data reached the disk (`fsync`; the folder too when the file is new). Concurrent batches of a
 * conversation share one write and one `fsync` (group commit); conversations are written
 * independently. Taking the writer lock cuts the torn tails a crash left. Ids count as stored
 * only after a successful `fsync`: after a failed write or `fsync` the file is cut back to its
 * last synced line and the batch written again when it is retried. Re-delivered events are
 * skipped by id (among the conversation's latest `dedupeWindow`), `StreamingDeltaEvent`s are not
 * stored, and files of any size are read as streams. Cursors are byte offsets where a line starts.
 *
 * The store is a state object (`store-state.ts`) and one function per operation: appends
 * (`store-append.ts`), the lock and `close` (`store-lock.ts`), reads and watches (`store-read.ts`),
 * conversations by recent activity (`store-recent.ts`).
 */
export function createFileStore(options: FileStoreOptions): FileStore {
  const state = createFileStoreState(options);
  const activity = createActivityIndex(state);
  return {
    lock: async () => {
      await takeLock(state);
    },
    close: () => closeStore(state),
    append: (conversationId, events) => append(state, conversationId, events),
    list: (conversationId, listOptions) => listEvents(state, conversationId, listOptions),
    conversations: (pageOptions) => listConversations(state, pageOptions),
    recentConversations: (pageOptions) => recentConversations(state, activity, pageOptions),
    entries: (conversationId, entriesOptions) => entries(state, conversationId, entriesOptions),
    watch: (conversationId, watchOptions) => watch(state, conversationId, watchOptions),
    stats: () => stats(state),
  };
}
