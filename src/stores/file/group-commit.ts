/**
 * Group commit: the batches of one conversation that arrive while its file is being written
 * wait, then go to disk together with one write and one `fsync`. The commits of a conversation
 * are pipelined: the next group is written while the previous one's `fsync` is in flight, its own
 * `fsync` follows, and each group is answered in order, once its own `fsync` and every earlier
 * one succeeded. Each
 * conversation has its own writer and keeps its file open, so conversations never wait on each
 * other. Node only.
 * @module
 */
import type { Event } from '../../events/index';
import { partitionBatch } from '../options';
import { stringifyEvent } from '../stored-json';
import type { AppendResult } from '../types';
import type { FileStoreFs } from './file-system';
import { closeFile, cutBack, loadWriterState, type OpenFile, syncLines, type WriterState, writeLines } from './write';

/** A batch waiting for its commit. */
interface Waiting {
  events: readonly Event[];
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** One conversation's writer: what it knows of its file, its file kept open, and the batches waiting to be written. */
export interface ConversationWriter extends OpenFile {
  readonly id: string;
  readonly path: string;
  /** Loaded on the first write; dropped when the writer is evicted or the file changed behind it. */
  state: WriterState | undefined;
  readonly queue: Waiting[];
  /** Set while batches are being written; cleared in the same turn the queue is found empty. */
  running: Promise<void> | undefined;
  /** The ids of `state` the store counted last (it keeps a total across writers). */
  counted: number;
}

/** What a writer needs from its store. */
export interface CommitSettings {
  fs: FileStoreFs;
  dir: string;
  /** Ids remembered per conversation. */
  window: number;
  /** Whether batches that wait share a commit (false: one write and one `fsync` per batch, never two at once). */
  groupCommit: boolean;
  /** Called after each successful commit that stored something. */
  committed(id: string): void;
}

/** The most bytes of JSON one commit writes, so a crowd of waiting batches never makes one huge write (8 MiB). */
export const GROUP_BYTES = 8 * 1024 * 1024;

/**
 * Groups of one conversation written and not yet answered, at most: a group is written while the
 * one before it is being synced, and its `fsync` starts as soon as that one returned, so no write
 * stands between two `fsync`s of a busy conversation.
 */
export const PIPELINE_DEPTH = 2;

const encoder = /* @__PURE__ */ new TextEncoder();

/** A group written to the file, its `fsync` started. */
interface Group {
  waiting: Waiting[];
  results: AppendResult[];
  /** The ids it stores. */
  ids: Set<string>;
  /** Its bytes (0: every batch of it was a re-delivery). */
  bytes: number;
  /** Settles with its `fsync` (already settled when it wrote nothing). */
  synced: Promise<void>;
}

/** A writer for a conversation file. */
export function createWriter(id: string, path: string): ConversationWriter {
  return { id, path, state: undefined, queue: [], running: undefined, counted: 0, handle: undefined };
}

/** Queues a batch on a writer and starts it if idle; resolves once the batch's commit is durable. */
export function enqueue(writer: ConversationWriter, events: readonly Event[], settings: CommitSettings): Promise<AppendResult> {
  return new Promise<AppendResult>((resolve, reject) => {
    writer.queue.push({ events, resolve, reject });
    if (!writer.running) writer.running = drain(writer, settings);
  });
}

/**
 * Commits groups until the queue is empty and no `fsync` is in flight: starts the next group
 * while fewer than {@link PIPELINE_DEPTH} are in flight (and the file holds no bytes to cut),
 * otherwise settles the oldest. `running` is cleared in the turn the queue is seen empty, so no
 * batch is left behind.
 */
async function drain(writer: ConversationWriter, settings: CommitSettings): Promise<void> {
  const inFlight: Group[] = [];
  const depth = settings.groupCommit ? PIPELINE_DEPTH : 1;
  try {
    while (writer.queue.length > 0 || inFlight.length > 0) {
      const clean = !(writer.state?.dirty || writer.state?.stale);
      if (writer.queue.length > 0 && inFlight.length < depth && (clean || inFlight.length === 0)) {
        const group = await start(writer, settings, inFlight);
        if (group) inFlight.push(group);
      } else {
        await settle(writer, settings, inFlight);
      }
    }
  } finally {
    writer.running = undefined;
  }
}

/**
 * Takes the next group: the waiting batches in queue order (every one that fits in
 * {@link GROUP_BYTES}, at least one; only the first without group commit), less the events
 * already stored or in a group in flight; writes its new events as one write and starts its
 * `fsync`. A failure fails the group's batches (every waiting batch when the file could not be
 * read) and starts nothing.
 */
async function start(writer: ConversationWriter, settings: CommitSettings, inFlight: readonly Group[]): Promise<Group | undefined> {
  let group: Waiting[] = [];
  try {
    writer.state ??= await loadWriterState(settings.fs, writer.path, settings.window);
    const state = writer.state;
    // Taken after the state is loaded: batches that came meanwhile join this group.
    const ids = new Set<string>();
    const known = (id: string) => ids.has(id) || state.recent.has(id) || inFlight.some((other) => other.ids.has(id));
    const lines: string[] = [];
    let size = 0;
    const results: AppendResult[] = [];
    for (const waiting of writer.queue) {
      if (results.length > 0 && (!settings.groupCommit || size >= GROUP_BYTES)) break;
      const { fresh, duplicates } = partitionBatch(waiting.events, known);
      for (const event of fresh) {
        ids.add(event.id);
        const line = stringifyEvent(event);
        size += line.length;
        lines.push(line);
      }
      results.push({ stored: fresh, duplicates });
    }
    group = writer.queue.splice(0, results.length);
    if (lines.length === 0) return { waiting: group, results, ids, bytes: 0, synced: Promise.resolve() };
    const bytes = encoder.encode(`${lines.join('\n')}\n`);
    const { handle, created } = await writeLines(settings.fs, settings.dir, writer.path, writer, state, bytes);
    // One `fsync` at a time: this one starts when the one before it returned (and not after a failure).
    const previous = inFlight.at(-1)?.synced;
    const synced = previous
      ? previous.then(() => syncLines(settings.fs, settings.dir, handle, created))
      : syncLines(settings.fs, settings.dir, handle, created);
    // Seen by `settle`, in order; never an unhandled rejection meanwhile.
    synced.catch(() => undefined);
    return { waiting: group, results, ids, bytes: bytes.byteLength, synced };
  } catch (error) {
    // A failure before the group was taken (the file could not be read) fails every waiting batch alike.
    if (group.length === 0) group = writer.queue.splice(0);
    if (inFlight.length === 0) await afterFailure(writer);
    for (const waiting of group) waiting.reject(error);
    return undefined;
  }
}

/**
 * Settles the oldest group in flight. Its `fsync` succeeded: its lines and ids join the state
 * (reads now reach them) and its batches are answered. It failed: its batches fail, the groups
 * written after it go back to the head of the queue once their `fsync`s are over (they are
 * written and synced again, never answered from what the page cache holds), and the file is cut
 * back to its last synced line before the next write.
 */
async function settle(writer: ConversationWriter, settings: CommitSettings, inFlight: Group[]): Promise<void> {
  const group = inFlight[0] as Group;
  const state = writer.state as WriterState;
  try {
    await group.synced;
  } catch (error) {
    inFlight.shift();
    const later = inFlight.splice(0);
    await Promise.allSettled(later.map((other) => other.synced));
    writer.queue.unshift(...later.flatMap((other) => other.waiting));
    state.dirty = true;
    await afterFailure(writer);
    for (const waiting of group.waiting) waiting.reject(error);
    return;
  }
  inFlight.shift();
  state.end += group.bytes;
  for (const id of group.ids) state.recent.add(id);
  group.waiting.forEach((waiting, index) => {
    waiting.resolve(group.results[index] as AppendResult);
  });
  if (group.bytes > 0) settings.committed(writer.id);
  // A write failed while this group was in flight: its bytes are cut off now that none is.
  if (inFlight.length === 0 && (state.dirty || state.stale)) await afterFailure(writer);
}

/**
 * Once no `fsync` is in flight after a failure: a file that changed behind the writer is
 * forgotten (its state read again and the file opened again on the next try); otherwise the
 * bytes no synced group owns are cut off now.
 */
async function afterFailure(writer: ConversationWriter): Promise<void> {
  const { state } = writer;
  if (!state) return;
  if (state.stale) {
    writer.state = undefined;
    await closeFile(writer);
  } else {
    await cutBack(writer, state);
  }
}
