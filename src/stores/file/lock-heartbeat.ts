/**
 * The heartbeat of the data folder's lock: its holder touches the lock file's modification time
 * every {@link HEARTBEAT_MS}, so a process that cannot check the holder's pid (another PID
 * namespace, boot or host) can tell a live holder from a dead one by watching the file. Node only.
 * @module
 */
import { readFile, stat, utimes } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** How often a holder touches its lock file. */
export const HEARTBEAT_MS = 2_000;
/** How long a lock file must stay untouched, as watched from here, before it is called stale: three heartbeats. */
export const SILENCE_MS = 3 * HEARTBEAT_MS;
/** How often a watcher looks at the lock file. */
const LOOK_MS = 100;

/**
 * Touches the lock file every {@link HEARTBEAT_MS} while it still holds `token` (the timer does
 * not keep the process alive); returns the function that stops it.
 */
export function startHeartbeat(path: string, token: string): () => void {
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    try {
      if ((JSON.parse(await readFile(path, 'utf8')) as { token?: unknown }).token === token) {
        const now = new Date();
        await utimes(path, now, now);
      }
    } catch {
      // Gone or unreadable: the next beat looks again; a lock taken over is never touched.
    } finally {
      beating = false;
    }
  };
  const timer = setInterval(() => void beat(), HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** What watching a lock held elsewhere found. */
export type HeartbeatVerdict = 'alive' | 'silent' | 'changed';

/**
 * Watches a lock file whose text is `text`, by this process's own clock (the holder's clock may
 * differ): `alive` as soon as its modification time moves, `silent` once it stayed still for
 * {@link SILENCE_MS}, `changed` when it disappeared or now holds another lock.
 */
export async function watchHeartbeat(path: string, text: string): Promise<HeartbeatVerdict> {
  const look = async () => {
    try {
      const [info, now] = await Promise.all([stat(path), readFile(path, 'utf8')]);
      return now === text ? info.mtimeMs : undefined;
    } catch {
      return undefined;
    }
  };
  const first = await look();
  if (first === undefined) return 'changed';
  const start = performance.now();
  while (performance.now() - start < SILENCE_MS) {
    await sleep(LOOK_MS);
    const mtime = await look();
    if (mtime === undefined) return 'changed';
    if (mtime !== first) return 'alive';
  }
  return 'silent';
}
