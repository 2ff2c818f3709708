/**
 * The Agent Skills name rules as the reference validator applies them: NFKC-normalized and
 * stripped, at most 64 characters, lowercase, letters of any script, digits and single inner
 * hyphens, equal to the folder name.
 * @module
 */

/** The longest name, in characters (code points). */
export const SKILL_NAME_MAX_LENGTH = 64;

import { pythonStrip } from '../../internal/python/text';

/** The name the validator compares: stripped, then NFKC-normalized. */
export function normalizeSkillName(name: string): string {
  return pythonStrip(name).normalize('NFKC');
}

// Python's str.isalnum(): letters (L*) and numbers (Nd, Nl, No); combining marks are neither.
const ALPHANUMERIC = /^[\p{L}\p{N}]$/u;

/** What is wrong with a name, as clauses a message can join (empty when nothing is). */
export function skillNameProblems(name: string): string[] {
  const normalized = normalizeSkillName(name);
  if (normalized === '') return ['is empty'];
  const chars = [...normalized];
  const problems: string[] = [];
  if (chars.length > SKILL_NAME_MAX_LENGTH) problems.push(`has ${chars.length} characters (at most ${SKILL_NAME_MAX_LENGTH})`);
  if (normalized !== normalized.toLowerCase()) problems.push('is not all lowercase');
  if (normalized.startsWith('-') || normalized.endsWith('-')) problems.push('starts or ends with "-"');
  if (normalized.includes('--')) problems.push('has "--"');
  const others = [...new Set(chars.filter((char) => char !== '-' && !ALPHANUMERIC.test(char)))];
  if (others.length > 0) {
    const shown = others.slice(0, 5).map((char) => JSON.stringify(char));
    problems.push(`has characters other than letters, digits and "-" (${shown.join(', ')}${others.length > 5 ? ', …' : ''})`);
  }
  return problems;
}

/** A lowercase, hyphenated name made from `name`, or undefined when nothing usable is left. */
export function suggestSkillName(name: string): string | undefined {
  const suggestion = normalizeSkillName(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...suggestion].slice(0, SKILL_NAME_MAX_LENGTH).join('').replace(/-+$/, '');
  return cut === '' || skillNameProblems(cut).length > 0 ? undefined : cut;
}
