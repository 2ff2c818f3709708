/**
 * A configuration's value checked: the schema, then every rule key against the rule catalog. The
 * first problem is thrown as a {@link ValidateConfigError} naming the file and the place in it.
 * @module
 */
import * as v from 'valibot';
import { suggest } from '../../internal/did-you-mean';
import { ValidateConfigError } from './config-error';
import { ruleKeyProblem } from './rule-keys';
import { type RuleSettings, type ValidateConfig, ValidateConfigSchema } from './schema';

const TOP_KEYS = ['$schema', 'profiles', 'preset', 'service', 'rules', 'ignore', 'overrides'];
const OVERRIDE_KEYS = ['files', 'rules'];

/** A place in the configuration, as JavaScript would write it: `rules["hooks-invalid"]`, `overrides[0].files`. */
export function placeText(keys: readonly (string | number)[]): string {
  let text = '';
  for (const key of keys) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) text += text === '' ? key : `.${key}`;
    else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}

function located(where: string, keys: readonly (string | number)[], problem: string): string {
  const place = placeText(keys);
  return place === '' ? `${where}: ${problem}` : `${where}: ${place}: ${problem}`;
}

function issueKeys(issue: v.BaseIssue<unknown>): (string | number)[] {
  return (issue.path ?? []).map((item) => item.key as string | number);
}

function describeIssue(issue: v.BaseIssue<unknown>, keys: (string | number)[]): { keys: (string | number)[]; problem: string } {
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    // An unknown key: its path ends with the key itself.
    const key = String(keys.at(-1));
    const parent = keys.slice(0, -1);
    const known = parent.length === 0 ? TOP_KEYS : OVERRIDE_KEYS;
    const close = suggest(key, known);
    const problem = `unknown key "${key}"${close === undefined ? `: use ${known.join(', ')}` : ` (did you mean "${close}"?)`}`;
    return { keys: parent, problem };
  }
  if (issue.type === 'picklist') {
    // Valibot writes the options as `("a" | "b")`.
    const options = (issue.expected ?? '')
      .replace(/^\(|\)$/g, '')
      .split(' | ')
      .map((option) => String(JSON.parse(option)));
    const close = typeof issue.input === 'string' ? suggest(issue.input, options) : undefined;
    const choices = options.map((option) => JSON.stringify(option)).join(', ');
    return { keys, problem: `${issue.received} is not one of ${choices}${close === undefined ? '' : ` (did you mean "${close}"?)`}` };
  }
  if (issue.type === 'min_length') return { keys, problem: issue.message };
  return { keys, problem: `expected ${issue.expected === 'Object' ? 'an object' : issue.expected}, not ${issue.received}` };
}

function checkRules(where: string, file: string | undefined, keys: (string | number)[], rules: RuleSettings | undefined): void {
  for (const key of Object.keys(rules ?? {})) {
    const problem = ruleKeyProblem(key);
    if (problem !== undefined) throw new ValidateConfigError(located(where, [...keys, key], problem), file);
  }
}

/**
 * The configuration in `value`, checked: a JSON object by the schema, with every rule key a rule
 * code or a tag. `where` names it in messages (the file as shown to the user, or the option);
 * `file` is the file it was read from, if any.
 * @throws {ValidateConfigError} at the first problem.
 */
export function checkConfig(value: unknown, where: string, file?: string): ValidateConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidateConfigError(`${where}: the configuration must be a JSON object`, file);
  }
  const result = v.safeParse(ValidateConfigSchema, value);
  if (!result.success) {
    const first = result.issues[0];
    const { keys, problem } = describeIssue(first, issueKeys(first));
    throw new ValidateConfigError(located(where, keys, problem), file);
  }
  const config = result.output as ValidateConfig;
  checkRules(where, file, ['rules'], config.rules);
  for (const [index, override] of (config.overrides ?? []).entries()) {
    checkRules(where, file, ['overrides', index, 'rules'], override.rules);
  }
  return config;
}
