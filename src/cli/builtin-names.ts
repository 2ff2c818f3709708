/**
 * The `--builtin-names FILE` option: the names of the built-in skill catalog, one per line (`#`
 * starts a comment) or as a JSON array of strings.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from './io';

/** Reads a names file relative to `cwd`; a file that cannot be read or parsed is a {@link UsageError}. */
export async function readBuiltinNames(path: string, cwd: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --builtin-names ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) {
    const lines = trimmed.split(/\r?\n/).map((line) => line.trim());
    return new Set(lines.filter((line) => line !== '' && !line.startsWith('#')));
  }
  let names: unknown;
  try {
    names = JSON.parse(trimmed);
  } catch {
    throw new UsageError(`--builtin-names ${path} starts with "[" but is not a JSON array`);
  }
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    throw new UsageError(`--builtin-names ${path} must be a JSON array of names`);
  }
  return new Set(names as string[]);
}
