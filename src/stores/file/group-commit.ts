/**
 * Group commit: the batches of one conversation that arrive while its file is being written
 * wait, then go to disk together with one write and one `fsync`. Each conversation has its own
 * writer, so conversations never wait on each other. Node only.
 * @module
 */
import type { Event } from '../../events/index';
import { partitionBatch } from '../options';
import { stringifyEvent } from '../stored-json';
import type { AppendResult } from '../types';
import type { FileStoreFs } from './file-system';
import { appendLines, loadWriterState, type WriterState } from './write';

/** A batch waiting for its commit. */
interface Waiting {
  events: readonly Event[];
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** One conversation's writer: what it knows of its file, and the batches waiting to be written. */
export interface ConversationWriter {
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
  /** Whether batches that wait share a commit (false: one write and one `fsync` per batch). */
  groupCommit: boolean;
  /** Called after each successful commit that stored something. */
  committed(id: string): void;
}

/** The most bytes of JSON one commit writes, so a crowd of waiting batches never makes one huge write (8 MiB). */
export const GROUP_BYTES = 8 * 1024 * 1024;

const encoder = /* @__PURE__ */ new TextEncoder();

/** A writer for a conversation file. */
export function createWriter(id: string, path: string): ConversationWriter {
  return { id, path, state: undefined, queue: [], running: undefined, counted: 0 };
}

/** Queues a batch on a writer and starts it if idle; resolves once the batch's commit is durable. */
export function enqueue(writer: ConversationWriter, events: readonly Event[], settings: CommitSettings): Promise<AppendResult> {
  return new Promise<AppendResult>((resolve, reject) => {
    writer.queue.push({ events, resolve, reject });
    if (!writer.running) writer.running = drain(writer, settings);
  });
}

/** Commits groups until the queue is empty; `running` is cleared in the turn the queue is seen empty, so no batch is left behind. */
async function drain(writer: ConversationWriter, settings: CommitSettings): Promise<void> {
  try {
    while (writer.queue.length > 0) await commit(writer, settings);
  } finally {
    writer.running = undefined;
  }
}

/**
 * Writes the next group: the waiting batches in queue order (every one that fits in
 * {@link GROUP_BYTES}, at least one; only the first without group commit), each batch's new
 * events as one write and one `fsync`; then settles each batch with its outcome.
 */
async function commit(writer: ConversationWriter, settings: CommitSettings): Promise<void> {
  let group: Waiting[] = [];
  try {
    writer.state ??= await loadWriterState(settings.fs, writer.path, settings.window);
    const state = writer.state;
    // Taken after the state is loaded: batches that came meanwhile join this commit.
    const ids = new Set<string>();
    const lines: string[] = [];
    let size = 0;
    const results: AppendResult[] = [];
    for (const waiting of writer.queue) {
      if (results.length > 0 && (!settings.groupCommit || size >= GROUP_BYTES)) break;
      const { fresh, duplicates } = partitionBatch(waiting.events, (id) => ids.has(id) || state.recent.has(id));
      for (const event of fresh) {
        ids.add(event.id);
        const line = stringifyEvent(event);
        size += line.length;
        lines.push(line);
      }
      results.push({ stored: fresh, duplicates });
    }
    group = writer.queue.splice(0, results.length);
    if (lines.length > 0) await appendLines(settings.fs, settings.dir, writer.path, state, encoder.encode(`${lines.join('\n')}\n`), ids);
    group.forEach((waiting, index) => {
      waiting.resolve(results[index] as AppendResult);
    });
    if (lines.length > 0) settings.committed(writer.id);
  } catch (error) {
    if (writer.state?.stale) writer.state = undefined;
    // A failure before the group was taken (the file could not be read) fails every waiting batch alike.
    if (group.length === 0) group = writer.queue.splice(0);
    for (const waiting of group) waiting.reject(error);
  }
}
