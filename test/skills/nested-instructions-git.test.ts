/**
 * Nested instruction files are listed as `git ls-files` lists them inside a repository, and by a
 * walk elsewhere. Outside every repository git can only fail, so it is not started: a `git` first
 * on the PATH records each start.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRepository } from '../../src/skills/index';
import { git, type TreeEntry, tempTree } from '../helpers/tree';

const cleanups: (() => void)[] = [];
const saved = { PATH: process.env.PATH, GIT_DIR: process.env.GIT_DIR };
afterEach(() => {
  process.env.PATH = saved.PATH;
  if (saved.GIT_DIR === undefined) delete process.env.GIT_DIR;
  else process.env.GIT_DIR = saved.GIT_DIR;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Puts a `git` that logs its arguments, then runs the real one, first on the PATH; returns the log. */
function recordGitStarts(): () => string[] {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = tempTree();
  cleanups.push(bin.cleanup);
  const log = join(bin.root, 'starts.log');
  writeFileSync(log, '');
  writeFileSync(join(bin.root, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
  chmodSync(join(bin.root, 'git'), 0o755);
  process.env.PATH = `${bin.root}:${process.env.PATH}`;
  return () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

const FILES: Record<string, TreeEntry> = {
  'AGENTS.md': 'Instructions\n',
  'server/AGENTS.md': 'Server rules\n',
  '.hidden/AGENTS.md': 'Hidden rules\n',
  'ignored/AGENTS.md': 'Ignored rules\n',
  '.gitignore': 'ignored/\n',
};

async function rulesOf(root: string) {
  const set = await loadRepository(root, { preset: 'openhands' });
  return set.rules.map((rule) => rule.name);
}

describe('nested instruction files and git', () => {
  it('outside any repository: the folders are walked and git is not started', async () => {
    const starts = recordGitStarts();
    const tree = tempTree(FILES);
    cleanups.push(tree.cleanup);
    // The walk skips dot folders, and knows nothing of .gitignore.
    expect(await rulesOf(tree.root)).toEqual(['agents:ignored', 'agents:server']);
    expect(starts()).toEqual([]);
  });

  it('inside a repository: git lists the files (ignored ones left out)', async () => {
    const tree = tempTree(FILES);
    cleanups.push(tree.cleanup);
    git(tree.root, 'init', '-q');
    const starts = recordGitStarts();
    expect(await rulesOf(tree.root)).toEqual(['agents:.hidden', 'agents:server']);
    expect(starts().filter((line) => line.includes('ls-files'))).toHaveLength(1);
  });

  it('in a linked work tree, whose .git is a file', async () => {
    const tree = tempTree(FILES);
    cleanups.push(tree.cleanup);
    git(tree.root, 'init', '-q');
    git(tree.root, 'add', '-A');
    git(tree.root, 'commit', '-q', '-m', 'initial');
    const linked = join(tree.root, '..', `${tree.root.split('/').at(-1)}-linked`);
    git(tree.root, 'worktree', 'add', '-q', linked);
    cleanups.push(() => execFileSync('rm', ['-rf', linked]));
    const starts = recordGitStarts();
    expect(await rulesOf(linked)).toEqual(['agents:.hidden', 'agents:server']);
    expect(starts().filter((line) => line.includes('ls-files'))).toHaveLength(1);
  });

  it('where GIT_DIR names the repository, git is asked', async () => {
    const repository = tempTree(FILES);
    cleanups.push(repository.cleanup);
    git(repository.root, 'init', '-q');
    const work = tempTree(FILES);
    cleanups.push(work.cleanup);
    const starts = recordGitStarts();
    process.env.GIT_DIR = join(repository.root, '.git');
    await rulesOf(work.root);
    expect(starts().filter((line) => line.includes('ls-files'))).toHaveLength(1);
  });
});
