/**
 * The service's silent rule for two skills of one name in one dictionary: the later replaces the
 * earlier. agentwire keeps the later too, and reports the one dropped.
 * @module
 */
import { type Diagnostic, diagnostic } from '../internal/diagnostic';
import { DUPLICATE_SKILL_NAME } from './rules';
import type { Skill } from './types';

/** Puts `skill` in `winners` by name, the later winning; reports `duplicate-skill-name` when it replaces one. */
export function keepLastByName(winners: Map<string, Skill>, skill: Skill, diagnostics: Diagnostic[]): void {
  const earlier = winners.get(skill.name);
  if (earlier) {
    const message = `"${skill.name}" is also the name of ${earlier.file}; the service keeps this one and drops the other without a word.`;
    const related = [{ file: earlier.file, line: 1, column: 1, message: 'the copy that is dropped' }];
    diagnostics.push(diagnostic(DUPLICATE_SKILL_NAME, { file: skill.file, message, related }));
  }
  winners.set(skill.name, skill);
}
