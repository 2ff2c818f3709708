/**
 * The one result shape of the skill and plugin tooling: what a function that reads or checks
 * input gives back. Such a function never throws on bad input; a failure of the environment (a
 * missing folder, git out of reach) throws an `AgentwireError` subclass.
 * @module
 */
import type { Diagnostic } from './diagnostic';

/**
 * What a parser gives back. `ok: true`: the value loads (the diagnostics may still hold errors
 * about parts the service ignores or drops); `ok: false`: the service rejects the whole thing,
 * and at least one error diagnostic says why. Parsers never throw on bad input.
 */
export type ParseResult<T> = { ok: true; value: T; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };
