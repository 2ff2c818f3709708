/**
 * The file access the skill loaders use, behind a small interface so a caller can wrap it (to count
 * reads, or to serve files from elsewhere) without changing the loaders.
 * @module
 */
import { close, fstat, open, read } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';

/** What a directory entry is, without following it when it is a symbolic link. */
export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** One directory entry. */
export interface DirectoryEntry {
  name: string;
  kind: EntryKind;
}

/** The file operations the loaders need. Paths are platform paths. */
export interface SkillFileSystem {
  /** The entries of a directory, in no particular order. */
  list(path: string): Promise<DirectoryEntry[]>;
  /** What a path is once symbolic links are followed, or `undefined` when it does not exist. */
  kind(path: string): Promise<{ kind: EntryKind; size: number } | undefined>;
  /** The canonical path, with every symbolic link resolved. */
  realpath(path: string): Promise<string>;
  /** Up to `length` bytes of a file from `position` (fewer at its end). */
  read(path: string, position: number, length: number): Promise<Uint8Array>;
}

function entryKind(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryKind {
  if (entry.isSymbolicLink()) return 'symlink';
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  return 'other';
}

/** The real file system, through `node:fs/promises`. */
export const nodeFileSystem: SkillFileSystem = {
  async list(path) {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.map((entry) => ({ name: entry.name, kind: entryKind(entry) }));
  },
  async kind(path) {
    try {
      const info = await stat(path);
      return { kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other', size: info.size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
      throw error;
    }
  },
  realpath: (path) => realpath(path),
  read(path, position, length) {
    // The callback API: the promise-based file handle costs several times more per small read.
    return new Promise((resolve, reject) => {
      open(path, 'r', (error, fd) => {
        if (error) return reject(error);
        fstat(fd, (statError, stats) => {
          if (statError) return close(fd, () => reject(statError));
          // A cap is not a size: a regular file gets a buffer as large as what it holds past `position`.
          const size = stats.isFile() ? Math.min(length, Math.max(0, stats.size - position)) : length;
          const buffer = new Uint8Array(size);
          const finish = (failure: Error | null, filled: number) =>
            close(fd, () => (failure ? reject(failure) : resolve(filled === size ? buffer : buffer.subarray(0, filled))));
          const next = (filled: number) => {
            if (filled === size) return finish(null, filled);
            read(fd, buffer, filled, size - filled, position + filled, (failure, bytesRead) => {
              if (failure) finish(failure, filled);
              else if (bytesRead === 0) finish(null, filled);
              else next(filled + bytesRead);
            });
          };
          next(0);
        });
      });
    });
  },
};
