/**
 * One `LISTEN` connection per store, shared by its watches: each commit's `NOTIFY` names its
 * conversation, and wakes the watches of that conversation and those of every conversation. A
 * lost connection (the database restarted, the session was ended) is taken again with backoff
 * while watches remain, and then every watch is woken, since anything may have been stored
 * meanwhile: each reads again from its cursor. Node only.
 * @module
 */
import { storeFailure } from './failures';
import type { PostgresClient, PostgresNotification, PostgresPool } from './pool';
import { checkout } from './session';

/** What a wake-up says: the conversation a commit stored events in, or `undefined` after a reconnect. */
export type Wake = (conversationId: string | undefined) => void;

/** The notifications of a store. */
export interface NotificationFeed {
  /**
   * Registers a wake-up for a conversation id or `'*'`; resolves, with the function that removes
   * it, once listening (rejects with a `StoreUnavailableError` when the database cannot be reached).
   */
  subscribe(key: string, wake: Wake): Promise<() => void>;
  /** Stops listening and releases the connection. */
  close(): Promise<void>;
}

/** The first wait before taking a lost connection again, and the longest. */
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/** A connection that listens, with its error listener. */
interface Listening {
  held: PostgresClient;
  onError: (error: Error) => void;
  /** The error the connection emitted, once it did. */
  lost(): Error | undefined;
}

/** A feed over `channel`, with connections from `pool`. */
export function createNotificationFeed(pool: () => Promise<PostgresPool>, channel: string): NotificationFeed {
  const entries = new Set<{ key: string; wake: Wake }>();
  /** The connection being taken or held; `undefined` while nobody listens. */
  let connecting: Promise<Listening> | undefined;
  let current: Listening | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const onNotification = (message: PostgresNotification) => {
    const id = message.payload;
    if (message.channel !== channel || !id) return;
    for (const entry of entries) if (entry.key === id || entry.key === '*') entry.wake(id);
  };
  /**
   * Gives a connection back to the pool: after `UNLISTEN` when it is sound (so the pool gets a
   * clean one), discarded when it failed. Its error listener goes only after `release`, which
   * gives it the pool's own: an `error` event with no listener would end the process.
   */
  const release = (held: PostgresClient, onError: (error: Error) => void, failure?: Error) => {
    held.removeListener('notification', onNotification);
    const done = (error?: Error) => {
      held.release(error);
      held.removeListener('error', onError);
    };
    if (failure) done(failure);
    else held.query('UNLISTEN *').then(() => done(), done);
  };
  const connect = async (): Promise<Listening> => {
    let held: PostgresClient | undefined;
    let lost: Error | undefined;
    const onError = (error: Error) => {
      if (lost) return;
      lost = error;
      // Lost after it was listening: take another (before, `connect` fails and says so).
      if (held && current?.held === held) {
        current = undefined;
        connecting = undefined;
        release(held, onError, error);
        reconnect();
      }
    };
    held = await checkout(await pool(), onError);
    held.on('notification', onNotification);
    try {
      await held.query(`LISTEN "${channel}"`);
      if (lost) throw lost;
    } catch (error) {
      release(held, onError, lost ?? (error as Error));
      throw storeFailure(error, lost);
    }
    return { held, onError, lost: () => lost };
  };
  const ensure = () => {
    if (connecting) return connecting;
    const attempt: Promise<Listening> = connect().then(
      (listening) => {
        const lost = listening.lost();
        // Nobody listens any more (or another attempt replaced this one), or it was lost already: give it back.
        if (connecting !== attempt || lost) {
          release(listening.held, listening.onError, lost);
          if (lost) {
            if (connecting === attempt) connecting = undefined;
            throw storeFailure(lost, lost);
          }
        } else {
          current = listening;
          retryMs = FIRST_RETRY_MS;
        }
        return listening;
      },
      (error: unknown) => {
        if (connecting === attempt) connecting = undefined;
        throw error;
      },
    );
    connecting = attempt;
    return attempt;
  };
  /** Takes the connection again after a loss (waiting longer after each failed attempt), then wakes everyone. */
  function reconnect() {
    if (closed || entries.size === 0 || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed || entries.size === 0) return;
      ensure().then(
        () => {
          for (const entry of entries) entry.wake(undefined);
        },
        () => {
          retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
          reconnect();
        },
      );
    }, retryMs);
  }
  /** Releases the connection once nobody listens. */
  const stop = () => {
    clearTimeout(retry);
    retry = undefined;
    const held = current;
    current = undefined;
    // A connection still being taken is given back by `ensure` when it arrives (it is no longer `connecting`).
    connecting = undefined;
    if (held) release(held.held, held.onError);
  };

  return {
    async subscribe(key, wake) {
      if (closed) throw new Error('the PostgreSQL store is closed');
      const entry = { key, wake };
      entries.add(entry);
      try {
        await ensure();
      } catch (error) {
        entries.delete(entry);
        if (entries.size === 0) stop();
        throw error;
      }
      return () => {
        if (entries.delete(entry) && entries.size === 0) stop();
      };
    },
    async close() {
      closed = true;
      entries.clear();
      stop();
    },
  };
}
