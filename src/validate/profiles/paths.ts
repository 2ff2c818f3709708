/**
 * Paths and folders for the profiles: whether a path still leads inside a root once symbolic links
 * are resolved, and the entries of a folder with links followed. (Containment as written and the
 * kind of a path are `agentwire/plugins/node`'s helpers.)
 * @module
 */
import { join } from 'node:path';
import { isInside, kindOf } from '../../plugins/internal';
import type { ResolvedOptions } from './read-text';

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
  return isInside(realRoot, real) ? undefined : real;
}

/** What `path` is once links are followed: `file`, `directory`, `other`, or undefined when missing or unreadable. */
export function pathKind(path: string, options: ResolvedOptions): Promise<'file' | 'directory' | 'other' | undefined> {
  return kindOf(options.fs, path);
}

/**
 * The entries of a folder with symbolic links followed, sorted by name; empty when it cannot be
 * listed, or resolves outside the roots (the containment reports it).
 */
export async function listFolder(dir: string, options: ResolvedOptions): Promise<{ name: string; kind: 'file' | 'directory' | 'other' }[]> {
  let entries: { name: string; kind: string }[];
  try {
    if (!(await options.containment.allows(dir))) return [];
    entries = await options.fs.list(dir);
  } catch {
    return [];
  }
  const result: { name: string; kind: 'file' | 'directory' | 'other' }[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const kind =
      entry.kind === 'symlink' ? await kindOf(options.fs, join(dir, entry.name)) : (entry.kind as 'file' | 'directory' | 'other');
    if (kind) result.push({ name: entry.name, kind });
  }
  return result;
}
