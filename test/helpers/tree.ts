/** Temporary folders written from a map of relative paths to contents, for tests that need real files. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A file's contents, or a symbolic link to `target` (relative to the link, or absolute). */
export type TreeEntry = string | Uint8Array | { symlink: string };

/** Writes `files` under `root`, creating folders as needed. */
export function writeTree(root: string, files: Record<string, TreeEntry>): void {
  for (const [path, contents] of Object.entries(files)) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    if (typeof contents === 'object' && 'symlink' in contents) symlinkSync(contents.symlink, target);
    else writeFileSync(target, contents);
  }
}

/** A new temporary folder holding `files`; `cleanup()` removes it. */
export function tempTree(files: Record<string, TreeEntry> = {}): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-'));
  writeTree(root, files);
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Runs git in `cwd` with a fixed identity and no user configuration; returns its output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' },
    },
  );
}

/** A new git repository holding `files` in one commit on `main`. */
export function tempRepository(files: Record<string, TreeEntry>): { root: string; cleanup: () => void } {
  const tree = tempTree(files);
  git(tree.root, 'init', '-q');
  git(tree.root, 'add', '-A');
  git(tree.root, 'commit', '-q', '-m', 'initial');
  return tree;
}
