/**
 * The file store: durable events without a database or a dependency. One append-only JSON Lines
 * file per conversation, one writer per folder, group commit, cursors, a live watch. Node only.
 *
 * ```ts
 * import { createFileStore } from 'agentwire/stores/file';
 * const store = createFileStore({ dir: '.agentwire' });
 * await store.lock(); // one writer per folder
 * ```
 * @module agentwire/stores/file
 */

export { acquireDataLock, DataFolderLockedError, type DataLock, LOCK_FILE } from './file/data-lock';
export {
  createFileStore,
  type EntriesOptions,
  type FileStore,
  type FileStoreOptions,
  type FileStoreStats,
  type FileStoreWarning,
} from './file/file-store';
export type { FileStoreDirent, FileStoreFileType, FileStoreFs, FileStoreHandle } from './file/file-system';
export { MAX_LINE_BYTES } from './file/line-reader';
export type { LockOwnerPlace } from './file/lock-owner';
export { NotARegularFileError } from './file/regular-file';
