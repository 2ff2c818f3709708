/**
 * The rules of the hooks parser (`parseHooksConfig`): `hooks/hooks.json` in a plugin, and the
 * same format in `.openhands/hooks.json`.
 * @module
 */
import { defineRule, type Rule } from '../../internal/rule';

const DROPS_FILE = 'The service validates the hooks file as a whole: one invalid part and it loads none of the hooks in the file.';

/** The file is JSON but not an object. */
export const HOOKS_NOT_OBJECT = /* @__PURE__ */ defineRule({
  code: 'hooks-not-object',
  severity: 'error',
  title: 'The hooks file is not a JSON object',
  description: `A hooks file is an object of events, optionally wrapped in {"hooks": …}. ${DROPS_FILE}`,
  hint: 'Write { "hooks": { "PreToolUse": [ … ] } }.',
  example: '[{ "matcher": "*", "hooks": [] }]',
});

/** An event the service does not know. */
export const HOOKS_UNKNOWN_EVENT = /* @__PURE__ */ defineRule({
  code: 'hooks-unknown-event',
  severity: 'error',
  title: 'An event the service does not support',
  description: `The service knows six events: PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, SessionEnd and Stop (or pre_tool_use, post_tool_use…). Any other key, such as Claude Code's Notification or SubagentStop, fails validation, and the service drops the whole file.`,
  hint: 'Remove the event, or keep Claude Code-only hooks in a plugin meant only for Claude Code.',
  example: '{ "hooks": { "Notification": [ … ], "PreToolUse": [ … ] } }',
});

/** The same event in PascalCase and snake_case. */
export const HOOKS_DUPLICATE_EVENT = /* @__PURE__ */ defineRule({
  code: 'hooks-duplicate-event',
  severity: 'error',
  title: 'The same event is written in both spellings',
  description: `"PreToolUse" and "pre_tool_use" name the same event; the service refuses a file with both and drops it whole.`,
  hint: 'Merge the two lists under one spelling.',
  example: '{ "PreToolUse": [ … ], "pre_tool_use": [ … ] }',
});

/** Keys beside "hooks" in the wrapped form. */
export const HOOKS_WRAPPER_EXTRA_KEY = /* @__PURE__ */ defineRule({
  code: 'hooks-wrapper-extra-key',
  severity: 'warning',
  title: 'A key beside "hooks" that the service ignores',
  description: 'When the file has a top-level "hooks" key, the service reads only that key, warns, and ignores every other top-level key.',
  hint: 'Remove the key (keep descriptions in the README).',
  example: '{ "description": "Formatting hooks", "hooks": { … } }',
});

/** A part of the file with the wrong JSON type. */
export const HOOKS_WRONG_TYPE = /* @__PURE__ */ defineRule({
  code: 'hooks-wrong-type',
  severity: 'error',
  title: 'A part of the hooks file has the wrong JSON type',
  description: `Events hold lists of matcher objects; a matcher is a string; "hooks" is a list of hook objects; "timeout" and "max_iterations" are integers; "tools" is a list of strings. ${DROPS_FILE}`,
  hint: 'Write the value with the JSON type the hooks format defines.',
  example: '{ "PreToolUse": { "matcher": "*" } }',
});

/** A hook type other than command, prompt, agent. */
export const HOOKS_UNKNOWN_HOOK_TYPE = /* @__PURE__ */ defineRule({
  code: 'hooks-unknown-hook-type',
  severity: 'error',
  title: 'A hook type the service does not support',
  description: `A hook's "type" is "command" (the default), "prompt" or "agent", written in lowercase. ${DROPS_FILE}`,
  hint: 'Use "command", "prompt" or "agent".',
  example: '{ "type": "http", "url": "https://example.com/hook" }',
});

/** A field the hook type requires is missing or empty. */
export const HOOKS_MISSING_FIELD = /* @__PURE__ */ defineRule({
  code: 'hooks-missing-field',
  severity: 'error',
  title: 'A hook lacks a field its type requires',
  description: `A command hook needs a non-empty "command"; a prompt hook needs a non-empty "prompt". ${DROPS_FILE}`,
  hint: 'Add the field, or change the hook\'s "type".',
  example: '{ "type": "prompt" }',
});

/** A field the hook type forbids. */
export const HOOKS_FORBIDDEN_FIELD = /* @__PURE__ */ defineRule({
  code: 'hooks-forbidden-field',
  severity: 'error',
  title: 'A hook has a field its type forbids',
  description: `Prompt and agent hooks may not have a "command" or "async": true. ${DROPS_FILE}`,
  hint: 'Remove the field, or change the hook\'s "type".',
  example: '{ "type": "agent", "command": "check.sh" }',
});

/** A key in a matcher or hook that the service ignores. */
export const HOOKS_UNKNOWN_KEY = /* @__PURE__ */ defineRule({
  code: 'hooks-unknown-key',
  severity: 'warning',
  title: 'A key the service ignores',
  description:
    'Matcher objects take "matcher" and "hooks"; hooks take type, name, command, prompt, system_prompt, tools, timeout, max_iterations and async. Other keys are ignored without a word.',
  hint: 'Remove the key, or check its spelling.',
  example: '{ "type": "command", "command": "lint.sh", "statusMessage": "Linting" }',
});

/** A field that has no effect for this hook type. */
export const HOOKS_FIELD_UNUSED = /* @__PURE__ */ defineRule({
  code: 'hooks-field-unused',
  severity: 'warning',
  title: 'A field that does nothing for this hook type',
  description:
    'Command hooks use command, timeout and async; prompt hooks use prompt and timeout; agent hooks use system_prompt, tools, max_iterations and timeout. Other fields are accepted and never used.',
  hint: 'Remove the field, or change the hook\'s "type".',
  example: '{ "type": "command", "command": "lint.sh", "prompt": "Is this safe?" }',
});

/** A value written in another spelling than its type. */
export const HOOKS_VALUE_COERCED = /* @__PURE__ */ defineRule({
  code: 'hooks-value-coerced',
  severity: 'warning',
  title: 'A number or boolean written as text',
  description: 'The service converts "60" to 60 and "yes" to true; other readers of the format (Claude Code) refuse such values.',
  hint: 'Write the number or boolean without quotes.',
  example: '{ "command": "lint.sh", "timeout": "60" }',
});

/** A timeout or iteration limit below 1. */
export const HOOKS_LIMIT_NOT_POSITIVE = /* @__PURE__ */ defineRule({
  code: 'hooks-limit-not-positive',
  severity: 'warning',
  title: 'A timeout or iteration limit below 1',
  description: 'A timeout of 0 or less stops the hook at once; max_iterations below 1 gives an agent hook no step to decide in.',
  hint: 'Use a positive number (the defaults are a 60 second timeout and 3 iterations).',
  example: '{ "command": "lint.sh", "timeout": 0 }',
});

/** A hook command that runs a script by a relative path. */
export const HOOKS_RELATIVE_COMMAND = /* @__PURE__ */ defineRule({
  code: 'hooks-relative-command',
  severity: 'warning',
  title: 'A hook runs a script by a relative path',
  description:
    "The service runs a hook's command with /bin/sh in the agent's workspace, not in the plugin folder, and sets no plugin-root variable, so a path relative to the plugin does not resolve.",
  hint: 'Inline the script in the command, or call a program on the PATH.',
  example: '{ "command": "./scripts/check.sh" }',
});

/** A variable the service does not set for hooks. */
export const HOOKS_VARIABLE_NOT_SET = /* @__PURE__ */ defineRule({
  code: 'hooks-variable-not-set',
  severity: 'warning',
  title: 'A hook command uses a variable the service does not set',
  description:
    'Claude Code sets CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA and CLAUDE_PROJECT_DIR for hooks; the service sets OPENHANDS_PROJECT_DIR, OPENHANDS_SESSION_ID, OPENHANDS_EVENT_TYPE and OPENHANDS_TOOL_NAME instead, so the others expand to nothing.',
  hint: 'Use $OPENHANDS_PROJECT_DIR for the workspace; inline scripts that lived in the plugin folder.',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable in a hook command, not a template
  example: '{ "command": "${CLAUDE_PLUGIN_ROOT}/hooks/check.sh" }',
});

/** A matcher that can never fire. */
export const HOOKS_MATCHER_NEVER_FIRES = /* @__PURE__ */ defineRule({
  code: 'hooks-matcher-never-fires',
  severity: 'warning',
  title: 'A matcher that never fires',
  description:
    'Matchers compare tool names, and the service\'s tools have their own names (terminal, file_editor, task_tracker, browser_*…), so Claude Code matchers such as "Bash" or "Edit|Write" never fire; events other than PreToolUse and PostToolUse carry no tool name at all, so only "*" fires for them.',
  hint: 'Match the service\'s tool names, or use "*".',
  example: '{ "PreToolUse": [{ "matcher": "Edit|Write|MultiEdit", "hooks": [ … ] }] }',
});

/** A `/re/` matcher that is not a valid regex. */
export const HOOKS_MATCHER_INVALID_REGEX = /* @__PURE__ */ defineRule({
  code: 'hooks-matcher-invalid-regex',
  severity: 'warning',
  title: 'A /regex/ matcher that is not a valid Python regex',
  description: "The service matches /…/ matchers with Python's re.fullmatch; when the pattern does not compile, the matcher never fires.",
  hint: 'Fix the regular expression.',
  example: '{ "matcher": "/file_(editor/" }',
});

/** A file with no hooks. */
export const HOOKS_EMPTY = /* @__PURE__ */ defineRule({
  code: 'hooks-empty',
  severity: 'info',
  title: 'The hooks file declares no hooks',
  description: 'The service loads the file as an empty hook configuration.',
  hint: 'Add hooks, or delete the file.',
  example: '{ "hooks": {} }',
});

/** The rules of the hooks parser. */
export const HOOK_RULES: readonly Rule[] = [
  HOOKS_NOT_OBJECT,
  HOOKS_UNKNOWN_EVENT,
  HOOKS_DUPLICATE_EVENT,
  HOOKS_WRAPPER_EXTRA_KEY,
  HOOKS_WRONG_TYPE,
  HOOKS_UNKNOWN_HOOK_TYPE,
  HOOKS_MISSING_FIELD,
  HOOKS_FORBIDDEN_FIELD,
  HOOKS_UNKNOWN_KEY,
  HOOKS_FIELD_UNUSED,
  HOOKS_VALUE_COERCED,
  HOOKS_LIMIT_NOT_POSITIVE,
  HOOKS_RELATIVE_COMMAND,
  HOOKS_VARIABLE_NOT_SET,
  HOOKS_MATCHER_NEVER_FIRES,
  HOOKS_MATCHER_INVALID_REGEX,
  HOOKS_EMPTY,
];
