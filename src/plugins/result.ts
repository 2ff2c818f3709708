/**
 * The result shape shared by the plugin parsers.
 * @module
 */
import type { Diagnostic } from '../internal/diagnostic';

/**
 * What a parser gives back. `ok: true`: the value loads (the diagnostics may still hold errors
 * about parts the service ignores or drops); `ok: false`: the service rejects the whole thing,
 * and at least one error diagnostic says why. Parsers never throw on bad input.
 */
export type ParseResult<T> = { ok: true; value: T; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };
