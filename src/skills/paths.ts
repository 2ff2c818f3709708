/**
 * Path rules: the service's gitignore-style globs over workspace-relative POSIX paths.
 * `**` spans folders, `*` and `?` stay within one, a pattern without `/` matches the file name at
 * any depth, and matching is case-sensitive.
 * @module
 */
import type { Skill } from './types';

/** A rule a path brings in, and the glob that matched. */
export interface PathMatch {
  skill: Skill;
  pattern: string;
}

const TOKENS = /\*\*\/|\*\*|\*|\?|[^*?]+/g;
const TO_REGEXP: Record<string, string> = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' };
const cache = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let compiled = cache.get(pattern);
  if (!compiled) {
    const anchored = pattern.includes('/') ? pattern : `**/${pattern}`;
    const body = (anchored.match(TOKENS) ?? []).map((token) => TO_REGEXP[token] ?? token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('');
    compiled = new RegExp(`^(?:${body})$`, 's');
    if (cache.size > 512) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

/** Whether a workspace-relative POSIX path matches a glob, by the service's rules. */
export function matchesPathGlob(path: string, pattern: string): boolean {
  return pattern !== '' && compile(pattern).test(path);
}

/** The path rules a touched file brings in, each with the first of its globs that matches. */
export function matchPaths(path: string, rules: Iterable<Skill>): PathMatch[] {
  const matches: PathMatch[] = [];
  for (const skill of rules) {
    if (skill.trigger?.type !== 'path') continue;
    const pattern = skill.trigger.paths.find((candidate) => matchesPathGlob(path, candidate));
    if (pattern !== undefined) matches.push({ skill, pattern });
  }
  return matches;
}
