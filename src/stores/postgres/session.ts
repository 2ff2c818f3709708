/**
 * Transactions of the PostgreSQL store on one pooled connection: the limits that keep a frozen
 * replica from holding a conversation up (lock, statement and idle-in-transaction timeouts, set
 * for each transaction), a connection lost mid-transaction taken as a failure (never as an
 * unhandled `error` event, which would end the process), and failures as the store reports them.
 * Node only.
 * @module
 */
import { storeFailure } from './failures';
import type { PostgresClient, PostgresPool } from './pool';

/** How long the store's transactions may wait, in milliseconds (`0`: no limit). */
export interface PostgresLimits {
  /**
   * How long an append waits for its conversation's lock, held by another append that has not
   * committed (on this replica or another): PostgreSQL's `lock_timeout`. Default 5,000.
   */
  lockTimeoutMs?: number;
  /** How long one statement of an append may run: `statement_timeout`. Default 15,000. */
  statementTimeoutMs?: number;
  /**
   * How long a transaction may stand idle between statements before PostgreSQL ends its session
   * and so releases its locks — a replica frozen mid-append (a stopped process, a partition)
   * holds its conversation no longer: `idle_in_transaction_session_timeout`. Default 10,000.
   */
  idleInTransactionTimeoutMs?: number;
}

/** The defaults of {@link PostgresLimits}. */
export const DEFAULT_LIMITS: Required<PostgresLimits> = {
  lockTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 10_000,
};

/** The limits as setting values; a `RangeError` for one that is not a whole number of milliseconds from 0 to 2^31 - 1. */
export function resolveLimits(limits: PostgresLimits): string[] {
  return (['lockTimeoutMs', 'statementTimeoutMs', 'idleInTransactionTimeoutMs'] as const).map((name) => {
    const value = limits[name] ?? DEFAULT_LIMITS[name];
    if (!Number.isInteger(value) || value < 0 || value > 2_147_483_647)
      throw new RangeError(`${name} must be a whole number of milliseconds from 0 (no limit) to 2147483647, not ${value}`);
    return String(value);
  });
}

/**
 * Begins a transaction and sets its limits (lock, statement, idle, from {@link resolveLimits}: whole
 * numbers, so written into the text) and synchronous commit until it ends: one round trip.
 */
export function beginSql(limits: string[]): string {
  const [lock, statement, idle] = limits.map((value) => `'${String(Number(value))}'`);
  return `BEGIN; SELECT set_config('lock_timeout', ${lock}, true), set_config('statement_timeout', ${statement}, true),
  set_config('idle_in_transaction_session_timeout', ${idle}, true), set_config('synchronous_commit', 'on', true)`;
}

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
 * Runs `work` in a transaction on one connection of `pool`, with the limits set; commits and
 * gives the connection back. `lead`, called once the connection is had, gives statements without
 * values that run with the `BEGIN`, in the same round trip. On failure it rolls back (a connection that cannot roll back, or was
 * lost, is discarded by the pool) and rejects with what {@link storeFailure} makes of the error.
 */
export async function inTransaction<T>(
  pool: () => Promise<PostgresPool>,
  limits: string[],
  work: (client: PostgresClient) => Promise<T>,
  lead?: () => string,
): Promise<T> {
  // While the connection is checked out, the pool does not listen to it: an `error` event (the
  // server ended the session, the socket closed) would be unhandled and end the process.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
  };
  const client = await checkout(await pool(), onError);
  try {
    // No values: sent as one simple query, both statements in one round trip.
    await client.query(lead ? `${beginSql(limits)};\n${lead()}` : beginSql(limits));
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
