/**
 * Where a rule is documented: its area's page under docs/validate/rules/, at the anchor of its
 * heading. `agentwire rules <code>` prints it; the generated pages link by it.
 * @module
 */

/** The folder of the generated rule pages, from the repository root. */
export const RULE_PAGES = 'docs/validate/rules';

/** The anchor GitHub gives a heading: lowercase, punctuation but `-` and `_` removed, spaces as `-`. */
export function headingSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The page of a rule area, relative to {@link RULE_PAGES}. */
export const areaPage = (area: string) => `${area}.md`;

/** Where the rule is documented, from the repository root: `docs/validate/rules/skills.md#skill-name-invalid`. */
export const ruleDocPath = (rule: { code: string; area: string }) => `${RULE_PAGES}/${areaPage(rule.area)}#${headingSlug(rule.code)}`;
