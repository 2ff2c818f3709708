/**
 * The service's skill model applied to a file's front matter: which fields it reads, how it
 * coerces them, the trigger it derives, and every check it runs, in the order it runs them (the
 * first failure decides whether the file or the whole folder is lost).
 * @module
 */
import { type Diagnostic, diagnostic, type Position, type Rule } from '../internal/diagnostic';
import { pythonSplit } from '../internal/python/text';
import { laxBool, pythonTypeName } from '../internal/python/types';
import type { YamlPath } from '../internal/yaml-source';
import type { Effect, Problem } from './problem';
import type { SkillFileRead } from './read-skill-file';
import {
  FRONTMATTER_IGNORED_KEY,
  FRONTMATTER_WRONG_TYPE,
  PATHS_OVERRIDE_TRIGGERS,
  SKILL_NAME_INVALID,
  SKILL_NAME_MISMATCH,
  WOULD_DROP_SKILL,
} from './rules';
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

function typed(data: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

/** Applies the service's model to a file's front matter. */
export function interpretFrontmatter(read: SkillFileRead, context: FieldContext): { fields: SkillFields; problems: Problem[] } {
  const { data, yaml, file } = read;
  const problems: Problem[] = [];
  const at = (path: YamlPath, part: 'value' | 'key' = 'value'): Position | undefined => yaml?.locate(path, part);
  const report = (rule: Rule, effect: Effect, message: string, position?: Position, hint?: string) => {
    const finding = hint === undefined ? { file, at: position, message } : { file, at: position, message, hint };
    problems.push({ diagnostic: diagnostic(rule, finding), effect });
  };
  const wrongType = (path: YamlPath, expected: string, value: unknown, effect: Effect = 'directory') => {
    const shown = path
      .map((step) => (typeof step === 'number' ? `[${step}]` : step))
      .join('.')
      .replace('.[', '[');
    const got = pythonTypeName(value);
    const yamlHint =
      typeof value === 'boolean' || typeof value === 'number' || value instanceof Date
        ? ` YAML reads this value as ${got === 'date' ? 'a date' : `a ${got}`}: quote it to keep it text.`
        : '';
    report(
      FRONTMATTER_WRONG_TYPE,
      effect,
      `\`${shown}\` must be ${expected}, not ${value === null || value === undefined ? 'empty' : `a ${got}`}.${yamlHint}`,
      at(path),
    );
  };

  const hasName = Object.hasOwn(data, 'name');
  const name = hasName && yaml ? yaml.pythonStr(['name']) : context.fallbackName;
  if (context.strict) checkName(name, hasName, context, report, at);

  for (const key of Object.keys(data)) {
    const meant = MEANT[key];
    if (meant) report(FRONTMATTER_IGNORED_KEY, 'none', `The service ignores \`${key}\`: ${meant}.`, at([key], 'key'));
    else if (key === 'mcp_tools' && context.format === 'agentskills') {
      report(
        FRONTMATTER_IGNORED_KEY,
        'none',
        'The service ignores `mcp_tools` in a SKILL.md: it reads tool servers from the folder\u2019s `.mcp.json`.',
        at([key], 'key'),
      );
    }
  }

  let mcpTools: Record<string, unknown> | undefined;
  if (context.format === 'legacy' && typed(data, 'mcp_tools') !== undefined && typed(data, 'mcp_tools') !== null) {
    const value = data.mcp_tools;
    if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
      report(
        WOULD_DROP_SKILL,
        'skill',
        `\`mcp_tools\` must be a mapping of tool servers, not a ${pythonTypeName(value)}.`,
        at(['mcp_tools']),
      );
    } else mcpTools = value as Record<string, unknown>;
  }

  // _create_skill_from_metadata: `.get('allowed-tools', .get('allowed_tools'))` takes the dashed key when present, even if empty.
  const allowedKey = Object.hasOwn(data, 'allowed-tools') ? 'allowed-tools' : 'allowed_tools';
  const disableKey = Object.hasOwn(data, 'disable-model-invocation') ? 'disable-model-invocation' : 'disable_model_invocation';

  const triggersValue = Object.hasOwn(data, 'triggers') ? data.triggers : [];
  let keywords: unknown[] = [];
  if (!Array.isArray(triggersValue)) {
    report(
      WOULD_DROP_SKILL,
      'skill',
      `\`triggers\` must be a list of keywords, not ${triggersValue === null ? 'empty' : `a ${pythonTypeName(triggersValue)}`}.`,
      at(['triggers']),
      'Write `triggers:` as a YAML list, for example `triggers: [deploy, release]`.',
    );
  } else keywords = [...triggersValue];

  const paths = parsePaths(data, yaml, report, at);
  const hasInputs = Object.hasOwn(data, 'inputs');
  let trigger: SkillTrigger | null = null;
  const inputs: SkillInput[] = [];
  if (paths) {
    const ignored = [keywords.length > 0 ? '`triggers`' : '', hasInputs ? '`inputs`' : ''].filter(Boolean).join(' and ');
    if (ignored)
      report(
        PATHS_OVERRIDE_TRIGGERS,
        'none',
        `\`paths\` makes this skill a path rule: the service ignores its ${ignored}.`,
        at(['paths'], 'key'),
      );
    trigger = { type: 'path', paths };
  } else if (hasInputs) {
    const slash = `/${name}`;
    if (!keywords.includes(slash)) keywords.push(slash);
    const raw = data.inputs;
    if (!Array.isArray(raw)) {
      report(
        WOULD_DROP_SKILL,
        'skill',
        `\`inputs\` must be a list of \`{name, description}\`, not ${raw === null ? 'empty' : `a ${pythonTypeName(raw)}`}.`,
        at(['inputs']),
      );
    } else {
      raw.forEach((item, index) => {
        const input = checkInput(item, index, wrongType);
        if (input) inputs.push(input);
      });
      checkKeywords(keywords, 'triggers', wrongType);
    }
    trigger = { type: 'task', triggers: keywords.filter((keyword): keyword is string => typeof keyword === 'string') };
  } else if (Array.isArray(triggersValue) && keywords.length > 0) {
    checkKeywords(keywords, 'triggers', wrongType);
    trigger = { type: 'keyword', keywords: keywords.filter((keyword): keyword is string => typeof keyword === 'string') };
  }

  const fields: SkillFields = { name, trigger, disableModelInvocation: false, inputs };
  if (mcpTools) fields.mcpTools = mcpTools;
  // Skill(...) validates its fields in declaration order: type errors are collected and raised
  // together at the end, while the metadata and allowed-tools validators raise at once (a
  // per-file failure that wins over the collected ones).
  const collected = problems.length;
  for (const key of ['description', 'license', 'compatibility'] as const) {
    const value = typed(data, key);
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') fields[key] = value;
    else wrongType([key], 'text', value);
  }
  const disable = typed(data, disableKey);
  if (disable !== undefined && disable !== null) {
    const flag = laxBool(disable);
    if (flag === undefined) wrongType([disableKey], 'a boolean', disable);
    else fields.disableModelInvocation = flag;
  }
  const deferred = problems.splice(collected);
  const metadata = typed(data, 'metadata');
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== 'object' || Array.isArray(metadata) || metadata instanceof Date) {
      report(WOULD_DROP_SKILL, 'skill', `\`metadata\` must be a mapping, not a ${pythonTypeName(metadata)}.`, at(['metadata']));
    } else {
      fields.metadata = Object.fromEntries(Object.keys(metadata).map((key) => [key, yaml ? yaml.pythonStr(['metadata', key]) : '']));
    }
  }
  const allowed = typed(data, allowedKey);
  if (allowed !== undefined && allowed !== null) {
    if (typeof allowed === 'string') fields.allowedTools = pythonSplit(allowed);
    else if (Array.isArray(allowed)) fields.allowedTools = allowed.map((_, index) => (yaml ? yaml.pythonStr([allowedKey, index]) : ''));
    else report(WOULD_DROP_SKILL, 'skill', `\`${allowedKey}\` must be text or a list, not a ${pythonTypeName(allowed)}.`, at([allowedKey]));
  }
  problems.push(...deferred);
  if (trigger?.type === 'path') fields.disableModelInvocation = true;
  return { fields, problems };
}

function checkName(
  name: string,
  hasName: boolean,
  context: FieldContext,
  report: (rule: Rule, effect: Effect, message: string, position?: Position, hint?: string) => void,
  at: (path: YamlPath) => Position | undefined,
): void {
  const where = hasName ? at(['name']) : undefined;
  const source = hasName ? `The name "${name}"` : `The folder name "${name}" (used because the front matter has no \`name\`)`;
  if (name === '') report(SKILL_NAME_INVALID, 'skill', 'The name is empty.', where);
  else if (name.length > 64)
    report(SKILL_NAME_INVALID, 'skill', `${source} is ${name.length} characters long; at most 64 are allowed.`, where);
  if (name !== '' && !NAME_PATTERN.test(name)) {
    report(SKILL_NAME_INVALID, 'skill', `${source} is not lowercase letters, digits and single hyphens.`, where);
  }
  if (context.directoryName && name !== context.directoryName && name !== '') {
    report(SKILL_NAME_MISMATCH, 'skill', `The name "${name}" differs from its folder "${context.directoryName}".`, where);
  }
}

function parsePaths(
  data: Record<string, unknown>,
  yaml: SkillFileRead['yaml'],
  report: (rule: Rule, effect: Effect, message: string, position?: Position, hint?: string) => void,
  at: (path: YamlPath) => Position | undefined,
): string[] | undefined {
  const value = typed(data, 'paths');
  if (value === undefined || value === null) return undefined;
  let items: string[];
  if (typeof value === 'string') items = value.split(',');
  else if (Array.isArray(value)) items = value.map((_, index) => (yaml ? yaml.pythonStr(['paths', index]) : ''));
  else {
    report(WOULD_DROP_SKILL, 'skill', `\`paths\` must be a list or comma-separated text, not a ${pythonTypeName(value)}.`, at(['paths']));
    return undefined;
  }
  const globs = items.map((item) => item.trim()).filter((item) => item !== '');
  return globs.length > 0 ? globs : undefined;
}

function checkInput(
  item: unknown,
  index: number,
  wrongType: (path: YamlPath, expected: string, value: unknown) => void,
): SkillInput | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item) || item instanceof Date) {
    wrongType(['inputs', index], 'a mapping with `name` and `description`', item);
    return undefined;
  }
  const record = item as Record<string, unknown>;
  let ok = true;
  for (const key of ['name', 'description'] as const) {
    if (typeof record[key] !== 'string') {
      wrongType(['inputs', index, key], 'text', record[key]);
      ok = false;
    }
  }
  return ok ? { name: record.name as string, description: record.description as string } : undefined;
}

function checkKeywords(keywords: unknown[], key: string, wrongType: (path: YamlPath, expected: string, value: unknown) => void): void {
  keywords.forEach((keyword, index) => {
    if (typeof keyword !== 'string') wrongType([key, index], 'text', keyword);
  });
}

/** Keeps the diagnostics of a list of problems. */
export function diagnosticsOf(problems: readonly Problem[]): Diagnostic[] {
  return problems.map((problem) => problem.diagnostic);
}
