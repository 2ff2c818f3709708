import { describe, expect, it } from 'vitest';
import { HOOK_RULES } from './hook-rules';
import { hookEventField, parseHooksConfig } from './hooks-config';

const parse = (text: string) => parseHooksConfig(text, { file: 'p/hooks/hooks.json' });
const findings = (text: string) => parse(text).diagnostics.map(({ code, severity, line, column }) => ({ code, severity, line, column }));
const EMPTY = { pre_tool_use: [], post_tool_use: [], user_prompt_submit: [], session_start: [], session_end: [], stop: [] };
const HOOK = { type: 'command', name: null, prompt: null, system_prompt: null, tools: [], timeout: 60, max_iterations: 3, async: false };

describe('parseHooksConfig', () => {
  it('reads the wrapped shape with defaults filled in', () => {
    const text = '{"hooks": {"PreToolUse": [{"matcher": "terminal", "hooks": [{"command": "echo checked"}]}]}}';
    expect(parse(text)).toEqual({
      ok: true,
      value: { ...EMPTY, pre_tool_use: [{ matcher: 'terminal', hooks: [{ ...HOOK, command: 'echo checked' }] }] },
      diagnostics: [],
    });
  });

  it('reads the bare shape, snake_case keys and every hook type', () => {
    const text = `{
  "stop": [{"hooks": [{"type": "prompt", "prompt": "Is the task done?", "timeout": 30}]}],
  "SessionStart": [{"hooks": [{"type": "agent", "system_prompt": "Check the workspace.", "tools": ["terminal"], "max_iterations": 5}]}],
  "post_tool_use": [{"matcher": "file_editor", "hooks": [{"command": "git diff --stat", "async": true, "name": "diff"}]}]
}`;
    const result = parse(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok && result.value).toEqual({
      ...EMPTY,
      stop: [{ matcher: '*', hooks: [{ ...HOOK, type: 'prompt', command: '', prompt: 'Is the task done?', timeout: 30 }] }],
      session_start: [
        {
          matcher: '*',
          hooks: [{ ...HOOK, type: 'agent', command: '', system_prompt: 'Check the workspace.', tools: ['terminal'], max_iterations: 5 }],
        },
      ],
      post_tool_use: [{ matcher: 'file_editor', hooks: [{ ...HOOK, command: 'git diff --stat', async: true, name: 'diff' }] }],
    });
  });

  it('converts keys as the service does (camelCase and "Pre_tool_use" load too)', () => {
    expect(hookEventField('PreToolUse')).toBe('pre_tool_use');
    expect(hookEventField('preToolUse')).toBe('pre_tool_use');
    expect(hookEventField('Pre_tool_use')).toBe('pre_tool_use');
    expect(hookEventField('STOP')).toBe('s_t_o_p');
    expect(parse('{"preToolUse": []}').ok).toBe(true);
  });

  it('drops the whole file for an unknown event, at its key, naming the hooks that are lost', () => {
    const text = `{
  "hooks": {
    "PreToolUse": [{"matcher": "terminal", "hooks": [{"command": "lint.sh --all"}, {"type": "prompt", "prompt": "ok?", "name": "gate"}]}],
    "UserPromptExpansion": [{"hooks": [{"command": "expand.sh"}]}]
  }
}`;
    const result = parse(text);
    expect(result.ok).toBe(false);
    expect(findings(text)).toEqual([{ code: 'hooks-unknown-event', severity: 'error', line: 4, column: 5 }]);
    expect(result.diagnostics[0]?.message).toBe(
      'The service does not support the hook event "UserPromptExpansion" and drops the whole hooks file, so the other hooks in it are lost too: PreToolUse (2 hooks: "lint.sh --all", "prompt-hook:gate").',
    );
  });

  it('drops the whole file for an unknown snake_case key, and suggests a near spelling', () => {
    const text = '{\n"notification": [],\n"pretooluse": []}';
    expect(findings(text)).toEqual([
      { code: 'hooks-unknown-event', severity: 'error', line: 2, column: 1 },
      { code: 'hooks-unknown-event', severity: 'error', line: 3, column: 1 },
    ]);
    const result = parse(text);
    expect(result.diagnostics[0]?.message).toMatch(/which holds no other hooks/);
    expect(result.diagnostics[1]?.hint).toBe('Write "PreToolUse".');
  });

  it('drops the whole file when one event is written in both spellings', () => {
    const text = '{"PreToolUse": [],\n "pre_tool_use": []}';
    const result = parse(text);
    expect(findings(text)).toEqual([{ code: 'hooks-duplicate-event', severity: 'error', line: 2, column: 2 }]);
    expect(result.diagnostics[0]?.related).toEqual([{ file: 'p/hooks/hooks.json', line: 1, column: 2, message: '"PreToolUse" is here.' }]);
  });

  it('warns about keys beside "hooks", which the service ignores', () => {
    const text = '{"description": "Formatting",\n "hooks": {"Stop": [{"hooks": [{"command": "true"}]}]}}';
    expect(parse(text).ok).toBe(true);
    expect(findings(text)).toEqual([{ code: 'hooks-wrapper-extra-key', severity: 'warning', line: 1, column: 2 }]);
  });

  it.each([
    ['[]', 'hooks-not-object', 1, 1],
    ['{"hooks": null}', 'hooks-wrong-type', 1, 11],
    ['{"Stop": {"hooks": []}}', 'hooks-wrong-type', 1, 10],
    ['{"Stop": [null]}', 'hooks-wrong-type', 1, 11],
    ['{"Stop": [{"matcher": null}]}', 'hooks-wrong-type', 1, 23],
    ['{"Stop": [{"hooks": {}}]}', 'hooks-wrong-type', 1, 21],
    ['{"Stop": [{"hooks": ["echo"]}]}', 'hooks-wrong-type', 1, 22],
    ['{"Stop": [{"hooks": [{"command": null}]}]}', 'hooks-wrong-type', 1, 34],
    ['{"Stop": [{"hooks": [{"command": "a", "tools": "terminal"}]}]}', 'hooks-wrong-type', 1, 48],
    ['{"Stop": [{"hooks": [{"command": "a", "timeout": 1.5}]}]}', 'hooks-wrong-type', 1, 50],
    ['{"Stop": [{"hooks": [{"command": "a", "async": "maybe"}]}]}', 'hooks-wrong-type', 1, 48],
    ['{"Stop": [{"hooks": [{"type": "http", "url": "x"}]}]}', 'hooks-unknown-hook-type', 1, 31],
    ['{"Stop": [{"hooks": [{"type": "command"}]}]}', 'hooks-missing-field', 1, 22],
    ['{"Stop": [{"hooks": [{"command": ""}]}]}', 'hooks-missing-field', 1, 23],
    ['{"Stop": [{"hooks": [{"type": "prompt"}]}]}', 'hooks-missing-field', 1, 22],
    ['{"Stop": [{"hooks": [{"type": "agent", "command": "x"}]}]}', 'hooks-forbidden-field', 1, 40],
    ['{"Stop": [{"hooks": [{"type": "prompt", "prompt": "p", "async": true}]}]}', 'hooks-forbidden-field', 1, 56],
  ])('drops the whole file for %s', (text, code, line, column) => {
    const result = parse(text);
    expect(result.ok).toBe(false);
    expect(findings(text).filter((found) => found.severity === 'error')).toEqual([{ code, severity: 'error', line, column }]);
  });

  it('suggests lowercase for a hook type written in another case', () => {
    expect(parse('{"Stop": [{"hooks": [{"type": "Command", "command": "a"}]}]}').diagnostics[0]?.hint).toBe(
      'Write it in lowercase: "command".',
    );
  });

  it('warns about keys the service ignores, and reads "async_" unless "async" is there', () => {
    const text =
      '{"PreToolUse": [{"matcher": "terminal",\n"if": "x", "hooks": [{"command": "a",\n"statusMessage": "Linting", "async_": true}]}]}';
    const result = parse(text);
    expect(result.ok && result.value.pre_tool_use[0]?.hooks[0]?.async).toBe(true);
    expect(findings(text)).toEqual([
      { code: 'hooks-unknown-key', severity: 'warning', line: 2, column: 1 },
      { code: 'hooks-unknown-key', severity: 'warning', line: 3, column: 1 },
    ]);
    const both = '{"Stop": [{"hooks": [{"command": "a", "async": false, "async_": true}]}]}';
    expect(parse(both).ok && (parse(both) as { value: { stop: { hooks: { async: boolean }[] }[] } }).value.stop[0]?.hooks[0]?.async).toBe(
      false,
    );
    expect(findings(both)).toEqual([{ code: 'hooks-unknown-key', severity: 'warning', line: 1, column: 55 }]);
  });

  it('warns about values written as text, and reads them as the service does', () => {
    const text = '{"Stop": [{"hooks": [{"command": "a", "timeout": "90", "async": "yes"}]}]}';
    const result = parse(text);
    expect(result.ok && result.value.stop[0]?.hooks[0]).toMatchObject({ timeout: 90, async: true });
    expect(findings(text)).toEqual([
      { code: 'hooks-value-coerced', severity: 'warning', line: 1, column: 50 },
      { code: 'hooks-value-coerced', severity: 'warning', line: 1, column: 65 },
    ]);
  });

  it('warns about fields the hook type never uses and limits below 1', () => {
    const text =
      '{"Stop": [{"hooks": [\n{"command": "a", "prompt": "p", "timeout": 0},\n{"type": "agent", "prompt": "p", "max_iterations": 0}]}]}';
    expect(parse(text).ok).toBe(true);
    expect(findings(text)).toEqual([
      { code: 'hooks-field-unused', severity: 'warning', line: 2, column: 18 },
      { code: 'hooks-limit-not-positive', severity: 'warning', line: 2, column: 44 },
      { code: 'hooks-field-unused', severity: 'warning', line: 3, column: 19 },
      { code: 'hooks-limit-not-positive', severity: 'warning', line: 3, column: 52 },
    ]);
  });

  it('warns about relative scripts and variables the service does not set', () => {
    const text = `{"PreToolUse": [{"matcher": "terminal", "hooks": [
{"command": "./scripts/check.sh"},
{"command": "python3 hooks/guard.py --strict"},
{"command": "\${CLAUDE_PLUGIN_ROOT}/hooks/run.sh"},
{"command": "python3 -c 'import sys; sys.exit(0)'"},
{"command": "cd \\"$OPENHANDS_PROJECT_DIR\\" && git status"}
]}]}`;
    expect(parse(text).ok).toBe(true);
    expect(findings(text)).toEqual([
      { code: 'hooks-relative-command', severity: 'warning', line: 2, column: 13 },
      { code: 'hooks-relative-command', severity: 'warning', line: 3, column: 13 },
      { code: 'hooks-variable-not-set', severity: 'warning', line: 4, column: 13 },
    ]);
    expect(parse(text).diagnostics[1]?.message).toMatch(/"hooks\/guard\.py"/);
  });

  it('warns about Claude Code matchers that never fire, and suggests the service tool', () => {
    const text = `{"PreToolUse": [
{"matcher": "Edit|Write|MultiEdit", "hooks": [{"command": "a"}]},
{"matcher": "Bash|terminal", "hooks": [{"command": "a"}]},
{"matcher": "mcp__github__create_issue", "hooks": [{"command": "a"}]},
{"matcher": "browser_.*", "hooks": [{"command": "a"}]},
{"matcher": "/file_(editor/", "hooks": [{"command": "a"}]}
], "SessionStart": [{"matcher": "startup|resume", "hooks": [{"command": "a"}]}]}`;
    const result = parse(text);
    expect(result.ok).toBe(true);
    expect(findings(text)).toEqual([
      { code: 'hooks-matcher-never-fires', severity: 'warning', line: 2, column: 13 },
      { code: 'hooks-matcher-never-fires', severity: 'warning', line: 3, column: 13 },
      { code: 'hooks-matcher-never-fires', severity: 'warning', line: 4, column: 13 },
      { code: 'hooks-matcher-invalid-regex', severity: 'warning', line: 6, column: 13 },
      { code: 'hooks-matcher-never-fires', severity: 'warning', line: 7, column: 33 },
    ]);
    expect(result.diagnostics[0]?.hint).toBe(
      'The service\'s tools are named differently (Edit → file_editor, Write → file_editor, MultiEdit → file_editor): try "file_editor".',
    );
    expect(result.diagnostics[1]?.message).toMatch(/also names "Bash"/);
    expect(result.diagnostics[2]?.hint).toMatch(/mcp__<server>__/);
  });

  it('notes a file without hooks', () => {
    expect(findings('{"hooks": {}}')).toEqual([{ code: 'hooks-empty', severity: 'info', line: 1, column: 1 }]);
    expect(parse('{}')).toMatchObject({ ok: true, value: EMPTY });
  });

  it('refuses a byte-order mark and reports invalid JSON', () => {
    expect(parse('\ufeff{}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json' }] });
    expect(parse('{"Stop": [}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json', line: 1, column: 11 }] });
  });

  it('treats __proto__ as an unknown event, never as the prototype', () => {
    expect(findings('{"__proto__": []}')).toEqual([{ code: 'hooks-unknown-event', severity: 'error', line: 1, column: 2 }]);
  });

  it('has one rule per code, every code prefixed', () => {
    const codes = HOOK_RULES.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^hooks-[a-z-]+$/);
  });
});
