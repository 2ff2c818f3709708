/**
 * `hooks/hooks.json`: the hook configuration of a plugin (and of `.openhands/hooks.json`), read as
 * the service reads it. The service validates the file as a whole: one unknown event or one bad
 * hook and it loads none of the file's hooks.
 * @module
 */

import { compareDiagnostics } from '../../internal/diagnostic';
import { checkJsonType, hasOwn, isJsonObject, type JsonCheckContext, readJsonObject, report } from '../../internal/json-checks';
import { requireText } from '../../internal/json-document';
import type { JsonPath } from '../../internal/python/json';
import type { ParseResult } from '../../internal/result';
import { checkHookDefinition, DROPS_WHOLE_FILE, type HookDefinition } from './hook-definition';
import { checkHookMatcher } from './hook-matcher-checks';
import {
  HOOKS_DUPLICATE_EVENT,
  HOOKS_EMPTY,
  HOOKS_NOT_OBJECT,
  HOOKS_UNKNOWN_EVENT,
  HOOKS_UNKNOWN_KEY,
  HOOKS_WRAPPER_EXTRA_KEY,
  HOOKS_WRONG_TYPE,
} from './hook-rules';

/** The events the service runs hooks for, in their PascalCase spelling. */
export type HookEvent = 'PreToolUse' | 'PostToolUse' | 'UserPromptSubmit' | 'SessionStart' | 'SessionEnd' | 'Stop';

/** The six events, in order. */
export const HOOK_EVENTS: readonly HookEvent[] = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'SessionEnd', 'Stop'];

/** A list of hooks and the tool names they fire for. */
export interface HookMatcher {
  /** `"*"` when not given; see `matchHook`. */
  matcher: string;
  hooks: HookDefinition[];
}

/** A hooks file as the service loads it: every event present (empty when the file has none), under its snake_case name. */
export interface HooksConfig {
  pre_tool_use: HookMatcher[];
  post_tool_use: HookMatcher[];
  user_prompt_submit: HookMatcher[];
  session_start: HookMatcher[];
  session_end: HookMatcher[];
  stop: HookMatcher[];
}

/** Options of {@link parseHooksConfig}. */
export interface ParseHooksConfigOptions {
  /** The file name diagnostics carry, such as `my-plugin/hooks/hooks.json`. */
  file: string;
}

/** The snake_case field of an event (`PreToolUse` → `pre_tool_use`), as the service converts keys. */
export function hookEventField(key: string): string {
  return key.replace(/(?<!^)(?=[A-Z])/g, '_').toLowerCase();
}

const FIELDS = /* @__PURE__ */ new Map<string, HookEvent>(/* @__PURE__ */ HOOK_EVENTS.map((event) => [hookEventField(event), event]));

interface EventEntry {
  key: string;
  field: string;
  /** Why the service refuses the key, if it does. */
  problem?: 'unknown' | 'duplicate';
  firstKey?: string;
}

/**
 * Parses a hooks file in either shape, `{"hooks": {Event: [...]}}` or `{Event: [...]}`, with
 * PascalCase or snake_case event keys. Anything the service refuses (an unknown event, both
 * spellings of one event, a bad hook) makes it drop the whole file: `ok: false`, with the error
 * where it is. A byte-order mark is refused, as the service reads the file as plain UTF-8.
 */
export function parseHooksConfig(json: string, options: ParseHooksConfigOptions): ParseResult<HooksConfig> {
  if (typeof options?.file !== 'string') throw new TypeError('parseHooksConfig: options.file must be a string');
  requireText(json, 'parseHooksConfig');
  const read = readJsonObject(
    json,
    options.file,
    'refuse',
    HOOKS_NOT_OBJECT,
    (type) => `The hooks file holds ${type}, not an object; ${DROPS_WHOLE_FILE}`,
  );
  if (!read.ok) return read;
  const { context, root } = read;
  let base: JsonPath = [];
  let events: unknown = root;
  if (hasOwn(root, 'hooks')) {
    for (const key of Object.keys(root)) {
      if (key !== 'hooks')
        report(context, HOOKS_WRAPPER_EXTRA_KEY, [key], 'key', `The service reads only "hooks" here and ignores "${key}".`);
    }
    base = ['hooks'];
    events = root.hooks;
    if (!checkJsonType(context, HOOKS_WRONG_TYPE, base, events, ['object'], DROPS_WHOLE_FILE)) return done(context, undefined);
  }
  const eventObject = events as Record<string, unknown>;
  const entries = classifyEvents(Object.keys(eventObject));
  for (const entry of entries) if (entry.problem) reportEvent(context, base, eventObject, entries, entry);
  const config: HooksConfig = { pre_tool_use: [], post_tool_use: [], user_prompt_submit: [], session_start: [], session_end: [], stop: [] };
  let valid = entries.every((entry) => !entry.problem);
  for (const entry of entries) {
    if (entry.problem) continue;
    const matchers = checkMatchers(context, [...base, entry.key], eventObject[entry.key], entry.field);
    if (matchers) config[entry.field as keyof HooksConfig] = matchers;
    else valid = false;
  }
  return done(context, valid ? config : undefined);
}

function done(context: JsonCheckContext, config: HooksConfig | undefined): ParseResult<HooksConfig> {
  if (config && Object.values(config).every((matchers: HookMatcher[]) => matchers.every((matcher) => matcher.hooks.length === 0))) {
    report(context, HOOKS_EMPTY, [], 'value', 'The file declares no hooks; the service loads it as an empty hook configuration.');
  }
  context.diagnostics.sort(compareDiagnostics);
  return config ? { ok: true, value: config, diagnostics: context.diagnostics } : { ok: false, diagnostics: context.diagnostics };
}

function classifyEvents(keys: readonly string[]): EventEntry[] {
  const firstKeys = new Map<string, string>();
  return keys.map((key) => {
    const field = hookEventField(key);
    const entry: EventEntry = { key, field };
    if (!FIELDS.has(field)) entry.problem = 'unknown';
    else if (firstKeys.has(field)) {
      entry.problem = 'duplicate';
      entry.firstKey = firstKeys.get(field) as string;
    } else firstKeys.set(field, key);
    return entry;
  });
}

function reportEvent(
  context: JsonCheckContext,
  base: JsonPath,
  events: Record<string, unknown>,
  entries: readonly EventEntry[],
  entry: EventEntry,
): void {
  const lost = describeLostHooks(events, entries, entry.key);
  if (entry.problem === 'duplicate') {
    const first = entry.firstKey as string;
    report(
      context,
      HOOKS_DUPLICATE_EVENT,
      [...base, entry.key],
      'key',
      `"${entry.key}" and "${first}" name the same event; the service refuses both spellings in one file and drops the whole hooks file, ${lost}.`,
      {
        hint: `Merge the two lists under "${FIELDS.get(entry.field)}".`,
        related: [{ file: context.file, ...context.source.locate([...base, first], 'key'), message: `"${first}" is here.` }],
      },
    );
    return;
  }
  const near = [...FIELDS.values()].find((event) => event.toLowerCase() === entry.key.replaceAll('_', '').toLowerCase());
  report(
    context,
    HOOKS_UNKNOWN_EVENT,
    [...base, entry.key],
    'key',
    `The service does not support the hook event "${entry.key}" and drops the whole hooks file, ${lost}.`,
    near ? { hint: `Write "${near}".` } : {},
  );
}

/** `so the other hooks in it are lost too: PreToolUse (1 hook: "lint.sh")`, or that there are none. */
function describeLostHooks(events: Record<string, unknown>, entries: readonly EventEntry[], except: string): string {
  const parts: string[] = [];
  for (const entry of entries) {
    if (entry.key === except || entry.problem === 'unknown') continue;
    const labels = hookLabels(events[entry.key]);
    if (labels.length === 0) continue;
    const shown = labels.slice(0, 3).map((label) => JSON.stringify(label.length > 40 ? `${label.slice(0, 39)}…` : label));
    const more = labels.length > 3 ? ', …' : '';
    parts.push(`${entry.key} (${labels.length} hook${labels.length === 1 ? '' : 's'}: ${shown.join(', ')}${more})`);
  }
  return parts.length === 0 ? 'which holds no other hooks' : `so the other hooks in it are lost too: ${parts.join('; ')}`;
}

/** How the service names each hook of an event in its logs: the command, else `<type>-hook:<name>`. */
function hookLabels(matchers: unknown): string[] {
  if (!Array.isArray(matchers)) return [];
  const labels: string[] = [];
  for (const matcher of matchers) {
    const hooks = isJsonObject(matcher) ? matcher.hooks : undefined;
    if (!Array.isArray(hooks)) continue;
    for (const hook of hooks) {
      if (!isJsonObject(hook)) continue;
      const type = typeof hook.type === 'string' ? hook.type : 'command';
      if (typeof hook.command === 'string' && hook.command !== '') labels.push(hook.command);
      else labels.push(`${type}-hook:${typeof hook.name === 'string' ? hook.name : type}`);
    }
  }
  return labels;
}

function checkMatchers(context: JsonCheckContext, path: JsonPath, value: unknown, field: string): HookMatcher[] | undefined {
  if (!checkJsonType(context, HOOKS_WRONG_TYPE, path, value, ['array'], DROPS_WHOLE_FILE)) return undefined;
  const matchers: HookMatcher[] = [];
  let valid = true;
  (value as unknown[]).forEach((item, index) => {
    const at = [...path, index];
    if (!checkJsonType(context, HOOKS_WRONG_TYPE, at, item, ['object'], DROPS_WHOLE_FILE)) {
      valid = false;
      return;
    }
    const written = item as Record<string, unknown>;
    const matcher: HookMatcher = { matcher: '*', hooks: [] };
    for (const key of Object.keys(written)) {
      if (key === 'matcher') {
        if (checkJsonType(context, HOOKS_WRONG_TYPE, [...at, key], written.matcher, ['string'], DROPS_WHOLE_FILE))
          matcher.matcher = written.matcher as string;
        else valid = false;
      } else if (key === 'hooks') {
        if (!checkJsonType(context, HOOKS_WRONG_TYPE, [...at, key], written.hooks, ['array'], DROPS_WHOLE_FILE)) {
          valid = false;
          continue;
        }
        (written.hooks as unknown[]).forEach((hook, position) => {
          const checked = checkHookDefinition(context, [...at, 'hooks', position], hook);
          if (checked) matcher.hooks.push(checked);
          else valid = false;
        });
      } else {
        report(context, HOOKS_UNKNOWN_KEY, [...at, key], 'key', `The service ignores the matcher key "${key}".`);
      }
    }
    if (hasOwn(written, 'matcher') && typeof written.matcher === 'string')
      checkHookMatcher(context, [...at, 'matcher'], written.matcher, field);
    matchers.push(matcher);
  });
  return valid ? matchers : undefined;
}
