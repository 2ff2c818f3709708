/**
 * One hook of a hooks file (`{type, command, prompt, …}`), checked field by field as the
 * service's model checks it, with its defaults filled in.
 * @module
 */

import {
  checkJsonType,
  type JsonCheckContext,
  type JsonType,
  type LaxResult,
  readLaxBool,
  readLaxInt,
  report,
} from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import { checkHookCommand } from './hook-command';
import {
  HOOKS_FIELD_UNUSED,
  HOOKS_FORBIDDEN_FIELD,
  HOOKS_LIMIT_NOT_POSITIVE,
  HOOKS_MISSING_FIELD,
  HOOKS_UNKNOWN_HOOK_TYPE,
  HOOKS_UNKNOWN_KEY,
  HOOKS_VALUE_COERCED,
  HOOKS_WRONG_TYPE,
} from './hook-rules';

/** What runs a hook: a shell command, one model completion, or a small agent. */
export type HookType = 'command' | 'prompt' | 'agent';

/** One hook, with the service's defaults filled in. */
export interface HookDefinition {
  /** `"command"` when not given. */
  type: HookType;
  name: string | null;
  /** The shell command of a command hook; `""` for prompt and agent hooks. */
  command: string;
  prompt: string | null;
  system_prompt: string | null;
  /** The tools an agent hook may use (`[]` when not given). */
  tools: string[];
  /** Seconds; 60 when not given. */
  timeout: number;
  /** Steps an agent hook may take; 3 when not given. */
  max_iterations: number;
  /** Whether a command hook runs in the background; false when not given. */
  async: boolean;
}

/** The consequence every fatal finding in a hooks file shares. */
export const DROPS_WHOLE_FILE = 'the service drops the whole hooks file.';

const UNUSED: Readonly<Record<HookType, readonly string[]>> = {
  command: ['prompt', 'system_prompt', 'tools', 'max_iterations'],
  prompt: ['system_prompt', 'tools', 'max_iterations'],
  agent: ['prompt'],
};

/** Checks one hook; `undefined` when it makes the service drop the file. */
export function checkHookDefinition(context: JsonCheckContext, path: JsonPath, value: unknown): HookDefinition | undefined {
  if (!expect(context, path, value, ['object'])) return undefined;
  const written = value as Record<string, unknown>;
  const hook: HookDefinition = {
    type: 'command',
    name: null,
    command: '',
    prompt: null,
    system_prompt: null,
    tools: [],
    timeout: 60,
    max_iterations: 3,
    async: false,
  };
  let valid = true;
  for (const key of Object.keys(written)) {
    const at = [...path, key];
    const field = written[key];
    if (key === 'type') {
      if (field === 'command' || field === 'prompt' || field === 'agent') hook.type = field;
      else valid = reportType(context, at, field);
    } else if (key === 'name' || key === 'prompt' || key === 'system_prompt') {
      if (expect(context, at, field, ['string', 'null'])) hook[key] = field as string | null;
      else valid = false;
    } else if (key === 'command') {
      if (expect(context, at, field, ['string'])) hook.command = field as string;
      else valid = false;
    } else if (key === 'tools') {
      const tools = readTools(context, at, field);
      if (tools) hook.tools = tools;
      else valid = false;
    } else if (key === 'timeout' || key === 'max_iterations') {
      const number = readLax(context, at, field, readLaxInt(field), 'an integer');
      if (number === undefined) valid = false;
      else hook[key] = number;
    } else if (key === 'async' || key === 'async_') {
      if (key === 'async_' && Object.hasOwn(written, 'async')) {
        report(context, HOOKS_UNKNOWN_KEY, at, 'key', 'The service ignores "async_" because "async" is also given.');
        continue;
      }
      const flag = readLax(context, at, field, readLaxBool(field), 'a boolean');
      if (flag === undefined) valid = false;
      else hook.async = flag;
    } else {
      report(context, HOOKS_UNKNOWN_KEY, at, 'key', `The service ignores the hook key "${key}".`);
    }
  }
  if (!valid || !checkTypeRules(context, path, written, hook)) return undefined;
  reportUnused(context, path, written, hook.type);
  reportLimits(context, path, written, hook);
  if (hook.type === 'command') checkHookCommand(context, [...path, 'command'], hook.command);
  return hook;
}

function expect(context: JsonCheckContext, path: JsonPath, value: unknown, types: readonly JsonType[]): boolean {
  return checkJsonType(context, HOOKS_WRONG_TYPE, path, value, types, DROPS_WHOLE_FILE);
}

function reportType(context: JsonCheckContext, path: JsonPath, field: unknown): false {
  const lower = typeof field === 'string' ? field.toLowerCase() : undefined;
  const hint =
    lower === 'command' || lower === 'prompt' || lower === 'agent'
      ? `Write it in lowercase: "${lower}".`
      : 'Use "command", "prompt" or "agent"; other hook types (such as Claude Code\'s "http") have no equivalent in the service.';
  const shown = typeof field === 'string' ? `"${field}"` : JSON.stringify(field);
  report(context, HOOKS_UNKNOWN_HOOK_TYPE, path, 'value', `The hook type ${shown} is not command, prompt or agent; ${DROPS_WHOLE_FILE}`, {
    hint,
  });
  return false;
}

function readTools(context: JsonCheckContext, path: JsonPath, value: unknown): string[] | undefined {
  if (!expect(context, path, value, ['array'])) return undefined;
  let valid = true;
  (value as unknown[]).forEach((tool, index) => {
    if (!expect(context, [...path, index], tool, ['string'])) valid = false;
  });
  return valid ? [...(value as string[])] : undefined;
}

function readLax<T>(context: JsonCheckContext, path: JsonPath, field: unknown, result: LaxResult<T>, what: string): T | undefined {
  if (!result.ok) {
    report(context, HOOKS_WRONG_TYPE, path, 'value', `${String(path[path.length - 1])} must be ${what}; ${DROPS_WHOLE_FILE}`);
    return undefined;
  }
  if (result.coerced) {
    report(
      context,
      HOOKS_VALUE_COERCED,
      path,
      'value',
      `The service reads ${JSON.stringify(field)} as ${String(result.value)}; other readers of hooks files refuse it.`,
      {
        hint: `Write ${String(result.value)}.`,
      },
    );
  }
  return result.value;
}

/** The service's per-type rules; false when one fails. */
function checkTypeRules(context: JsonCheckContext, path: JsonPath, written: Record<string, unknown>, hook: HookDefinition): boolean {
  let valid = true;
  const fail = (rule: typeof HOOKS_MISSING_FIELD, key: string, message: string, hint?: string) => {
    const present = Object.hasOwn(written, key);
    report(
      context,
      rule,
      present ? [...path, key] : path,
      present ? 'key' : 'value',
      `${message}; ${DROPS_WHOLE_FILE}`,
      hint ? { hint } : {},
    );
    valid = false;
  };
  if (hook.type === 'command' && hook.command === '') fail(HOOKS_MISSING_FIELD, 'command', 'A command hook needs a non-empty "command"');
  if (hook.type === 'prompt' && !hook.prompt) fail(HOOKS_MISSING_FIELD, 'prompt', 'A prompt hook needs a non-empty "prompt"');
  if (hook.type !== 'command' && hook.command !== '') {
    const hint =
      hook.type === 'agent'
        ? 'Remove "command"; describe the agent\'s task in "system_prompt".'
        : 'Remove "command", or make it a command hook.';
    fail(HOOKS_FORBIDDEN_FIELD, 'command', `A ${hook.type} hook may not have a "command"`, hint);
  }
  if (hook.type !== 'command' && hook.async) {
    const key = Object.hasOwn(written, 'async') ? 'async' : 'async_';
    fail(HOOKS_FORBIDDEN_FIELD, key, `A ${hook.type} hook cannot run asynchronously ("${key}": true)`, `Remove "${key}".`);
  }
  return valid;
}

function reportUnused(context: JsonCheckContext, path: JsonPath, written: Record<string, unknown>, type: HookType): void {
  for (const key of UNUSED[type]) {
    if (!Object.hasOwn(written, key)) continue;
    const field = written[key];
    if (field === null || (Array.isArray(field) && field.length === 0)) continue;
    report(context, HOOKS_FIELD_UNUSED, [...path, key], 'key', `"${key}" does nothing for a ${type} hook; the service never uses it.`);
  }
}

function reportLimits(context: JsonCheckContext, path: JsonPath, written: Record<string, unknown>, hook: HookDefinition): void {
  if (Object.hasOwn(written, 'timeout') && hook.timeout <= 0) {
    report(
      context,
      HOOKS_LIMIT_NOT_POSITIVE,
      [...path, 'timeout'],
      'value',
      `A timeout of ${hook.timeout} seconds stops the hook before it can run.`,
    );
  }
  if (hook.type === 'agent' && Object.hasOwn(written, 'max_iterations') && hook.max_iterations < 1) {
    report(
      context,
      HOOKS_LIMIT_NOT_POSITIVE,
      [...path, 'max_iterations'],
      'value',
      `max_iterations ${hook.max_iterations} leaves the agent hook no step to decide in.`,
    );
  }
}
