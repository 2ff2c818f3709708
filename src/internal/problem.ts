/**
 * A diagnostic together with what it costs in the service: nothing, the file, or every skill of
 * the folder. The loaders keep problems in the order the service meets them, because the first
 * failure decides what the service does (it stops at the first exception).
 * @module
 */
import type { Diagnostic } from './diagnostic';

/**
 * What a problem costs: nothing, the skill (one file), or the whole folder being loaded; or
 * `refused`: agentwire does not load a file the service loads (an alias bomb).
 */
export type Effect = 'none' | 'skill' | 'directory' | 'refused';

/** A diagnostic and its effect in the service. */
export interface Problem {
  diagnostic: Diagnostic;
  effect: Effect;
}

/** The first problem that stops the service from loading the file, if any. */
export function firstFailure(problems: readonly Problem[]): Problem | undefined {
  return problems.find((problem) => problem.effect !== 'none');
}

function consequence(effect: Effect, folderCost: string | undefined, first: boolean, fileCost: string): string {
  if (effect === 'refused') return ` agentwire does not load ${fileCost} (the service reads aliases by reference and loads it).`;
  const cost = effect === 'directory' && folderCost ? folderCost : fileCost;
  return first ? ` The service drops ${cost}.` : ` Even with the problem before it fixed, the service would drop ${cost}.`;
}

/**
 * The diagnostics of one file's problems, each failure saying what it costs: the first one what
 * the service does, later ones what they would do once the first is fixed. `folderCost` names what
 * a folder-wide failure costs (`every skill of this folder` for the project, user and organization
 * loaders); without it, such a failure costs only the file. `fileCost` names the file's loss
 * (`this skill` unless given: the plugin loader reads commands and agents with the same rules).
 */
export function problemDiagnostics(problems: readonly Problem[], folderCost?: string, fileCost = 'this skill'): Diagnostic[] {
  const first = firstFailure(problems);
  return problems.map((problem) => {
    if (problem.effect === 'none') return problem.diagnostic;
    const suffix = consequence(problem.effect, folderCost, problem === first, fileCost);
    return { ...problem.diagnostic, message: problem.diagnostic.message + suffix };
  });
}
