/**
 * The file store's writer lock: taken once (by `lock()` or the first append), cutting the torn
 * tails a crash left; released by `close()` once the appends in progress are done. Node only.
 * @module
 */
import { acquireDataLock, type DataLock } from './data-lock';
import { conversationIds, type FileStoreState, pathOf } from './store-state';
import { closeFile, cutTornTail } from './write';

/**
 * Takes the writer lock once, then cuts the torn tails a crash may have left, so every file is
 * valid JSON Lines again. A failed attempt is forgotten, so the next call tries again.
 */
export function takeLock(state: FileStoreState): Promise<DataLock> {
  if (!state.lock) {
    const { dir, fs } = state;
    const lock = acquireDataLock(dir, fs).then(async (held) => {
      try {
        for (const id of await conversationIds(state)) await cutTornTail(fs, pathOf(state, id));
      } catch (error) {
        await held.release();
        throw error;
      }
      return held;
    });
    state.lock = lock;
    lock.catch(() => {
      state.lock = undefined;
    });
  }
  return state.lock;
}

/** `store.close()`: refuses further appends, waits for those in progress, closes the conversation files, and releases the lock. */
export async function closeStore(state: FileStoreState): Promise<void> {
  state.closed = true;
  for (;;) {
    const running = [...state.writers.values()].flatMap((writer) => (writer.running ? [writer.running] : []));
    if (running.length === 0) break;
    await Promise.all(running);
  }
  await Promise.all([...state.writers.values()].map((writer) => closeFile(writer)));
  const held = state.lock;
  state.lock = undefined;
  if (held) await (await held.catch(() => undefined))?.release();
}
