/**
 * One writer per data folder: a lock file holding the owner's pid, start time, host, boot and PID
 * namespace, taken with an exclusive create. A lock whose pid can be checked from here (same
 * host, boot and PID namespace) is taken over once that process is gone; any other once its
 * heartbeat stopped. Node only.
 * @module
 */

import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentwireError } from '../../internal/agentwire-error';
import { FILE_MODE, type FileStoreFs, isMissing, makeDataFolder, nodeFileSystem, syncDirectory, writeAll } from './file-system';
import { SILENCE_MS, startHeartbeat, watchHeartbeat } from './lock-heartbeat';
import { type LockContent, type LockOwnerPlace, ownerPlace, ownPlace, PLACE_WORDS } from './lock-owner';

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'agentwire.lock';

/** Another live process writes to the folder. */
export class DataFolderLockedError extends AgentwireError {
  override readonly name = 'DataFolderLockedError';
  constructor(
    /** The data folder. */
    readonly dir: string,
    /** The owner's process id (in its own PID namespace). */
    readonly pid: number,
    /** When the owner started, as it wrote it. */
    readonly startedAt: string,
    /** Where the owner runs, seen from here: `here`, or where its pid cannot be checked (its heartbeat was seen instead). */
    readonly place: LockOwnerPlace = 'here',
    /** The owner's host name, as it wrote it. */
    readonly hostname?: string,
  ) {
    super(
      place === 'here'
        ? `the data folder ${dir} is in use by process ${pid} (started ${startedAt}): stop it, or use another folder (if that process is not agentwire, delete ${join(dir, LOCK_FILE)})`
        : `the data folder ${dir} is locked by pid ${pid} on host ${hostname ?? 'unknown'} (${PLACE_WORDS[place]}; started ${startedAt}), and its heartbeat runs: stop that process, or use another folder (a lock whose heartbeat stays silent for ${SILENCE_MS / 1000} s is taken over)`,
    );
  }
}

/** A held lock. */
export interface DataLock {
  /** The lock file. */
  readonly path: string;
  /** Stops the heartbeat and removes the lock file (only if it is still this lock's). */
  release(): Promise<void>;
}

/** Tokens of the locks this process holds: a lock file with our pid but another token is a stale one from an earlier run. */
const held = new Set<string>();

/** Whether the process that wrote `content`, which runs here (same host, boot and PID namespace), still runs. */
function ownerAlive(content: LockContent): boolean {
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
 * What to do with the lock file `text` found: `stale` (take it over), `retry` (it changed while
 * judged), or throws {@link DataFolderLockedError} while its owner lives. An owner here is judged
 * by its pid; one elsewhere by its heartbeat, watched for up to {@link SILENCE_MS}.
 */
async function judge(dir: string, path: string, text: string, owner: LockContent): Promise<'stale' | 'retry'> {
  const place = ownerPlace(owner);
  if (place === 'here') {
    if (ownerAlive(owner)) throw new DataFolderLockedError(dir, owner.pid, owner.startedAt);
    return 'stale';
  }
  const verdict = await watchHeartbeat(path, text);
  if (verdict === 'alive') throw new DataFolderLockedError(dir, owner.pid, owner.startedAt, place, owner.hostname);
  return verdict === 'silent' ? 'stale' : 'retry';
}

/**
 * Takes the writer lock of `dir` (created with mode 0700 if needed): `<dir>/agentwire.lock`
 * (mode 0600) with this process's pid, start time, host, boot id and PID namespace, touched
 * every 2 s while held (the heartbeat). A lock whose process is gone (a dead pid, or our own pid
 * left by an earlier run) is taken over; so is a lock from another PID namespace, boot or host
 * whose heartbeat stayed silent for 6 s (the call waits that long to see). A live one throws
 * {@link DataFolderLockedError}.
 */
export async function acquireDataLock(dir: string, fs: FileStoreFs = nodeFileSystem): Promise<DataLock> {
  await makeDataFolder(fs, dir);
  const path = join(dir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const content: LockContent = {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    ...ownPlace(),
    token,
  };
  for (let attempt = 0; attempt < 10; attempt++) {
    let handle: Awaited<ReturnType<FileStoreFs['open']>>;
    try {
      handle = await fs.open(path, 'wx', FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = await readFile(path, 'utf8').catch((caught: unknown) => (isMissing(caught) ? undefined : ''));
      if (text === undefined) continue;
      const owner = await readLock(path).catch(() => undefined);
      // A lock being written this very moment looks empty: give its writer a moment before calling it stale.
      if (!owner && attempt < 3) {
        await new Promise((wait) => setTimeout(wait, 50));
        continue;
      }
      if (!owner || (await judge(dir, path, text, owner)) === 'stale') await removeStale(path, text);
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
    const stopHeartbeat = startHeartbeat(path, token);
    return {
      path,
      async release() {
        stopHeartbeat();
        held.delete(token);
        const current = await readLock(path).catch(() => undefined);
        if (current?.token === token) await unlink(path).catch(() => undefined);
      },
    };
  }
  throw new Error(`could not take the lock ${path}: other processes keep replacing it`);
}
