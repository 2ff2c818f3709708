/**
 * One writer per cache folder: calls in this process wait for each other, and other processes
 * are kept out by a lock folder beside the cache folder (`mkdir` is atomic). A lock left by a
 * process that died is taken over once it is older than `staleMs`.
 * @module
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigRepositoryError } from './config-repository-error';

/** Timing of {@link withCacheLock}. */
export interface CacheLockOptions {
  /** How long to wait for another process (default 5 minutes). */
  waitMs?: number;
  /** A lock older than this belongs to a process that died (default 10 minutes). */
  staleMs?: number;
}

const inProcess = new Map<string, Promise<unknown>>();

async function acquire(lock: string, waitMs: number, staleMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new ConfigRepositoryError('cache-unavailable', `Cannot create the cache lock ${lock}: ${(error as Error).message}`);
      }
    }
    const info = await stat(lock).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > staleMs) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new ConfigRepositoryError('cache-unavailable', `The cache folder stays locked by another process (${lock}).`);
    }
    await sleep(delay);
  }
}

/** Runs `fn` while holding the lock of the cache folder `path` (the lock is `<path>~lock`). */
export async function withCacheLock<T>(path: string, fn: () => Promise<T>, options: CacheLockOptions = {}): Promise<T> {
  const previous = inProcess.get(path) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      const lock = `${path}~lock`;
      await acquire(lock, options.waitMs ?? 5 * 60_000, options.staleMs ?? 10 * 60_000);
      try {
        return await fn();
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    });
  inProcess.set(path, run);
  try {
    return await run;
  } finally {
    if (inProcess.get(path) === run) inProcess.delete(path);
  }
}
