/**
 * Transactions of the PostgreSQL store on one pooled connection: a connection lost
 * mid-transaction taken as a failure (never as an unhandled `error` event, which would end the
 * process), and failures as the store reports them.
 * Node only.
 * @module
 */
import { storeFailure } from './failures';
import type { PostgresClient, PostgresPool } from './pool';

/** Synchronous commit for the transaction: it resolves once its commit is durable. */
const SET_LIMITS = "SELECT set_config('synchronous_commit', 'on', true)";

/**
 * A connection of `pool` with `onError` listening to it from the moment it is handed over. With
 * `pg`'s pool, that is inside its callback: a promise would resume a turn later, and an `error` the
 * connection emits in between (the server ended the session just as it was handed over) would
 * have no listener and end the process. A pool that only returns a promise is listened to when
 * it resolves. Rejects with what {@link storeFailure} makes of a failure.
 */
export function checkout(pool: PostgresPool, onError: (error: Error) => void): Promise<PostgresClient> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const take = (error: unknown, client?: PostgresClient) => {
      if (settled) return;
      settled = true;
      if (error || !client) return reject(storeFailure(error ?? new Error('the pool gave no connection'), undefined, true));
      client.on('error', onError);
      resolve(client);
    };
    let returned: unknown;
    try {
      returned = (pool.connect as (callback: (error: unknown, client?: PostgresClient) => void) => unknown)(take);
    } catch (error) {
      take(error);
    }
    if (returned && typeof (returned as PromiseLike<PostgresClient>).then === 'function')
      (returned as PromiseLike<PostgresClient>).then((client) => take(undefined, client), take);
  });
}

/**
 * Runs `work` in a transaction on one connection of `pool`; commits and
 * gives the connection back. On failure it rolls back (a connection that cannot roll back, or was
 * lost, is discarded by the pool) and rejects with what {@link storeFailure} makes of the error.
 */
export async function inTransaction<T>(pool: () => Promise<PostgresPool>, work: (client: PostgresClient) => Promise<T>): Promise<T> {
  // While the connection is checked out, the pool does not listen to it: an `error` event (the
  // server ended the session, the socket closed) would be unhandled and end the process.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
  };
  const client = await checkout(await pool(), onError);
  try {
    await client.query('BEGIN');
    await client.query(SET_LIMITS);
    const result = await work(client);
    await client.query('COMMIT');
    client.release(lost);
    return result;
  } catch (error) {
    const rolledBack =
      lost === undefined &&
      (await client.query('ROLLBACK').then(
        () => true,
        () => false,
      ));
    client.release(rolledBack ? undefined : (lost ?? (error instanceof Error ? error : true)));
    throw storeFailure(error, lost);
  } finally {
    // After `release`, which gives the connection the pool's own listener first.
    client.removeListener('error', onError);
  }
}
