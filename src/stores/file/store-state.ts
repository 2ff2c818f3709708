/**
 * The state of a file store: its folder and limits, checked once, the writers of the
 * conversations it writes (least recently used first), the summaries it read, and its lock.
 * Every operation of the store is a function over this object. Node only.
 * @module
 */
import { join } from 'node:path';
import { createWatchHub, type WatchHub } from '../watch';
import type { DataLock } from './data-lock';
import type { FileStoreOptions, FileStoreStats, FileStoreWarning } from './file-store';
import { type FileStoreFs, nodeFileSystem } from './file-system';
import type { CommitSettings, ConversationWriter } from './group-commit';
import type { SummaryProgress } from './read';
import { describeKind, NotARegularFileError } from './regular-file';

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/;

/** What the store's functions read and change. */
export interface FileStoreState {
  readonly dir: string;
  readonly fs: FileStoreFs;
  /** Whether the first append takes the writer lock (`options.lock`). */
  readonly locks: boolean;
  readonly maxConversations: number;
  readonly maxIds: number;
  /** How often a watch that polls looks for new lines. */
  readonly intervalMs: number;
  /** Writers by conversation, least recently used first. */
  readonly writers: Map<string, ConversationWriter>;
  /** Summaries kept between calls of `conversations`, least recently used first. */
  readonly summaries: Map<string, SummaryProgress>;
  /** Wakes the watches of this process on each commit. */
  readonly hub: WatchHub;
  /** What each writer needs. */
  readonly settings: CommitSettings;
  /** Hears what the store went past (`options.onWarning`). */
  readonly warn: (warning: FileStoreWarning) => void;
  /** The entries already reported, each once. */
  readonly reported: Set<string>;
  /** The writer lock, once asked for. */
  lock: Promise<DataLock> | undefined;
  closed: boolean;
  /** Ids remembered across the writers, as last counted. */
  remembered: number;
}

/** Checks the limits (positive integers) and builds the state of a store over `options.dir`. */
export function createFileStoreState(options: FileStoreOptions): FileStoreState {
  const { dir } = options;
  const fs = options.fs ?? nodeFileSystem;
  const window = options.dedupeWindow ?? 5_000;
  const maxConversations = options.maxCachedConversations ?? 1_000;
  const maxIds = options.maxRememberedIds ?? 250_000;
  const intervalMs = options.watchIntervalMs ?? 250;
  const limits = { dedupeWindow: window, maxCachedConversations: maxConversations, maxRememberedIds: maxIds, watchIntervalMs: intervalMs };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  const hub = createWatchHub();
  return {
    dir,
    fs,
    locks: options.lock !== false,
    maxConversations,
    maxIds,
    intervalMs,
    writers: new Map(),
    summaries: new Map(),
    hub,
    warn: options.onWarning ?? emitWarning,
    reported: new Set(),
    settings: { fs, dir, window, groupCommit: options.groupCommit !== false, committed: (id: string) => hub.publish(id) },
    lock: undefined,
    closed: false,
    remembered: 0,
  };
}

/** The file of a conversation. */
export function pathOf(state: FileStoreState, id: string): string {
  return join(state.dir, `${id}.jsonl`);
}

/** Where the synced lines of a conversation this store writes end (reads stop there); `undefined` when it does not write it now. */
export function syncedEnd(state: FileStoreState, id: string): number | undefined {
  const writerState = state.writers.get(id)?.state;
  return writerState && !writerState.stale ? writerState.end : undefined;
}

/** Without `options.onWarning`, a warning is a Node process warning (printed on stderr unless the process listens for them). */
function emitWarning(warning: FileStoreWarning): void {
  process.emitWarning(warning.message, { type: 'AgentwireWarning', code: warning.code });
}

/** Reports an entry named like a conversation file that is not a regular file, once per entry: the store goes past it. */
export function reportNotAFile(state: FileStoreState, error: NotARegularFileError): void {
  if (state.reported.has(error.path)) return;
  state.reported.add(error.path);
  const message = `${error.path} is ${error.kind}, not a conversation file: skipped (the file store reads and writes regular files only)`;
  state.warn({ code: 'not-a-regular-file', path: error.path, message });
}

/**
 * The conversations the folder holds, by their files' names (none when the folder does not exist
 * yet). Entries named like a conversation file that are not regular files (a folder, a symbolic
 * link, a FIFO…) are reported once and left out.
 */
export async function conversationIds(state: FileStoreState): Promise<string[]> {
  let entries: Awaited<ReturnType<FileStoreFs['readdir']>>;
  try {
    entries = await state.fs.readdir(state.dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids: string[] = [];
  for (const entry of entries) {
    if (!FILE_NAME.test(entry.name)) continue;
    if (entry.isFile()) ids.push(entry.name.slice(0, -'.jsonl'.length));
    else reportNotAFile(state, new NotARegularFileError(join(state.dir, entry.name), describeKind(entry)));
  }
  return ids;
}

/** `store.stats()`: the writer states in memory and the ids they remember. */
export function stats(state: FileStoreState): FileStoreStats {
  let rememberedIds = 0;
  let cachedConversations = 0;
  for (const writer of state.writers.values()) {
    rememberedIds += writer.state?.recent.size ?? 0;
    if (writer.state) cachedConversations++;
  }
  return { cachedConversations, rememberedIds };
}
