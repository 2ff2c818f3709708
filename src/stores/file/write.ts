/**
 * The file store's write path: a conversation's writer state read from its file, and a group of
 * lines appended durably with one `fsync`. Node only.
 * @module
 */

import { createRecentSet, type RecentSet } from '../../internal/recent-set';
import { type FileStoreFs, isMissing, makeDataFolder, syncDirectory, writeAll } from './file-system';
import { type ReadExtent, readLines } from './line-reader';
import { lastLineEnd } from './read';
import { NotARegularFileError, openRegularFile } from './regular-file';

/** What the writer knows of one conversation file. */
export interface WriterState {
  /** The latest stored ids (a bounded window). */
  recent: RecentSet;
  /** Where the last synced complete line ends: the next batch goes here. */
  end: number;
  /** Whether the file may hold bytes past `end` (a torn tail, a failed write): cut them before appending. */
  dirty: boolean;
  /** Whether the file exists (creating it also syncs the folder). */
  exists: boolean;
  /** Set when the file changed outside the store: the state must be read again from the file. */
  stale?: boolean;
}

/** Reads a conversation file as a stream into a writer state: its latest ids, where its complete lines end, whether a tail follows. */
export async function loadWriterState(fs: FileStoreFs, path: string, window: number): Promise<WriterState> {
  const recent = createRecentSet(window);
  let handle: Awaited<ReturnType<FileStoreFs['open']>>;
  try {
    handle = await openRegularFile(fs, path, 'read');
  } catch (error) {
    if (isMissing(error)) return { recent, end: 0, dirty: false, exists: false };
    throw error;
  }
  try {
    const extent: ReadExtent = { size: 0, end: 0 };
    for await (const line of readLines(handle, extent)) {
      const id = idOf(line);
      if (id !== undefined) recent.add(id);
    }
    return { recent, end: extent.end, dirty: extent.size > extent.end, exists: true };
  } finally {
    await handle.close();
  }
}

/** The `id` of a stored line, or `undefined` for a line that is not an event. */
function idOf(line: string): string | undefined {
  try {
    const id = (JSON.parse(line) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Appends `bytes` (complete lines) as one write, then `fsync`s the file (and the folder when the
 * file is new). The `ids` join the state only after the `fsync` succeeded; on any failure the
 * file is cut back to its last synced line (now, and again before the next append), so a retry
 * writes and syncs its events again instead of trusting what the page cache holds.
 */
export async function appendLines(
  fs: FileStoreFs,
  dir: string,
  path: string,
  state: WriterState,
  bytes: Uint8Array,
  ids: Iterable<string>,
): Promise<void> {
  if (!state.exists) await makeDataFolder(fs, dir);
  const handle = await openRegularFile(fs, path, 'append');
  const created = !state.exists;
  state.exists = true;
  try {
    // Only this store writes the file: any other size means someone else did, and what is known is stale.
    const { size } = await handle.stat();
    if (size < state.end || (size > state.end && !state.dirty)) {
      state.stale = true;
      throw new Error(`${path} changed outside the store (another writer?); it is read again on the next try`);
    }
    if (state.dirty) await handle.truncate(state.end);
    state.dirty = true;
    await writeAll(handle, bytes);
    await handle.sync();
    if (created) await syncDirectory(fs, dir);
    state.dirty = false;
    state.end += bytes.byteLength;
    for (const id of ids) state.recent.add(id);
  } catch (error) {
    // Best effort now; `dirty` makes the next append cut the file back in any case.
    if (!state.stale) await handle.truncate(state.end).catch(() => undefined);
    throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Cuts a torn tail (bytes after the last newline: a write a crash interrupted, never
 * acknowledged) off a conversation file, reading backwards only as far as the tail goes.
 * Returns the bytes cut.
 */
export async function cutTornTail(fs: FileStoreFs, path: string): Promise<number> {
  let handle: Awaited<ReturnType<FileStoreFs['open']>>;
  try {
    handle = await openRegularFile(fs, path, 'update');
  } catch (error) {
    // Gone, or replaced by something else than a file since the folder was listed: nothing to cut.
    if (isMissing(error) || error instanceof NotARegularFileError) return 0;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const end = await lastLineEnd(handle, size);
    if (end === size) return 0;
    await handle.truncate(end);
    await handle.sync();
    return size - end;
  } finally {
    await handle.close();
  }
}
