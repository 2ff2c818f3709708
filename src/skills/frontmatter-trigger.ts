/**
 * The trigger the service's skill model derives from a file's front matter: a path rule from
 * `paths`, a task from `inputs`, keywords from `triggers`, with the checks it runs on each.
 * @module
 */
import { pythonTypeName } from '../internal/python/types';
import { at, type FieldState, report, typed, wrongType } from './frontmatter-state';
import { PATHS_OVERRIDE_TRIGGERS, WOULD_DROP_SKILL } from './rules';
import type { SkillInput } from './types';

/** The trigger the service derives: a path rule from `paths`, a task from `inputs`, keywords from `triggers`. */
export function readTrigger(state: FieldState): void {
  const { data } = state.read;
  const triggersValue = Object.hasOwn(data, 'triggers') ? data.triggers : [];
  if (!Array.isArray(triggersValue)) {
    report(
      state,
      WOULD_DROP_SKILL,
      'skill',
      `\`triggers\` must be a list of keywords, not ${triggersValue === null ? 'empty' : `a ${pythonTypeName(triggersValue)}`}.`,
      at(state, ['triggers']),
      'Write `triggers:` as a YAML list, for example `triggers: [deploy, release]`.',
    );
  } else state.keywords = [...triggersValue];
  const paths = readPaths(state);
  if (paths) readPathRule(state, paths);
  else if (Object.hasOwn(data, 'inputs')) readTask(state);
  else if (Array.isArray(triggersValue) && state.keywords.length > 0) {
    checkKeywords(state);
    state.fields.trigger = { type: 'keyword', keywords: stringsOf(state.keywords) };
  }
}

function stringsOf(keywords: unknown[]): string[] {
  return keywords.filter((keyword): keyword is string => typeof keyword === 'string');
}

/** `paths`, a list or comma-separated text; `undefined` when it holds no glob. */
function readPaths(state: FieldState): string[] | undefined {
  const { data, yaml } = state.read;
  const value = typed(data, 'paths');
  if (value === undefined || value === null) return undefined;
  let items: string[];
  if (typeof value === 'string') items = value.split(',');
  else if (Array.isArray(value)) items = value.map((_, index) => (yaml ? yaml.pythonStr(['paths', index]) : ''));
  else {
    report(
      state,
      WOULD_DROP_SKILL,
      'skill',
      `\`paths\` must be a list or comma-separated text, not a ${pythonTypeName(value)}.`,
      at(state, ['paths']),
    );
    return undefined;
  }
  const globs = items.map((item) => item.trim()).filter((item) => item !== '');
  return globs.length > 0 ? globs : undefined;
}

function readPathRule(state: FieldState, paths: string[]): void {
  const hasInputs = Object.hasOwn(state.read.data, 'inputs');
  const ignored = [state.keywords.length > 0 ? '`triggers`' : '', hasInputs ? '`inputs`' : ''].filter(Boolean).join(' and ');
  if (ignored)
    report(
      state,
      PATHS_OVERRIDE_TRIGGERS,
      'none',
      `\`paths\` makes this skill a path rule: the service ignores its ${ignored}.`,
      at(state, ['paths'], 'key'),
    );
  state.fields.trigger = { type: 'path', paths };
}

/** A task: its `inputs`, fired by its keywords and `/name`. */
function readTask(state: FieldState): void {
  const slash = `/${state.fields.name}`;
  if (!state.keywords.includes(slash)) state.keywords.push(slash);
  const raw = state.read.data.inputs;
  if (!Array.isArray(raw)) {
    report(
      state,
      WOULD_DROP_SKILL,
      'skill',
      `\`inputs\` must be a list of \`{name, description}\`, not ${raw === null ? 'empty' : `a ${pythonTypeName(raw)}`}.`,
      at(state, ['inputs']),
    );
  } else {
    raw.forEach((item, index) => {
      const input = checkInput(state, item, index);
      if (input) state.fields.inputs.push(input);
    });
    checkKeywords(state);
  }
  state.fields.trigger = { type: 'task', triggers: stringsOf(state.keywords) };
}

function checkInput(state: FieldState, item: unknown, index: number): SkillInput | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item) || item instanceof Date) {
    wrongType(state, ['inputs', index], 'a mapping with `name` and `description`', item);
    return undefined;
  }
  const record = item as Record<string, unknown>;
  let ok = true;
  for (const key of ['name', 'description'] as const) {
    if (typeof record[key] !== 'string') {
      wrongType(state, ['inputs', index, key], 'text', record[key]);
      ok = false;
    }
  }
  return ok ? { name: record.name as string, description: record.description as string } : undefined;
}

function checkKeywords(state: FieldState): void {
  state.keywords.forEach((keyword, index) => {
    if (typeof keyword !== 'string') wrongType(state, ['triggers', index], 'text', keyword);
  });
}
