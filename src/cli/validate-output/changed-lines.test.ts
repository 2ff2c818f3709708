import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { git, tempRepository, writeTree } from '../../../test/helpers/tree';
import { type ChangedLines, onChangedLine, parseChangedLines } from './changed-lines';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A repository with `before` committed, then `change` applied and committed; the diff as the Action takes it. */
function diffOf(before: Record<string, string>, change: (root: string) => void, quotePath = true): string {
  const repo = tempRepository(before);
  cleanups.push(repo.cleanup);
  const base = git(repo.root, 'rev-parse', 'HEAD').trim();
  change(repo.root);
  git(repo.root, 'add', '-A');
  git(repo.root, 'commit', '-q', '--allow-empty', '-m', 'change');
  return git(
    repo.root,
    '-c',
    `core.quotePath=${quotePath}`,
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--no-renames',
    '--unified=0',
    base,
    'HEAD',
  );
}

const asObject = (changed: ChangedLines) => Object.fromEntries(changed);
const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}\n`).join('');

describe('parseChangedLines', () => {
  it('gives the added and replaced lines of each file, merged into ranges', () => {
    const diff = diffOf({ 'a.md': lines(10), 'b.md': lines(3), 'gone.md': lines(2) }, (root) => {
      const a = lines(10).split('\n');
      a[1] = 'changed 2';
      a[2] = 'changed 3';
      a[7] = 'changed 8';
      writeFileSync(join(root, 'a.md'), a.join('\n'));
      writeFileSync(join(root, 'b.md'), 'line 1\nline 3\n');
      rmSync(join(root, 'gone.md'));
      writeTree(root, { 'skills/new/SKILL.md': lines(2), 'empty.md': '' });
    });
    expect(asObject(parseChangedLines(diff))).toEqual({
      'a.md': [
        { first: 2, last: 3 },
        { first: 8, last: 8 },
      ],
      'b.md': [],
      'empty.md': [],
      'skills/new/SKILL.md': [{ first: 1, last: 2 }],
    });
  });

  it('reads added lines that look like headers as lines, and quoted names back', () => {
    const diff = diffOf({ 'a.md': 'one\n' }, (root) => {
      writeFileSync(join(root, 'a.md'), 'one\n++ b/evil.md\n@@ -1 +1 @@\ndiff --git a/x b/x\n');
      writeTree(root, { 'sk ills/ünï "q"\tt/SKILL.md': 'x\ny' });
    });
    expect(asObject(parseChangedLines(diff))).toEqual({
      'a.md': [{ first: 2, last: 4 }],
      'sk ills/ünï "q"\tt/SKILL.md': [{ first: 1, last: 2 }],
    });
    const unquoted = diffOf({ 'a.md': 'one\n' }, (root) => writeTree(root, { 'dir/ünï b/SKILL.md': 'x\n' }), false);
    expect(asObject(parseChangedLines(unquoted))).toEqual({ 'dir/ünï b/SKILL.md': [{ first: 1, last: 1 }] });
  });

  it('gives nothing for an empty diff', () => {
    expect(parseChangedLines('').size).toBe(0);
    expect(parseChangedLines(diffOf({ 'a.md': 'x\n' }, () => undefined)).size).toBe(0);
  });
});

describe('onChangedLine', () => {
  const changed: ChangedLines = new Map([
    ['skills/a/SKILL.md', [{ first: 3, last: 5 }]],
    ['skills/b/SKILL.md', []],
  ]);
  const root = '/ci/repo';

  it('holds for findings on changed lines, by absolute or relative path', () => {
    expect(onChangedLine(changed, root, '/ci/repo/skills/a/SKILL.md', 3, 2)).toBe(true);
    expect(onChangedLine(changed, root, 'skills/a/SKILL.md', 5, 1)).toBe(true);
    expect(onChangedLine(changed, root, 'skills/a/SKILL.md', 2, 1)).toBe(false);
    expect(onChangedLine(changed, root, 'skills/a/SKILL.md', 6, 1)).toBe(false);
  });

  it('holds for a finding about a whole changed file or a folder holding one, never for unchanged files', () => {
    expect(onChangedLine(changed, root, 'skills/b/SKILL.md', 1, 1)).toBe(true);
    expect(onChangedLine(changed, root, 'skills/a/SKILL.md', 1, 1)).toBe(true);
    expect(onChangedLine(changed, root, 'skills/b/SKILL.md', 2, 1)).toBe(false);
    expect(onChangedLine(changed, root, 'skills/a', 1, 1)).toBe(true);
    expect(onChangedLine(changed, root, 'skills/c/SKILL.md', 1, 1)).toBe(false);
    expect(onChangedLine(changed, root, 'skills/c', 1, 1)).toBe(false);
    expect(onChangedLine(changed, root, '/ci/other/skills/a/SKILL.md', 3, 1)).toBe(false);
  });
});
