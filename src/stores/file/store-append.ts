/**
 * Appending to the file store: the conversation's writer (created on demand, most recently used
 * last), its group commit, and the bounds on the writers kept in memory and the files kept open. Node only.
 * @module
 */
import type { Event } from '../../events/index';
import { StoreClosedError } from '../errors';
import { toConversationId } from '../options';
import type { AppendResult } from '../types';
import { type ConversationWriter, createWriter, enqueue } from './group-commit';
import { takeLock } from './store-lock';
import { type FileStoreState, pathOf } from './store-state';
import { closeFile } from './write';

/** The writer of a conversation, made the most recently used. */
function writerOf(state: FileStoreState, id: string): ConversationWriter {
  const { writers } = state;
  let writer = writers.get(id);
  if (writer) writers.delete(id);
  else writer = createWriter(id, pathOf(state, id));
  writers.set(id, writer);
  return writer;
}

/** Conversation files kept open between commits at most; the least recently written idle ones are closed past it. */
export const MAX_OPEN_FILES = 128;

/**
 * Counts what `changed` holds now, then drops the least recently used idle writers while a
 * bound is passed (busy ones stay: they are bounded by the requests in flight), closing their
 * files, and closes the files of idle writers past {@link MAX_OPEN_FILES}.
 */
function evict(state: FileStoreState, changed: ConversationWriter): void {
  const { writers, maxConversations, maxIds } = state;
  const size = changed.state?.recent.size ?? 0;
  if (writers.get(changed.id) === changed) state.remembered += size - changed.counted;
  changed.counted = size;
  // Fewer writers than the bound on open files: no need to count them.
  let open = 0;
  if (writers.size > MAX_OPEN_FILES) for (const writer of writers.values()) if (writer.handle) open++;
  if (writers.size <= maxConversations && state.remembered <= maxIds && open <= MAX_OPEN_FILES) return;
  for (const [id, writer] of writers) {
    const over = writers.size > maxConversations || state.remembered > maxIds;
    if (!over && open <= MAX_OPEN_FILES) break;
    if (writer.running || writer.queue.length > 0) continue;
    if (writer.handle) {
      open--;
      void closeFile(writer);
    }
    if (!over) continue;
    writers.delete(id);
    state.remembered -= writer.counted;
  }
}

/**
 * `store.append`: takes the lock on the first append (unless `lock: false`), then hands the batch
 * to the conversation's writer; resolves once it is on disk, with the events stored.
 */
export async function append(state: FileStoreState, conversationId: string, events: readonly Event[]): Promise<AppendResult> {
  const id = toConversationId(conversationId);
  if (state.closed) throw new StoreClosedError('the file store');
  if (state.locks) await takeLock(state);
  const writer = writerOf(state, id);
  try {
    return await enqueue(writer, events, state.settings);
  } finally {
    evict(state, writer);
  }
}
