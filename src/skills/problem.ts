/**
 * A diagnostic together with what it costs in the service: nothing, the file, or every skill of
 * the folder. The loaders keep problems in the order the service meets them, because the first
 * failure decides what the service does (it stops at the first exception).
 * @module
 */
import type { Diagnostic } from '../internal/diagnostic';

/** What a problem costs: nothing, the skill (one file), or the whole folder being loaded. */
export type Effect = 'none' | 'skill' | 'directory';

/** A diagnostic and its effect in the service. */
export interface Problem {
  diagnostic: Diagnostic;
  effect: Effect;
}

/** The first problem that stops the service from loading the file, if any. */
export function firstFailure(problems: readonly Problem[]): Problem | undefined {
  return problems.find((problem) => problem.effect !== 'none');
}
