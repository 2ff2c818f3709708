/**
 * The rules of suppression comments: a comment that names an unknown rule, gives no reason, or
 * silences nothing.
 * @module
 */
import { defineRule, type Rule } from '../internal/rule';

export const SUPPRESSION_UNUSED = /* @__PURE__ */ defineRule({
  code: 'suppression-unused',
  severity: 'warning',
  title: 'A suppression comment silences nothing',
  description:
    'An `agentwire-disable-next-line`, `agentwire-disable-line` or `agentwire-disable` comment names a rule that raised no finding where the comment points (for a rule the profiles of the run can raise). The problem it was written for is gone, or the comment is on the wrong line.',
  hint: 'Remove the comment, or remove the rule id from it.',
  example: '<!-- agentwire-disable-next-line inline-command -- the command is an example -->\nRun the tests.',
});

export const SUPPRESSION_RULE_UNKNOWN = /* @__PURE__ */ defineRule({
  code: 'suppression-rule-unknown',
  severity: 'warning',
  title: 'A suppression comment names no known rule',
  description:
    'A suppression comment names a rule id that is not in the rule catalog (often a typo), or names no rule at all: it silences nothing.',
  hint: 'Write the rule codes the report shows, separated by commas, before ` -- reason`.',
  example: '<!-- agentwire-disable-next-line inline-comand -- the command is an example -->',
});

export const SUPPRESSION_REASON_MISSING = /* @__PURE__ */ defineRule({
  code: 'suppression-reason-missing',
  severity: 'warning',
  title: 'A suppression comment gives no reason',
  description:
    'A suppression comment has no ` -- reason` after its rule ids. It still silences the finding, but the next reader cannot tell why the finding is acceptable.',
  hint: 'Add ` -- ` and the reason after the rule ids.',
  example: '<!-- agentwire-disable-next-line inline-command -->',
});

/** The rules of suppression comments. */
export const SUPPRESSION_RULES: readonly Rule[] = [SUPPRESSION_UNUSED, SUPPRESSION_RULE_UNKNOWN, SUPPRESSION_REASON_MISSING];
