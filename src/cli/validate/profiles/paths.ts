/**
 * Containment: whether a path stays inside a root, as written and once symbolic links are
 * resolved.
 * @module
 */
import { isAbsolute, relative, sep } from 'node:path';
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
