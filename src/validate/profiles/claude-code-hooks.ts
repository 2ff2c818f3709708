/**
 * A plugin's hooks file judged by Claude Code: the `{"hooks": {…}}` wrapper, Claude Code's own
 * event names (about thirty, against the service's six), and each hook's type and fields.
 * @module
 */
import type { JsonPath } from '../../internal/python/json';
import { hasOwn, isJsonObject, type JsonCheckContext, report } from '../../plugins/internal';
import type { ProfileDiagnostic } from '../types';
import { expectType, flushClaudeJson, readClaudeJson, reportUnknownKeys } from './claude-code-json';
import { CLAUDE_CODE_HOOKS_INVALID, CLAUDE_CODE_HOOKS_UNKNOWN_EVENT } from './claude-code-rules';
import type { ResolvedOptions } from './read-text';

/**
 * Claude Code's hook events, as its changelog introduces them and its official plugins use them
 * (the documentation's own list was not available to check against).
 */
export const CLAUDE_CODE_HOOK_EVENTS: readonly string[] = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'Notification',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'WorktreeCreate',
  'WorktreeRemove',
  'ConfigChange',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'DirectoryAdded',
  'Elicitation',
  'ElicitationResult',
  'MessageDisplay',
];

const EVENTS = /* @__PURE__ */ new Set(CLAUDE_CODE_HOOK_EVENTS);
/** What each hook type needs besides `type`. */
const NEEDS: Readonly<Record<string, string>> = { command: 'command', prompt: 'prompt', agent: 'prompt', http: 'url' };

/** The PascalCase event a snake_case or miscased key probably means. */
function nearestEvent(key: string): string | undefined {
  const flat = key.replaceAll('_', '').replaceAll('-', '').toLowerCase();
  return CLAUDE_CODE_HOOK_EVENTS.find((event) => event.toLowerCase() === flat);
}

/** Checks one hooks file by Claude Code's rules. */
export async function checkClaudeHooks(file: string, options: ResolvedOptions, out: ProfileDiagnostic[]): Promise<void> {
  const json = await readClaudeJson(file, options, out);
  if (!json) return;
  const { context, root } = json;
  if (!isJsonObject(root)) {
    report(context, CLAUDE_CODE_HOOKS_INVALID, [], 'value', 'The hooks file is not a JSON object; Claude Code cannot read it.');
  } else if (!hasOwn(root, 'hooks')) {
    report(
      context,
      CLAUDE_CODE_HOOKS_INVALID,
      [],
      'value',
      'The file has no top-level "hooks" object: Claude Code reads plugin hooks only from { "hooks": { Event: [...] } } (the service also reads events at the top level).',
      { hint: 'Wrap the events: { "hooks": { … } }.' },
    );
  } else {
    reportUnknownKeys(context, root, [], new Set(['hooks', 'description']), 'in a hooks file');
    if (expectType(context, ['hooks'], root.hooks, ['object'])) checkEvents(context, root.hooks as Record<string, unknown>);
  }
  flushClaudeJson(json, out);
}

function checkEvents(context: JsonCheckContext, events: Record<string, unknown>): void {
  for (const event of Object.keys(events)) {
    const path: JsonPath = ['hooks', event];
    if (!EVENTS.has(event)) {
      const near = nearestEvent(event);
      report(
        context,
        CLAUDE_CODE_HOOKS_UNKNOWN_EVENT,
        path,
        'key',
        `Claude Code has no hook event "${event}"; validation fails.`,
        near ? { hint: `Write "${near}".` } : {},
      );
      continue;
    }
    if (!expectType(context, path, events[event], ['array'])) continue;
    for (const [index, group] of (events[event] as unknown[]).entries()) checkGroup(context, [...path, index], group);
  }
}

function checkGroup(context: JsonCheckContext, path: JsonPath, group: unknown): void {
  if (!expectType(context, path, group, ['object'])) return;
  const value = group as Record<string, unknown>;
  if (hasOwn(value, 'matcher')) expectType(context, [...path, 'matcher'], value.matcher, ['string']);
  if (!hasOwn(value, 'hooks')) {
    report(context, CLAUDE_CODE_HOOKS_INVALID, path, 'value', 'This matcher group has no "hooks" list; Claude Code cannot read it.');
    return;
  }
  if (!expectType(context, [...path, 'hooks'], value.hooks, ['array'])) return;
  for (const [index, hook] of (value.hooks as unknown[]).entries()) checkHook(context, [...path, 'hooks', index], hook);
}

function checkHook(context: JsonCheckContext, path: JsonPath, hook: unknown): void {
  if (!expectType(context, path, hook, ['object'])) return;
  const value = hook as Record<string, unknown>;
  if (!hasOwn(value, 'type')) {
    report(
      context,
      CLAUDE_CODE_HOOKS_INVALID,
      path,
      'value',
      'The hook has no "type"; Claude Code requires one (the service assumes "command").',
      {
        hint: 'Add "type": "command".',
      },
    );
    return;
  }
  if (!expectType(context, [...path, 'type'], value.type, ['string'])) return;
  const type = value.type as string;
  const needs = NEEDS[type];
  if (!Object.hasOwn(NEEDS, type) || needs === undefined) {
    report(
      context,
      CLAUDE_CODE_HOOKS_INVALID,
      [...path, 'type'],
      'value',
      `Claude Code has no hook type "${type}" (command, prompt, agent or http).`,
    );
    return;
  }
  if (!hasOwn(value, needs)) {
    report(context, CLAUDE_CODE_HOOKS_INVALID, path, 'value', `A ${type} hook needs "${needs}"; Claude Code cannot run it without.`);
  } else expectType(context, [...path, needs], value[needs], ['string']);
  if (hasOwn(value, 'timeout')) expectType(context, [...path, 'timeout'], value.timeout, ['number']);
}
