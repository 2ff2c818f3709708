/**
 * The file store's write path: a conversation's writer state read from its file, a group of lines
 * written to the file kept open, and its `fsync`. Node only.
 * @module
 */

import { createRecentSet, type RecentSet } from '../../internal/recent-set';
import { type FileStoreFs, type FileStoreHandle, isMissing, makeDataFolder, syncDirectory, writeAll } from './file-system';
import { type ReadExtent, readLines } from './line-reader';
import { lastLineEnd } from './read';
import { NotARegularFileError, openRegularFile } from './regular-file';

/** What the writer knows of one conversation file. */
export interface WriterState {
  /** The latest stored ids (a bounded window). */
  recent: RecentSet;
  /** Where the last synced complete line ends: reads stop here. */
  end: number;
  /** Where the lines written so far end, synced or not (`end` plus the groups whose `fsync` is in flight): the next group goes here. */
  written: number;
  /** Whether the file may hold bytes past `end` that no group in flight owns (a torn tail, a failed write or `fsync`): cut them before appending. */
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
    if (isMissing(error)) return { recent, end: 0, written: 0, dirty: false, exists: false };
    throw error;
  }
  try {
    const extent: ReadExtent = { size: 0, end: 0 };
    for await (const line of readLines(handle, extent)) {
      const id = idOf(line);
      if (id !== undefined) recent.add(id);
    }
    return { recent, end: extent.end, written: extent.end, dirty: extent.size > extent.end, exists: true };
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

/** A conversation file kept open for appending while its writer is kept, so a commit neither opens nor closes it. */
export interface OpenFile {
  handle: FileStoreHandle | undefined;
}

/**
 * Writes `bytes` (complete lines) as one write at `state.written`, opening the file when it is
 * not open yet (creating it, and the folder, when missing); returns whether it created the file
 * (its `fsync` then syncs the folder too) and the open file. The file must end where the store left it: any other
 * size, or a file no longer in the folder, means someone else changed it, and the state is
 * stale. Bytes a failure left are cut first (only with no `fsync` in flight: the caller's rule).
 * Nothing joins `state.end` or `state.recent` here: that is {@link syncLines}'s caller's, once
 * the `fsync` succeeded.
 */
export async function writeLines(
  fs: FileStoreFs,
  dir: string,
  path: string,
  file: OpenFile,
  state: WriterState,
  bytes: Uint8Array,
): Promise<{ handle: FileStoreHandle; created: boolean }> {
  const created = !state.exists;
  if (created) await makeDataFolder(fs, dir);
  file.handle ??= await openRegularFile(fs, path, 'append');
  const handle = file.handle;
  state.exists = true;
  // Only this store writes the file: any other size means someone else did, and what is known is stale.
  const { size, nlink } = await handle.stat();
  if (nlink === 0 || size < state.end || (size !== state.written && !state.dirty)) {
    state.stale = true;
    throw new Error(`${path} changed outside the store (another writer?); it is read again on the next try`);
  }
  if (state.dirty) {
    await handle.truncate(state.end);
    state.written = state.end;
  }
  state.dirty = true;
  await writeAll(handle, bytes);
  state.written += bytes.byteLength;
  state.dirty = false;
  return { handle, created };
}

/**
 * Cuts the file back to its last synced line at once, after a failed write or `fsync` (best
 * effort, and only with no `fsync` in flight: `dirty` stays, so the next write cuts it again).
 */
export async function cutBack(file: OpenFile, state: WriterState): Promise<void> {
  if (!state.dirty || state.stale || !file.handle) return;
  await file.handle.truncate(state.end).catch(() => undefined);
  state.written = state.end;
}

/** `fsync`s a conversation file (and the folder when the write created the file). */
export async function syncLines(fs: FileStoreFs, dir: string, handle: FileStoreHandle, created: boolean): Promise<void> {
  await handle.sync();
  if (created) await syncDirectory(fs, dir);
}

/** Closes a writer's open file, if any (errors ignored: nothing of it is trusted after a failure). */
export async function closeFile(file: OpenFile): Promise<void> {
  const { handle } = file;
  file.handle = undefined;
  await handle?.close().catch(() => undefined);
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
