/**
 * The contract's assertions: plain functions that throw a {@link StoreContractError} saying what
 * was expected, so the checks run under any test runner. Edge-safe.
 * @module
 */
import { AgentwireError } from '../../internal/agentwire-error';

/** A store broke the contract. */
export class StoreContractError extends AgentwireError {
  override readonly name = 'StoreContractError';
}

/** JSON with sorted keys: two values with the same content print the same, whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const shown = (value: unknown) => {
  const text = canonical(value) ?? String(value);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

/** Throws unless `actual` and `expected` have the same content (key order aside). */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (canonical(actual) !== canonical(expected))
    throw new StoreContractError(`${what}:\n  expected ${shown(expected)}\n  got      ${shown(actual)}`);
}

/** Throws unless `condition` holds. */
export function check(condition: boolean, what: string): void {
  if (!condition) throw new StoreContractError(what);
}

/** Resolves to the error `work` rejects (or throws) with; throws when it succeeds. */
export async function rejection(work: () => Promise<unknown>, what: string): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new StoreContractError(`${what}: expected a rejection, but it succeeded`);
}
