/**
 * The git repository a folder belongs to, found as git finds it: the nearest `.git` at or above it.
 * @module
 */
import { dirname, join, resolve } from 'node:path';
import { nodeFileSystem, type SkillFileSystem } from '../internal/node/file-system';

/** The nearest folder at or above `start` that holds a `.git` entry (a folder or a worktree file). */
export async function findGitRoot(start: string, fs: SkillFileSystem = nodeFileSystem): Promise<string | undefined> {
  for (let folder = resolve(start); ; folder = dirname(folder)) {
    if (await fs.kind(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}
