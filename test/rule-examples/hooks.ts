/** Examples of the rules of hooks/hooks.json in a plugin. */
import type { RuleExamples } from './types';

/** A legacy plugin whose hooks/hooks.json holds `hooks` (text as written, anything else as JSON). */
const plugin = (hooks: unknown) => ({
  '.claude-plugin/plugin.json': '{ "name": "demo" }\n',
  'hooks/hooks.json': typeof hooks === 'string' ? hooks : `${JSON.stringify(hooks, null, 2)}\n`,
});

/** A legacy plugin whose hooks file runs `hooks` before every tool. */
const preToolUse = (...hooks: Record<string, unknown>[]) => plugin({ hooks: { PreToolUse: [{ matcher: '*', hooks }] } });

const ECHO = { type: 'command', command: 'echo checked' };

export const HOOKS_EXAMPLES: RuleExamples = {
  'hooks-not-object': {
    files: plugin('[]\n'),
  },
  'hooks-unknown-event': {
    files: plugin({ hooks: { PreCompact: [{ hooks: [ECHO] }] } }),
  },
  'hooks-duplicate-event': {
    files: plugin({ PreToolUse: [{ hooks: [ECHO] }], pre_tool_use: [{ hooks: [ECHO] }] }),
  },
  'hooks-wrapper-extra-key': {
    files: plugin({ description: 'Checks every command', hooks: { PreToolUse: [{ hooks: [ECHO] }] } }),
  },
  'hooks-wrong-type': {
    files: plugin({ hooks: { PreToolUse: { hooks: [ECHO] } } }),
  },
  'hooks-unknown-hook-type': {
    files: preToolUse({ type: 'http', url: 'https://example.com/hook' }),
  },
  'hooks-missing-field': {
    files: preToolUse({ type: 'command' }),
  },
  'hooks-forbidden-field': {
    files: preToolUse({ type: 'prompt', prompt: 'Is this command safe?', command: 'echo checked' }),
  },
  'hooks-unknown-key': {
    files: plugin({ hooks: { PreToolUse: [{ matcher: '*', hooks: [ECHO], description: 'Checks every command' }] } }),
  },
  'hooks-field-unused': {
    files: preToolUse({ ...ECHO, prompt: 'Is this command safe?' }),
  },
  'hooks-value-coerced': {
    files: preToolUse({ ...ECHO, timeout: '30' }),
  },
  'hooks-limit-not-positive': {
    files: preToolUse({ ...ECHO, timeout: 0 }),
  },
  'hooks-relative-command': {
    files: preToolUse({ type: 'command', command: './check.sh' }),
  },
  'hooks-variable-not-set': {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's variable, which the service does not set
    files: preToolUse({ type: 'command', command: 'sh ${CLAUDE_PLUGIN_ROOT}/check.sh' }),
  },
  'hooks-matcher-never-fires': {
    files: plugin({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [ECHO] }] } }),
    note: 'Claude Code names its shell tool Bash; the service does not.',
  },
  'hooks-matcher-invalid-regex': {
    files: plugin({ hooks: { PreToolUse: [{ matcher: '/(terminal/', hooks: [ECHO] }] } }),
  },
  'hooks-empty': {
    files: plugin({ hooks: {} }),
  },
};
