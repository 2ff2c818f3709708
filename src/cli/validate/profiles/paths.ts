/**
 * Paths and folders for the profiles: containment (as written and once symbolic links are
 * resolved), what a path is, and the entries of a folder.
 * @module
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import type { ResolvedOptions } from './read-text';

/** Whether `path` is inside `root`, comparing the paths as written (`root` itself is not inside). */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** Whether `path` is `root` or inside it. */
export function isWithinOrSame(root: string, path: string): boolean {
  return relative(root, path) === '' || isWithin(root, path);
}

/**
 * Where `path` leads once every symbolic link is resolved, when that is outside `root` (itself
 * resolved); `undefined` when it stays inside, or when `path` does not exist.
 */
export async function escapesRoot(root: string, path: string, options: ResolvedOptions): Promise<string | undefined> {
  let real: string;
  let realRoot: string;
  try {
    realRoot = await options.fs.realpath(root);
    real = await options.fs.realpath(path);
  } catch {
    return undefined;
  }
  return isWithinOrSame(realRoot, real) ? undefined : real;
}

/** What `path` is once symbolic links are followed: `file`, `directory`, `other`, or undefined when missing or unreadable. */
export async function kindOf(path: string, options: ResolvedOptions): Promise<'file' | 'directory' | 'other' | undefined> {
  try {
    const info = await options.fs.kind(path);
    if (!info) return undefined;
    return info.kind === 'file' || info.kind === 'directory' ? info.kind : 'other';
  } catch {
    return undefined;
  }
}

/** The entries of a folder with symbolic links followed, sorted by name; empty when it cannot be listed. */
export async function listFolder(dir: string, options: ResolvedOptions): Promise<{ name: string; kind: 'file' | 'directory' | 'other' }[]> {
  let entries: { name: string; kind: string }[];
  try {
    entries = await options.fs.list(dir);
  } catch {
    return [];
  }
  const result: { name: string; kind: 'file' | 'directory' | 'other' }[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const kind = entry.kind === 'symlink' ? await kindOf(join(dir, entry.name), options) : (entry.kind as 'file' | 'directory' | 'other');
    if (kind) result.push({ name: entry.name, kind });
  }
  return result;
}
