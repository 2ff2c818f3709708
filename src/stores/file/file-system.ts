/**
 * The file-system calls the file store makes, as a small interface: the real `node:fs/promises`
 * by default, a wrapper that injects failures in tests. Node only.
 * @module
 */
import * as nodeFs from 'node:fs/promises';

/** The mode of the data folder when the store creates it: its owner's only. */
export const FOLDER_MODE = 0o700;
/** The mode of every file the store creates (conversation files, the lock file): its owner's only. */
export const FILE_MODE = 0o600;

/** What a folder entry or an open file is (the type tests of Node's `Dirent` and `Stats`). */
export interface FileStoreFileType {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** A folder entry: its name and its type (Node's `Dirent`). */
export interface FileStoreDirent extends FileStoreFileType {
  name: string;
}

/** An open file, as the store uses it (a subset of Node's `FileHandle`). */
export interface FileStoreHandle {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  write(buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<{ bytesWritten: number }>;
  /** The file's size, type and number of links (Node's `Stats`; `nlink` 0: the file was removed from its folder). */
  stat(): Promise<{ size: number; nlink?: number } & FileStoreFileType>;
  truncate(length: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The file-system functions of the store (a subset of `node:fs/promises`). */
export interface FileStoreFs {
  /** `flags` as Node takes them: a string (`'r'`, `'wx'`) or a number (`fs.constants.O_*`). */
  open(path: string, flags: string | number, mode?: number): Promise<FileStoreHandle>;
  mkdir(path: string, options: { recursive: true; mode?: number }): Promise<unknown>;
  /** A folder's entries with their types (`withFileTypes: true`). */
  readdir(path: string, options: { withFileTypes: true }): Promise<FileStoreDirent[]>;
}

/** The real file system. */
export const nodeFileSystem: FileStoreFs = {
  open: (path, flags, mode) => nodeFs.open(path, flags, mode),
  mkdir: (path, options) => nodeFs.mkdir(path, options),
  readdir: (path, options) => nodeFs.readdir(path, options),
};

/** Creates the data folder when missing, with mode 0700 (and any parent it creates); a folder that exists keeps its mode. */
export async function makeDataFolder(fs: FileStoreFs, dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: FOLDER_MODE });
}

/** Writes all of `bytes` (a write may take only part of them), at the end of a file opened for appending. */
export async function writeAll(handle: FileStoreHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset, null);
    if (bytesWritten <= 0) throw new Error('the file system wrote nothing');
    offset += bytesWritten;
  }
}

/**
 * Makes a folder's entries durable (`fsync` on the folder): a file just created survives a power
 * loss only once its folder entry is on disk. Platforms that cannot sync a folder are skipped.
 */
export async function syncDirectory(fs: FileStoreFs, dir: string): Promise<void> {
  let handle: FileStoreHandle;
  try {
    handle = await fs.open(dir, 'r');
  } catch (error) {
    if (process.platform === 'win32') return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EPERM' && code !== 'EISDIR') throw error;
  } finally {
    await handle.close();
  }
}

/** Whether an error is "no such file or folder". */
export const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
