/**
 * The errors stores throw. Edge-safe.
 * @module
 */
import { AgentwireError } from '../internal/agentwire-error';

/** A cursor this store did not hand out (or one of another conversation, or of data that changed behind the store). */
export class InvalidCursorError extends AgentwireError {
  override readonly name = 'InvalidCursorError';
  constructor(
    /** The cursor given. */
    readonly cursor: string,
    why = 'it is not a cursor of this store',
  ) {
    super(`invalid cursor ${JSON.stringify(cursor.length > 80 ? `${cursor.slice(0, 80)}…` : cursor)}: ${why}`);
  }
}

/** The store was closed: it takes no more appends. */
export class StoreClosedError extends AgentwireError {
  override readonly name = 'StoreClosedError';
  constructor(what = 'the store') {
    super(`${what} is closed`);
  }
}

/**
 * Why a store could not take or give events just now: its database is away or restarting, a lock
 * or a statement waited too long, or the transaction was ended for standing idle.
 */
export type StoreUnavailableReason = 'unavailable' | 'lock-timeout' | 'statement-timeout' | 'idle-timeout' | 'conflict';

/**
 * The store could not do it now, and may later: the database cannot be reached or is restarting
 * (`unavailable`), the conversation's lock or a statement took longer than allowed
 * (`lock-timeout`, `statement-timeout`), the transaction stood idle too long and was ended
 * (`idle-timeout`), or it collided with another (`conflict`). An `append` that rejects with it
 * stored nothing, or stored what a re-delivery finds stored: the webhook handler answers 503 with `Retry-After`, and
 * the sender delivers the batch again.
 */
export class StoreUnavailableError extends AgentwireError {
  override readonly name = 'StoreUnavailableError';
  constructor(
    /** Why, as a code. */
    readonly reason: StoreUnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
