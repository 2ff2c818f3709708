/**
 * The keys of rule settings: a rule code of the catalog, or `tag:` and a tag. A tag names the
 * profile that raised a diagnostic or the section of the rule reference its rule is documented
 * in, so `tag:claude-code` covers what the `claude-code` profile reports and `tag:hooks` every
 * hooks rule. An unknown key is refused with the closest known one.
 * @module
 */
import { suggest } from '../../internal/did-you-mean';
import { findRule, ruleAreas, ruleCatalog } from '../rule-catalog';
import { PROFILES } from '../types';

/** The prefix of a tag's key in rule settings. */
export const TAG_PREFIX = 'tag:';

/** Every tag, in documentation order: the profiles, then the sections of the rule reference. */
export function ruleTags(): string[] {
  return [...new Set<string>([...PROFILES, ...ruleAreas().map((area) => area.id)])];
}

/** The tags of a diagnostic: the profile that raised it, and the section its rule is documented in. */
export function tagsOf(code: string, profile: string | undefined): string[] {
  const area = findRule(code)?.area;
  return [...new Set([...(profile === undefined ? [] : [profile]), ...(area === undefined ? [] : [area])])];
}

/**
 * What is wrong with a key of rule settings, or `undefined` when it names a rule or a tag:
 * `unknown rule "x" (did you mean "y"?)`.
 */
export function ruleKeyProblem(key: string): string | undefined {
  if (key.startsWith(TAG_PREFIX)) {
    const tags = ruleTags();
    const tag = key.slice(TAG_PREFIX.length);
    if (tags.includes(tag)) return undefined;
    const close = suggest(tag, tags);
    return close === undefined
      ? `unknown tag "${tag}": use one of ${tags.join(', ')}`
      : `unknown tag "${tag}" (did you mean "${TAG_PREFIX}${close}"?)`;
  }
  if (findRule(key)) return undefined;
  const candidates = [...ruleCatalog().map((rule) => rule.code), ...ruleTags().map((tag) => `${TAG_PREFIX}${tag}`)];
  const close = suggest(key, candidates) ?? (ruleTags().includes(key) ? `${TAG_PREFIX}${key}` : undefined);
  return close === undefined ? `unknown rule "${key}": no rule has this code` : `unknown rule "${key}" (did you mean "${close}"?)`;
}
