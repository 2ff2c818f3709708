/**
 * One writer per data folder: a lock file holding the owner's pid and start time, taken with an
 * exclusive create, and taken over only when its owner is gone. Node only.
 * @module
 */

import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AgentwireError } from '../../internal/agentwire-error';
import { type FileStoreFs, isMissing, nodeFileSystem, syncDirectory, writeAll } from './file-system';

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'agentwire.lock';

/** What the lock file holds. */
interface LockContent {
  pid: number;
  startedAt: string;
  hostname?: string;
  token: string;
}

/** Another live process writes to the folder. */
export class DataFolderLockedError extends AgentwireError {
  override readonly name = 'DataFolderLockedError';
  constructor(
    /** The data folder. */
    readonly dir: string,
    /** The owner's process id. */
    readonly pid: number,
    /** When the owner started, as it wrote it. */
    readonly startedAt: string,
  ) {
    super(
      `the data folder ${dir} is in use by process ${pid} (started ${startedAt}): stop it, or use another folder (if that process is not agentwire, delete ${join(dir, LOCK_FILE)})`,
    );
  }
}

/** A held lock. */
export interface DataLock {
  /** The lock file. */
  readonly path: string;
  /** Removes the lock file (only if it is still this lock's). */
  release(): Promise<void>;
}

/** Tokens of the locks this process holds: a lock file with our pid but another token is a stale one from an earlier run. */
const held = new Set<string>();

/** Whether the process that wrote `content` still runs (a different host cannot be checked: assume it does). */
function ownerAlive(content: LockContent): boolean {
  if (content.hostname && content.hostname !== hostname()) return true;
  if (content.pid === process.pid) return held.has(content.token);
  try {
    process.kill(content.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's content, or `undefined` when it is unreadable, empty or garbage (a crash while writing it). */
async function readLock(path: string): Promise<LockContent | undefined> {
  try {
    const content = JSON.parse(await readFile(path, 'utf8')) as Partial<LockContent>;
    if (!Number.isSafeInteger(content.pid) || typeof content.token !== 'string') return undefined;
    return { startedAt: 'at an unknown time', ...content } as LockContent;
  } catch (error) {
    if (isMissing(error)) throw error;
    return undefined;
  }
}

/** Moves a stale lock aside, checking it is still the stale one (another process may have replaced it meanwhile). */
async function removeStale(path: string, stale: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => stale);
  // Someone else's fresh lock was moved: put it back unless yet another lock took its place.
  if (moved !== stale) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/**
 * Takes the writer lock of `dir` (created if needed): `<dir>/agentwire.lock` with this process's
 * pid, start time and host. A lock whose process is gone (a dead pid, or our own pid left by an
 * earlier run) is taken over; a live one throws {@link DataFolderLockedError}.
 */
export async function acquireDataLock(dir: string, fs: FileStoreFs = nodeFileSystem): Promise<DataLock> {
  await fs.mkdir(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const content: LockContent = {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    hostname: hostname(),
    token,
  };
  for (let attempt = 0; attempt < 10; attempt++) {
    let handle: Awaited<ReturnType<FileStoreFs['open']>>;
    try {
      handle = await fs.open(path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = await readFile(path, 'utf8').catch((caught: unknown) => (isMissing(caught) ? undefined : ''));
      if (text === undefined) continue;
      const owner = await readLock(path).catch(() => undefined);
      if (owner && ownerAlive(owner)) throw new DataFolderLockedError(dir, owner.pid, owner.startedAt);
      // A lock being written this very moment looks empty: give its writer a moment before calling it stale.
      if (!owner && attempt < 3) {
        await new Promise((wait) => setTimeout(wait, 50));
        continue;
      }
      await removeStale(path, text);
      continue;
    }
    try {
      await writeAll(handle, new TextEncoder().encode(`${JSON.stringify(content)}\n`));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await syncDirectory(fs, dir);
    const written = await readLock(path).catch(() => undefined);
    if (written?.token !== token) continue; // taken over by a racing process: try again
    held.add(token);
    return {
      path,
      async release() {
        held.delete(token);
        const current = await readLock(path).catch(() => undefined);
        if (current?.token === token) await unlink(path).catch(() => undefined);
      },
    };
  }
  throw new Error(`could not take the lock ${path}: other processes keep replacing it`);
}
