/**
 * Paths as the CI formats print them: relative to the working directory (the repository's root
 * in a CI job), with `/` separators on every system.
 * @module
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * `file` relative to `cwd`, with `/` separators: `skills/pdf/SKILL.md`. A relative `file` is
 * taken as relative to `cwd`; a file outside `cwd` keeps a leading `../`.
 */
export function relativeToCwd(file: string, cwd: string): string {
  const path = relative(cwd, resolve(cwd, file));
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Whether `file` is inside `cwd` (or is `cwd` itself). */
export function isInside(file: string, cwd: string): boolean {
  const path = relative(cwd, resolve(cwd, file));
  return !isAbsolute(path) && path !== '..' && !path.startsWith(`..${sep}`);
}
