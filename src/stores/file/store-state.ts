/**
 * The state of a file store: its folder and limits, checked once, the writers of the
 * conversations it writes (least recently used first), the summaries it read, and its lock.
 * Every operation of the store is a function over this object. Node only.
 * @module
 */
import { join } from 'node:path';
import { createWatchHub, type WatchHub } from '../watch';
import type { DataLock } from './data-lock';
import type { FileStoreOptions, FileStoreStats } from './file-store';
import { type FileStoreFs, nodeFileSystem } from './file-system';
import type { CommitSettings, ConversationWriter } from './group-commit';
import type { SummaryProgress } from './read';

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

/** The conversations the folder holds, by their files' names (none when the folder does not exist yet). */
export async function conversationIds(state: FileStoreState): Promise<string[]> {
  try {
    return (await state.fs.readdir(state.dir)).filter((name) => FILE_NAME.test(name)).map((name) => name.slice(0, -'.jsonl'.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
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
