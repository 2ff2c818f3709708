/**
 * What a failure of PostgreSQL means for the store's caller: the database away or restarting, a
 * lock or statement timeout, a transaction ended for standing idle, a serialization conflict —
 * each a {@link StoreUnavailableError} (the batch may be delivered again, and will be stored
 * then); anything else (a missing table, a permission) as PostgreSQL said it. Node only.
 * @module
 */
import { isAgentwireError } from '../../internal/agentwire-error';
import { StoreUnavailableError, type StoreUnavailableReason } from '../errors';

/** The reason of an SQLSTATE that passes (`undefined`: one that does not). */
function reasonOf(code: string): StoreUnavailableReason | undefined {
  if (code === '55P03') return 'lock-timeout';
  if (code === '57014') return 'statement-timeout';
  if (code === '25P03') return 'idle-timeout';
  if (code === '40001' || code === '40P01') return 'conflict';
  // Connection exceptions, insufficient resources (too many connections, a full disk), shutdown,
  // crash, start-up, an idle session ended, system errors.
  if (/^(08|53|57P0|58)/.test(code)) return 'unavailable';
  return undefined;
}

const WHAT: Record<StoreUnavailableReason, string> = {
  unavailable: 'the database cannot be reached, or is restarting',
  'lock-timeout': "the conversation's lock was held longer than lockTimeoutMs (by another append, maybe on another replica)",
  'statement-timeout': 'a statement ran longer than statementTimeoutMs',
  'idle-timeout': 'the transaction stood idle longer than idleInTransactionTimeoutMs and the database ended it',
  conflict: 'the transaction collided with another',
};

/** A server error's SQLSTATE (five digits and capitals), or `undefined` for an error the server did not send. */
function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Whether an error is the connection's rather than an answer of the server: a socket error
 * (refused, reset, unreachable, timed out), or node-postgres giving up on a connection it lost.
 */
function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error) || sqlState(error) !== undefined) return false;
  if (typeof (error as { syscall?: unknown }).syscall === 'string') return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  return /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout|Connection ended/i.test(
    error.message,
  );
}

/**
 * The error the store throws for `error`: a {@link StoreUnavailableError} when the database is
 * away or a limit fired (also for any failure when `lost` says the connection was lost, or the
 * connection could not be had), the error itself otherwise.
 * @param error What a query or the pool threw.
 * @param lost The error the connection emitted meanwhile, if it did (its SQLSTATE says more).
 * @param connecting Whether the error came while taking a connection.
 */
export function storeFailure(error: unknown, lost?: Error, connecting = false): unknown {
  if (isAgentwireError(error)) return error;
  const code = sqlState(lost) ?? sqlState(error);
  const reason = code === undefined ? undefined : reasonOf(code);
  const passes = reason !== undefined || lost !== undefined || connecting || isConnectionFailure(error);
  if (!passes) return error;
  const cause = lost ?? error;
  const said = cause instanceof Error ? cause.message : String(cause);
  const why = reason ?? 'unavailable';
  return new StoreUnavailableError(why, `PostgreSQL store: ${WHAT[why]}: ${said}`, { cause });
}
