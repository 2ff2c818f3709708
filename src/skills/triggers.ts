/**
 * Keyword triggers, matched exactly as the service matches them: case-insensitively, as whole
 * tokens where a token boundary is anything but an ASCII letter or digit. So `git` fires on
 * `git-lfs`, `my_git` and `/git`, and not on `github` or `digit`.
 * @module
 */
import type { Skill } from './types';

/** A skill a message brings in, and the keyword that did it (the first in the skill's list that matches). */
export interface TriggerMatch {
  skill: Skill;
  keyword: string;
}

/** `text` as a literal in a `u`-flag pattern (which allows a backslash before syntax characters and `/` only, not `-`). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether `keyword` appears in `text` as a whole token, by the service's rule. */
export function keywordMatches(keyword: string, text: string): boolean {
  const needle = keyword.toLowerCase();
  if (needle === '') return false;
  return new RegExp(`(?<![a-z0-9])${escapeRegExp(needle)}(?![a-z0-9])`, 'u').test(text.toLowerCase());
}

/** The keywords of a skill's keyword or task trigger (none for path rules and untriggered skills). */
export function triggerKeywords(skill: Pick<Skill, 'trigger'>): readonly string[] {
  if (skill.trigger?.type === 'keyword') return skill.trigger.keywords;
  if (skill.trigger?.type === 'task') return skill.trigger.triggers;
  return [];
}

/**
 * The skills a user message triggers, in the order given, each with the first of its keywords
 * that matches. `text` is the message's text parts joined with newlines, as the service joins them.
 * The service fires a skill once per conversation: pass `exclude` with the names already fired.
 */
export function matchTriggers(text: string, skills: Iterable<Skill>, exclude: Iterable<string> = []): TriggerMatch[] {
  const skip = new Set(exclude);
  const matches: TriggerMatch[] = [];
  for (const skill of skills) {
    if (skip.has(skill.name)) continue;
    const keyword = triggerKeywords(skill).find((candidate) => keywordMatches(candidate, text));
    if (keyword !== undefined) matches.push({ skill, keyword });
  }
  return matches;
}
