/**
 * The file access the skill loaders use, behind a small interface so a caller can wrap it (to count
 * reads, or to serve files from elsewhere) without changing the loaders.
 * @module
 */
import { close, closeSync, fstat, fstatSync, open, openSync, read, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

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

function kindOf(info: { isFile(): boolean; isDirectory(): boolean; size: number }): { kind: EntryKind; size: number } {
  return { kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other', size: info.size };
}

/** `undefined` for the errors that say a path is not there; any other error thrown again. */
function missing(error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
  throw error;
}

/** The size to read from `position` for up to `length` bytes: a cap is not a size, a regular file gets what it holds past `position`. */
function readSize(stats: { isFile(): boolean; size: number }, position: number, length: number): number {
  return stats.isFile() ? Math.min(length, Math.max(0, stats.size - position)) : length;
}

/** The real file system, through `node:fs/promises`. */
export const nodeFileSystem: SkillFileSystem = {
  async list(path) {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.map((entry) => ({ name: entry.name, kind: entryKind(entry) }));
  },
  async kind(path) {
    try {
      return kindOf(await stat(path));
    } catch (error) {
      return missing(error);
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
          const size = readSize(stats, position, length);
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

/** How long the blocking file system works before it lets the event loop run. */
const SLICE_MS = 10;
let sliceStart = 0;

/** Lets the event loop run (timers, sockets) when the current slice is used up. */
async function slice(): Promise<void> {
  const now = performance.now();
  if (now - sliceStart < SLICE_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}

/**
 * The real file system, each call made at once on the calling thread instead of through the
 * thread pool (a folder listing or a small file costs microseconds there, and several times more
 * through the pool, whose threads contend for the few cores of a CI machine). It answers as
 * {@link nodeFileSystem} does, and lets the event loop run every 10 ms.
 */
export const blockingNodeFileSystem: SkillFileSystem = {
  async list(path) {
    await slice();
    return readdirSync(path, { withFileTypes: true }).map((entry) => ({ name: entry.name, kind: entryKind(entry) }));
  },
  async kind(path) {
    await slice();
    try {
      return kindOf(statSync(path));
    } catch (error) {
      return missing(error);
    }
  },
  async realpath(path) {
    await slice();
    return realpathSync.native(path);
  },
  async read(path, position, length) {
    await slice();
    const fd = openSync(path, 'r');
    try {
      const size = readSize(fstatSync(fd), position, length);
      const buffer = new Uint8Array(size);
      let filled = 0;
      while (filled < size) {
        const bytesRead = readSync(fd, buffer, filled, size - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === size ? buffer : buffer.subarray(0, filled);
    } finally {
      closeSync(fd);
    }
  },
};
