/**
 * One file's front matter while the skill model reads it: what the model needs, what it has found,
 * and how a check reports a problem. Shared by `frontmatter-fields.ts` and `frontmatter-trigger.ts`.
 * @module
 */
import { diagnostic, type Position } from '../internal/diagnostic';
import type { SkillFileRead } from '../internal/node/read-skill-file';
import type { Effect, Problem } from '../internal/problem';
import { pythonTypeName } from '../internal/python/types';
import type { Rule } from '../internal/rule';
import type { YamlPath } from '../internal/yaml-source';
import { FRONTMATTER_WRONG_TYPE } from './rules';
import type { SkillInput, SkillTrigger } from './types';

/** What the model needs besides the file. */
export interface FieldContext {
  format: 'agentskills' | 'legacy';
  /** The name when the front matter gives none: the folder (SKILL.md) or the path without `.md` (legacy). */
  fallbackName: string;
  /** For SKILL.md: the folder name, which a strict load requires the name to equal. */
  directoryName?: string;
  /** Whether the Agent Skills name rules apply (SKILL.md outside plugins). */
  strict: boolean;
}

/** The fields of a skill as the service would build it (even when a check fails: see the problems). */
export interface SkillFields {
  name: string;
  trigger: SkillTrigger | null;
  description?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  allowedTools?: string[];
  disableModelInvocation: boolean;
  inputs: SkillInput[];
  /** `mcp_tools` of a legacy file. */
  mcpTools?: Record<string, unknown>;
}

/**
 * One file's front matter while the model reads it: the fields found so far and the problems in
 * the order the service meets them. `Skill(...)` collects its fields' type errors and raises them
 * after its validators have run (the metadata and allowed-tools validators raise at once, a failure
 * that wins over the collected ones), so those go to `typeErrors`, which follow `problems`.
 */
export interface FieldState {
  readonly read: SkillFileRead;
  readonly context: FieldContext;
  readonly fields: SkillFields;
  readonly problems: Problem[];
  readonly typeErrors: Problem[];
  /** The keywords of `triggers` (a copy), plus `/name` for a task. */
  keywords: unknown[];
}

export function typed(data: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

export function at(state: FieldState, path: YamlPath, part: 'value' | 'key' = 'value'): Position | undefined {
  return state.read.yaml?.locate(path, part);
}

export function report(state: FieldState, rule: Rule, effect: Effect, message: string, position?: Position, hint?: string): void {
  const { file } = state.read;
  const finding = hint === undefined ? { file, at: position, message } : { file, at: position, message, hint };
  state.problems.push({ diagnostic: diagnostic(rule, finding), effect });
}

/** A value of the wrong type; `typeError` when `Skill(...)` collects it with its other type errors. */
export function wrongType(state: FieldState, path: YamlPath, expected: string, value: unknown, typeError = false): void {
  const shown = path
    .map((step) => (typeof step === 'number' ? `[${step}]` : step))
    .join('.')
    .replace('.[', '[');
  const got = pythonTypeName(value);
  const yamlHint =
    typeof value === 'boolean' || typeof value === 'number' || value instanceof Date
      ? ` YAML reads this value as ${got === 'date' ? 'a date' : `a ${got}`}: quote it to keep it text.`
      : '';
  const message = `\`${shown}\` must be ${expected}, not ${value === null || value === undefined ? 'empty' : `a ${got}`}.${yamlHint}`;
  const problem: Problem = {
    diagnostic: diagnostic(FRONTMATTER_WRONG_TYPE, { file: state.read.file, at: at(state, path), message }),
    effect: 'directory',
  };
  (typeError ? state.typeErrors : state.problems).push(problem);
}
