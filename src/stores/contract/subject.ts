/**
 * The store under test, as the checks see it: how to make one, open it again, and release it.
 * Edge-safe.
 * @module
 */
import type { EventStore } from '../types';

/** How the contract gets stores. */
export interface StoreContractOptions {
  /** A new, empty store: a fresh folder, a fresh table. Each check makes its own. */
  create(): EventStore | Promise<EventStore>;
  /**
   * The same data opened again as a new instance, as a restarted process would see it (release
   * the old instance first if it holds a lock). Without it, the restart check is skipped.
   */
  reopen?(store: EventStore): EventStore | Promise<EventStore>;
  /** Releases a store at the end of a check (close it, end its pool, remove its folder). */
  release?(store: EventStore): void | Promise<void>;
  /** Whether the store has a `watch` to check (default true; `false` skips the watch checks). */
  watch?: boolean;
  /** Whether the store has `recentConversations` to check (default true; `false` skips those checks). */
  recent?: boolean;
  /** How long a watch may take to yield an event before the check fails (default 10,000 ms). */
  watchTimeoutMs?: number;
  /**
   * Whether a watch of every conversation resumes from a cursor (stores with one order over all
   * conversations: the memory and PostgreSQL stores). Default false: that check is skipped.
   */
  resumesWatchOfAll?: boolean;
}

/** One check of the contract: give it to your test runner as a test. */
export interface StoreCheck {
  /** What it checks, as a test name. */
  name: string;
  /** Runs the check on a new store; rejects with a `StoreContractError` (or the store's own error) when the store breaks the contract. */
  run(): Promise<void>;
}

/** The checks' view of the options. */
export interface Subject {
  options: StoreContractOptions;
  /** A check that runs `body` on a new store and releases it (every store it opened) afterwards. */
  check(name: string, body: (store: EventStore, context: CheckContext) => Promise<void>): StoreCheck;
}

/** What a check may do besides using its store. */
export interface CheckContext {
  /** Opens the store's data again (only when `reopen` is given); the new instance is released with the check. */
  reopen(store: EventStore): Promise<EventStore>;
}

/** The subject of a set of options. */
export function createSubject(options: StoreContractOptions): Subject {
  return {
    options,
    check: (name, body) => ({
      name,
      async run() {
        const opened: EventStore[] = [await options.create()];
        const context: CheckContext = {
          async reopen(store) {
            if (!options.reopen) throw new TypeError('reopen is not available');
            const again = await options.reopen(store);
            opened.push(again);
            return again;
          },
        };
        try {
          await body(opened[0] as EventStore, context);
        } finally {
          for (const store of opened.reverse()) await options.release?.(store);
        }
      },
    }),
  };
}
