import { describe, expect, it } from 'vitest';
import { matchesPathGlob, matchPaths } from './paths';
import { keywordMatches, matchTriggers } from './triggers';
import type { Skill } from './types';

const skill = (name: string, trigger: Skill['trigger']): Skill => ({
  name,
  format: 'legacy',
  role: trigger?.type === 'path' ? 'rule' : 'skill',
  trigger,
  file: `${name}.md`,
  scope: 'project',
  disableModelInvocation: false,
  inputs: [],
});

// Each expectation was checked against the service's matcher (Python `re`, same pattern).
describe('keywordMatches', () => {
  it.each([
    ['git', 'use git-lfs', true],
    ['git', 'my_git', true],
    ['git', 'run /git', true],
    ['git', 'gité', true],
    ['git', 'GIT status', true],
    ['git', 'github', false],
    ['git', 'digit', false],
    ['/linear', 'run /linear now', true],
    ['/plugin:cmd', 'x /plugin:cmd', true],
    ['C++', 'learn c++ now', true],
    ['deploy app', 'Deploy App please', true],
    ['a.b', 'axb', false],
    ['k', '\u212a', true],
    ['', 'anything', false],
  ] as const)('%j in %j: %s', (keyword, text, expected) => {
    expect(keywordMatches(keyword, text)).toBe(expected);
  });
});

describe('matchTriggers', () => {
  const skills = [
    skill('git', { type: 'keyword', keywords: ['github', 'git'] }),
    skill('deploy', { type: 'task', triggers: ['ship it', '/deploy'] }),
    skill('rule', { type: 'path', paths: ['src/**'] }),
    skill('always', null),
  ];

  it('reports each skill with the first of its keywords that matches, in order', () => {
    expect(matchTriggers('Use git and /deploy', skills).map((m) => [m.skill.name, m.keyword])).toEqual([
      ['git', 'git'],
      ['deploy', '/deploy'],
    ]);
    expect(matchTriggers('see github.com', skills).map((m) => m.keyword)).toEqual(['github']);
  });

  it('matches keywords that hold a hyphen or other punctuation, as literal text', () => {
    const punctuated = [skill('review', { type: 'keyword', keywords: ['code-review', 'c++', 'a.b', '[x]'] })];
    expect(matchTriggers('please run a code-review now', punctuated).map((m) => m.keyword)).toEqual(['code-review']);
    expect(matchTriggers('written in c++', punctuated).map((m) => m.keyword)).toEqual(['c++']);
    expect(matchTriggers('axb and [y]', punctuated)).toEqual([]);
    expect(matchTriggers('see [x] here', punctuated).map((m) => m.keyword)).toEqual(['[x]']);
  });

  it('skips skills that already fired in the conversation', () => {
    expect(matchTriggers('git', skills, ['git'])).toEqual([]);
  });
});

describe('path rules', () => {
  it.each([
    ['src/a.ts', 'src/**', true],
    ['src/deep/a.ts', 'src/*.ts', false],
    ['src/deep/a.ts', 'src/**/*.ts', true],
    ['src/a.ts', 'src/**/*.ts', true],
    ['deep/x/a.py', '*.py', true],
    ['a.PY', '*.py', false],
    ['docs/a?.md', 'docs/a?.md', true],
    ['docs/ab.md', 'docs/a?.md', true],
    ['docs/a/b.md', 'docs/a?b.md', false],
    ['server/x/y', 'server/**', true],
    ['a+b/c', 'a+b/*', true],
    ['x', '', false],
  ] as const)('%s against %s: %s', (path, pattern, expected) => {
    expect(matchesPathGlob(path, pattern)).toBe(expected);
  });

  it('matchPaths returns each rule with the first glob that matches', () => {
    const rules = [
      skill('ts', { type: 'path', paths: ['*.md', 'src/**'] }),
      skill('md', { type: 'path', paths: ['*.md'] }),
      skill('kw', { type: 'keyword', keywords: ['x'] }),
    ];
    expect(matchPaths('src/README.md', rules).map((m) => [m.skill.name, m.pattern])).toEqual([
      ['ts', '*.md'],
      ['md', '*.md'],
    ]);
  });
});
