/**
 * The plumbing of `watch`: a watcher reads pages after its cursor and sleeps until a store tells
 * it something new may be there. Nothing is buffered for a slow watcher beyond one page: it reads
 * at its own pace. Edge-safe.
 * @module
 */
import type { StoredEvent } from './types';

/** A page a watcher reads after its cursor. */
export interface WatchPage {
  events: StoredEvent[];
  /** Where to read next time. */
  cursor: string | undefined;
  /** Whether more may be read at once (the page was full). */
  more: boolean;
}

/** Who to wake when something is stored: per conversation, and for every conversation (`'*'`). */
export interface WatchHub {
  /** Registers a wake-up for a conversation id or `'*'`; returns the function that removes it. */
  subscribe(key: string, wake: (conversationId: string) => void): () => void;
  /** Wakes the watchers of a conversation and those of every conversation. */
  publish(conversationId: string): void;
  /** How many wake-ups are registered. */
  readonly size: number;
}

/** A hub of wake-ups, in memory. */
export function createWatchHub(): WatchHub {
  const byKey = new Map<string, Set<(conversationId: string) => void>>();
  let size = 0;
  const call = (key: string, conversationId: string) => {
    for (const wake of byKey.get(key) ?? []) wake(conversationId);
  };
  return {
    get size() {
      return size;
    },
    subscribe(key, wake) {
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      const entry = (conversationId: string) => wake(conversationId);
      set.add(entry);
      size++;
      return () => {
        if (!set.delete(entry)) return;
        size--;
        if (set.size === 0) byKey.delete(key);
      };
    },
    publish(conversationId) {
      call(conversationId, conversationId);
      call('*', conversationId);
    },
  };
}

/** A level-triggered flag: `wait` returns at once when `notify` was called since the last `wait`. */
export interface Wakeup {
  notify(): void;
  /** Resolves true on a notification, false when the signal aborts (or already had). */
  wait(signal: AbortSignal | undefined): Promise<boolean>;
}

/** A new {@link Wakeup}. */
export function createWakeup(): Wakeup {
  let pending = false;
  let resolve: ((woken: boolean) => void) | undefined;
  return {
    notify() {
      pending = true;
      const done = resolve;
      resolve = undefined;
      done?.(true);
    },
    wait(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      if (pending) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((done) => {
        const onAbort = () => {
          resolve = undefined;
          done(false);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        resolve = (woken) => {
          pending = false;
          signal?.removeEventListener('abort', onAbort);
          done(woken);
        };
      });
    },
  };
}

/**
 * A watch as an async generator: reads pages from `cursor` on, and when a page says nothing more
 * is there, waits for `wakeup` (which the caller wires to the store's notifications before
 * calling, so nothing stored meanwhile is missed) or for the signal. `cleanup` runs when the
 * watch ends, however it ends.
 */
export async function* pullWatch(
  read: (cursor: string | undefined) => Promise<WatchPage>,
  wakeup: Wakeup,
  cursor: string | undefined,
  signal: AbortSignal | undefined,
  cleanup: () => void | Promise<void>,
): AsyncGenerator<StoredEvent> {
  try {
    for (;;) {
      if (signal?.aborted) return;
      const page = await read(cursor);
      cursor = page.cursor;
      for (const item of page.events) {
        if (signal?.aborted) return;
        yield item;
      }
      if (!page.more && !(await wakeup.wait(signal))) return;
    }
  } finally {
    await cleanup();
  }
}
