import { describe, expect, it } from 'vitest';
import { analyzeHookMatcher, matchHook, SERVICE_TOOL_NAMES } from './hook-matcher';

// Each expectation was checked against the service's own HookMatcher.matches.
const SERVICE_VERDICTS: [string | undefined, string | undefined, boolean][] = [
  ['*', undefined, true],
  ['', undefined, true],
  [undefined, undefined, true],
  [undefined, 'terminal', true],
  ['terminal', undefined, false],
  ['*', 'terminal', true],
  ['', 'x', true],
  ['terminal', 'terminal', true],
  ['terminal', 'Terminal', false],
  ['term', 'terminal', false],
  ['/term.*/', 'terminal', true],
  ['/term/', 'terminal', false],
  ['/(/', '(', false],
  ['//', '//', true],
  ['/', '/', true],
  ['///', '/', true],
  ['/[/', '[', false],
  ['file_.*', 'file_editor', true],
  ['Edit|Write', 'Edit', true],
  ['Edit|Write', 'Edit|Write', false],
  ['edit|file_editor', 'file_editor', true],
  ['browser_.*', 'browser_click', true],
  ['browser_.*', 'xbrowser_click', false],
  ['browser', 'browser_click', false],
  ['(?P<x>term)inal', 'terminal', true],
  ['(?P<x>t)(?P=x)', 'tt', true],
  ['(?i)TERMINAL', 'terminal', true],
  ['/(?i)TERM.*/', 'terminal', true],
  ['(?#note)terminal', 'terminal', true],
  ['\\Aterminal\\Z', 'terminal', true],
  ['/\\U00000074erminal/', 'terminal', true],
  ['Bash(', 'Bash(', true],
  ['a{,2}', 'aa', false],
  ['x|a{,2}', 'aa', true],
  ['x|a{,2}', 'aaa', false],
  ['[]a]+', ']a', true],
  ['term.nal', 'term\nnal', false],
  ['a.b', 'a\rb', true],
  ['(?s)a.b', 'a\nb', true],
  ['x\\Z', 'x', true],
  ['task_tracker|terminal$', 'terminal', true],
  ['^terminal', 'terminal', true],
  ['te\\rminal', 'terminal', false],
  ['a\\qb', 'a\\qb', true],
  ['mcp__.*', 'mcp__x', true],
  ['terminal?', 'termina', true],
  ['[\\d]+', '12', true],
];

describe('matchHook', () => {
  it.each(SERVICE_VERDICTS)('matcher %j and tool %j → %s, as the service decides', (matcher, tool, expected) => {
    expect(matchHook(matcher, tool)).toBe(expected);
  });

  it('treats Python syntax it cannot translate as an invalid regex (documented gaps)', () => {
    // The service fires these: a possessive quantifier, verbose mode, scoped flags.
    expect(matchHook('a*+', 'aa')).toBe(false);
    expect(matchHook('(?x) t e r m', 'term')).toBe(false);
    expect(matchHook('/te(?i:R)m/', 'teRm')).toBe(false);
    // Python's \w is Unicode; JavaScript's is ASCII.
    expect(matchHook('\\w+', 'é')).toBe(false);
  });
});

describe('analyzeHookMatcher', () => {
  it('classifies matchers and finds the service tools they fire for', () => {
    expect(analyzeHookMatcher('*')).toEqual({ kind: 'all', matches: SERVICE_TOOL_NAMES });
    expect(analyzeHookMatcher('terminal')).toEqual({ kind: 'exact', matches: ['terminal'] });
    expect(analyzeHookMatcher('Bash')).toEqual({ kind: 'exact', matches: [] });
    expect(analyzeHookMatcher('Bash(')).toEqual({ kind: 'exact', matches: [] });
    expect(analyzeHookMatcher('/Bash(/')).toEqual({ kind: 'invalid-regex', matches: [] });
    expect(analyzeHookMatcher('Edit|Write|file_editor')).toEqual({
      kind: 'regex',
      alternatives: ['Edit', 'Write', 'file_editor'],
      matches: ['file_editor'],
    });
    expect(analyzeHookMatcher('browser_(click|type)')).toEqual({ kind: 'regex', matches: ['browser_click', 'browser_type'] });
  });

  it('does not run patterns it cannot translate or that may take exponential time', () => {
    expect(analyzeHookMatcher('a*+')).toEqual({ kind: 'regex' });
    expect(analyzeHookMatcher('(a+)+b')).toEqual({ kind: 'regex' });
  });

  it('accepts its own list of tool names', () => {
    expect(analyzeHookMatcher('my_.*', ['my_tool', 'other'])).toEqual({ kind: 'regex', matches: ['my_tool'] });
  });
});
