/**
 * A fixed file written whole or not at all: the new bytes go to a temporary file beside it (with
 * the old file's mode), which then replaces it by a rename.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Replaces the regular file at `path` with `bytes`, atomically, keeping its mode. */
export async function replaceFile(path: string, bytes: Uint8Array): Promise<void> {
  const info = await lstat(path);
  if (!info.isFile()) throw new Error(`${path} is not a regular file`);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', info.mode & 0o7777);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temporary, info.mode & 0o7777);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
