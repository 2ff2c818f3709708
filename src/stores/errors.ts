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
