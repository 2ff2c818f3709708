/**
 * agentwire: the root of every error the package throws. `AgentwireError` and `isAgentwireError`
 * live here and nowhere else; everything else has one home, its area's subpath
 * (`agentwire/events`, `agentwire/webhooks`, `agentwire/stores`, `agentwire/api`,
 * `agentwire/plugins`, `agentwire/skills`, `agentwire/validate`…), and the errors of an area
 * (`EventValidationError`, `NotFoundError`…) live in it.
 *
 * ```ts
 * import { isAgentwireError } from 'agentwire';
 * try {
 *   // … any agentwire call
 * } catch (error) {
 *   if (!isAgentwireError(error)) throw error;
 *   console.error(error.name, error.message);
 * }
 * ```
 * @module agentwire
 */

export { AgentwireError, isAgentwireError } from './internal/agentwire-error';
