/**
 * The service's skill model applied to a file's front matter: which fields it reads, how it
 * coerces them, the trigger it derives, and every check it runs, in the order it runs them (the
 * first failure decides whether the file or the whole folder is lost).
 * @module
 */
import type { Diagnostic } from '../internal/diagnostic';
import type { SkillFileRead } from '../internal/node/read-skill-file';
import type { Problem } from '../internal/problem';
import { pythonSplit } from '../internal/python/text';
import { laxBool, pythonTypeName } from '../internal/python/types';
import { at, type FieldContext, type FieldState, report, type SkillFields, typed, wrongType } from './frontmatter-state';
import { readTrigger } from './frontmatter-trigger';
import { FRONTMATTER_IGNORED_KEY, SKILL_NAME_INVALID, SKILL_NAME_MISMATCH, WOULD_DROP_SKILL } from './rules';

const NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Keys the service ignores that authors clearly meant as something it reads. */
const MEANT: Record<string, string> = {
  trigger: 'the service reads `triggers` (a list)',
  keywords: 'the service reads `triggers` (a list)',
  version: 'the service fixes every skill\u2019s version at 1.0.0',
  type: 'the service derives the kind of skill from `paths`, `inputs` and `triggers`',
  agent: 'the service ignores it',
  globs: 'the service reads `paths` for path rules',
  applyTo: 'the service reads `paths` for path rules',
  alwaysApply: 'a legacy file without `triggers` is always in context; a SKILL.md is listed on demand',
  input: 'the service reads `inputs` (a list of `{name, description}`)',
  path: 'the service reads `paths` (a list or comma-separated text)',
};

/** Applies the service's model to a file's front matter. */
export function interpretFrontmatter(read: SkillFileRead, context: FieldContext): { fields: SkillFields; problems: Problem[] } {
  const hasName = Object.hasOwn(read.data, 'name');
  const name = hasName && read.yaml ? read.yaml.pythonStr(['name']) : context.fallbackName;
  const fields: SkillFields = { name, trigger: null, disableModelInvocation: false, inputs: [] };
  const state: FieldState = { read, context, fields, problems: [], typeErrors: [], keywords: [] };
  if (context.strict) checkName(state, hasName);
  reportIgnoredKeys(state);
  readMcpTools(state);
  readTrigger(state);
  readTexts(state);
  readDisableModelInvocation(state);
  readMetadata(state);
  readAllowedTools(state);
  if (fields.trigger?.type === 'path') fields.disableModelInvocation = true;
  return { fields, problems: [...state.problems, ...state.typeErrors] };
}

function checkName(state: FieldState, hasName: boolean): void {
  const { name } = state.fields;
  const { directoryName } = state.context;
  const where = hasName ? at(state, ['name']) : undefined;
  const source = hasName ? `The name "${name}"` : `The folder name "${name}" (used because the front matter has no \`name\`)`;
  if (name === '') report(state, SKILL_NAME_INVALID, 'skill', 'The name is empty.', where);
  else if (name.length > 64)
    report(state, SKILL_NAME_INVALID, 'skill', `${source} is ${name.length} characters long; at most 64 are allowed.`, where);
  if (name !== '' && !NAME_PATTERN.test(name)) {
    report(state, SKILL_NAME_INVALID, 'skill', `${source} is not lowercase letters, digits and single hyphens.`, where);
  }
  if (directoryName && name !== directoryName && name !== '') {
    report(state, SKILL_NAME_MISMATCH, 'skill', `The name "${name}" differs from its folder "${directoryName}".`, where);
  }
}

/** Keys the service ignores that the author clearly meant as something it reads. */
function reportIgnoredKeys(state: FieldState): void {
  for (const key of Object.keys(state.read.data)) {
    const meant = MEANT[key];
    if (meant) report(state, FRONTMATTER_IGNORED_KEY, 'none', `The service ignores \`${key}\`: ${meant}.`, at(state, [key], 'key'));
    else if (key === 'mcp_tools' && state.context.format === 'agentskills') {
      report(
        state,
        FRONTMATTER_IGNORED_KEY,
        'none',
        'The service ignores `mcp_tools` in a SKILL.md: it reads tool servers from the folder\u2019s `.mcp.json`.',
        at(state, [key], 'key'),
      );
    }
  }
}

/** `mcp_tools` of a legacy file. */
function readMcpTools(state: FieldState): void {
  const value = typed(state.read.data, 'mcp_tools');
  if (state.context.format !== 'legacy' || value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
    report(
      state,
      WOULD_DROP_SKILL,
      'skill',
      `\`mcp_tools\` must be a mapping of tool servers, not a ${pythonTypeName(value)}.`,
      at(state, ['mcp_tools']),
    );
  } else state.fields.mcpTools = value as Record<string, unknown>;
}

/** `description`, `license` and `compatibility`: text, or a type error collected by `Skill(...)`. */
function readTexts(state: FieldState): void {
  for (const key of ['description', 'license', 'compatibility'] as const) {
    const value = typed(state.read.data, key);
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') state.fields[key] = value;
    else wrongType(state, [key], 'text', value, true);
  }
}

function readDisableModelInvocation(state: FieldState): void {
  const { data } = state.read;
  const key = Object.hasOwn(data, 'disable-model-invocation') ? 'disable-model-invocation' : 'disable_model_invocation';
  const disable = typed(data, key);
  if (disable === undefined || disable === null) return;
  const flag = laxBool(disable);
  if (flag === undefined) wrongType(state, [key], 'a boolean', disable, true);
  else state.fields.disableModelInvocation = flag;
}

/** `metadata`: a mapping whose values the service turns into text. */
function readMetadata(state: FieldState): void {
  const { data, yaml } = state.read;
  const metadata = typed(data, 'metadata');
  if (metadata === undefined || metadata === null) return;
  if (typeof metadata !== 'object' || Array.isArray(metadata) || metadata instanceof Date) {
    report(state, WOULD_DROP_SKILL, 'skill', `\`metadata\` must be a mapping, not a ${pythonTypeName(metadata)}.`, at(state, ['metadata']));
  } else {
    state.fields.metadata = Object.fromEntries(Object.keys(metadata).map((key) => [key, yaml ? yaml.pythonStr(['metadata', key]) : '']));
  }
}

/** `allowed-tools`: `.get('allowed-tools', .get('allowed_tools'))` takes the dashed key when present, even if empty. */
function readAllowedTools(state: FieldState): void {
  const { data, yaml } = state.read;
  const key = Object.hasOwn(data, 'allowed-tools') ? 'allowed-tools' : 'allowed_tools';
  const allowed = typed(data, key);
  if (allowed === undefined || allowed === null) return;
  if (typeof allowed === 'string') state.fields.allowedTools = pythonSplit(allowed);
  else if (Array.isArray(allowed)) state.fields.allowedTools = allowed.map((_, index) => (yaml ? yaml.pythonStr([key, index]) : ''));
  else report(state, WOULD_DROP_SKILL, 'skill', `\`${key}\` must be text or a list, not a ${pythonTypeName(allowed)}.`, at(state, [key]));
}

/** Keeps the diagnostics of a list of problems. */
export function diagnosticsOf(problems: readonly Problem[]): Diagnostic[] {
  return problems.map((problem) => problem.diagnostic);
}
