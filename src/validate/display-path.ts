/**
 * Paths as `validate` shows them: relative to the working folder when inside it.
 * @module
 */
import { isAbsolute, relative, sep } from 'node:path';

/** A path relative to `cwd` when it lies inside it, with `/` separators; other paths unchanged. */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}
