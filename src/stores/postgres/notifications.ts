/**
 * One `LISTEN` connection per store, shared by its watches: each commit's `NOTIFY` names its
 * conversation, and wakes the watches of that conversation and those of every conversation. A
 * lost connection is taken again (with backoff) while watches remain, and then every watch is
 * woken, since anything may have been stored meanwhile. Node only.
 * @module
 */
import type { PostgresClient, PostgresNotification, PostgresPool } from './pool';

/** What a wake-up says: the conversation a commit stored events in, or `undefined` after a reconnect. */
export type Wake = (conversationId: string | undefined) => void;

/** The notifications of a store. */
export interface NotificationFeed {
  /** Registers a wake-up for a conversation id or `'*'`; resolves, with the function that removes it, once listening. */
  subscribe(key: string, wake: Wake): Promise<() => void>;
  /** Stops listening and releases the connection. */
  close(): Promise<void>;
}

/** A feed over `channel`, with connections from `pool`. */
export function createNotificationFeed(pool: () => Promise<PostgresPool>, channel: string): NotificationFeed {
  const entries = new Set<{ key: string; wake: Wake }>();
  /** The connection being taken or held; `undefined` while nobody listens. */
  let connecting: Promise<PostgresClient> | undefined;
  let client: PostgresClient | undefined;
  let retryMs = 100;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const onNotification = (message: PostgresNotification) => {
    const id = message.payload;
    if (message.channel !== channel || !id) return;
    for (const entry of entries) if (entry.key === id || entry.key === '*') entry.wake(id);
  };
  const detach = (held: PostgresClient) => {
    held.removeListener('notification', onNotification);
    held.removeListener('error', onError);
  };
  /** Gives a connection back to the pool, after `UNLISTEN` so the pool gets a clean one. */
  const release = (held: PostgresClient) => {
    detach(held);
    held.query('UNLISTEN *').then(
      () => held.release(),
      (error: Error) => held.release(error),
    );
  };
  const connect = async () => {
    const held = await (await pool()).connect();
    held.on('notification', onNotification);
    held.on('error', onError);
    try {
      await held.query(`LISTEN "${channel}"`);
    } catch (error) {
      detach(held);
      held.release(error as Error);
      throw error;
    }
    return held;
  };
  const ensure = () => {
    if (connecting) return connecting;
    const attempt: Promise<PostgresClient> = connect().then(
      (held) => {
        // Nobody listens any more (or another attempt replaced this one): give it back.
        if (connecting !== attempt) release(held);
        else {
          client = held;
          retryMs = 100;
        }
        return held;
      },
      (error: unknown) => {
        if (connecting === attempt) connecting = undefined;
        throw error;
      },
    );
    connecting = attempt;
    return attempt;
  };
  /** Takes the connection again after a loss, then wakes everyone. */
  const reconnect = () => {
    if (closed || entries.size === 0 || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      ensure().then(
        () => {
          for (const entry of entries) entry.wake(undefined);
        },
        () => {
          retryMs = Math.min(retryMs * 2, 5_000);
          reconnect();
        },
      );
    }, retryMs);
  };
  function onError(error: Error) {
    const held = client;
    client = undefined;
    connecting = undefined;
    if (held) {
      detach(held);
      held.release(error);
    }
    reconnect();
  }
  /** Releases the connection once nobody listens. */
  const stop = () => {
    clearTimeout(retry);
    retry = undefined;
    const held = client;
    client = undefined;
    connecting = undefined;
    if (held) release(held);
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
