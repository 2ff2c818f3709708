/**
 * What the output formats of `agentwire validate` share: paths relative to the working directory
 * (the repository's root in a CI job) with `/` separators on every system. Text from a repository
 * (file names, values quoted in messages) goes through `escapeControls` before it is printed.
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
