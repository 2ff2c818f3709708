/**
 * A rule: the stable description of one diagnostic code, and the one way rule tables write it.
 * @module
 */
import type { Severity } from './diagnostic';

/**
 * A rule: the stable description of one diagnostic code. Each area keeps a table of its rules;
 * `agentwire validate` documents them (docs/validate/rules/ is generated from these tables).
 */
export interface Rule {
  code: string;
  /** The default severity. */
  severity: Severity;
  /** One line: what the rule finds. */
  title: string;
  /** What happens in the service (or under the specification) when this is found. */
  description: string;
  /** The default hint: how to fix it. */
  hint: string;
  /** A short example of a file that raises it. */
  example?: string;
}

/**
 * Defines a rule; every rule of agentwire is written this way, with its full code:
 *
 * ```ts
 * export const SKILL_NAME_MISMATCH = /* @__PURE__ *\/ defineRule({
 *   code: 'skill-name-mismatch',
 *   severity: 'error',
 *   title: 'A SKILL.md name differs from its folder',
 *   description: 'What the service does when it finds it.',
 *   hint: 'How to fix it.',
 *   example: 'skills/pdf-tools/SKILL.md with name: pdf',
 * });
 * ```
 *
 * Gives the rule as it is written. The `@__PURE__` mark lets a bundle drop the rules it does not use.
 */
export function defineRule(rule: Rule): Rule {
  return rule;
}
