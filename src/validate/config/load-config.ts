/**
 * Reading a configuration of `agentwire validate`: a file named on the command line, or the
 * nearest one above a path (`agentwire.config.json`, or the `agentwire` key of a `package.json`),
 * looked for up to the repository root (the folder holding `.git`) or the file system root.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { displayPath } from '../display-path';
import { checkConfig } from './check-config';
import { ValidateConfigError } from './config-error';
import type { ValidateConfig } from './schema';

/** The configuration file `agentwire validate` looks for. */
export const CONFIG_FILE_NAME = 'agentwire.config.json';

/** The key of a `package.json` that holds the configuration instead. */
export const PACKAGE_JSON_KEY = 'agentwire';

/** A configuration and where it came from. */
export interface LoadedConfig {
  /** The file it was read from (absolute), or `undefined` for one given as a value. */
  file: string | undefined;
  /** The folder its globs are relative to. */
  dir: string;
  config: ValidateConfig;
}

async function kindOf(path: string): Promise<'file' | 'directory' | undefined> {
  try {
    const stats = await stat(path);
    return stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

async function readJson(file: string, where: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new ValidateConfigError(`cannot read the configuration ${where}: ${why}`, file);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ValidateConfigError(`${where}: not valid JSON: ${(error as Error).message}`, file);
  }
}

async function readJsonOrNothing(file: string): Promise<unknown> {
  try {
    return JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

function fromPackageJson(json: unknown): unknown {
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)[PACKAGE_JSON_KEY]
    : undefined;
}

/**
 * Reads the configuration file `file` (absolute): a `package.json` gives its `agentwire` key, any
 * other file its whole JSON value. `cwd` is where paths in messages are relative to.
 * @throws {ValidateConfigError} when it cannot be read, is not JSON or breaks the schema.
 */
export async function readConfigFile(file: string, cwd: string): Promise<LoadedConfig> {
  const where = displayPath(file, cwd);
  const json = await readJson(file, where);
  if (basename(file) !== 'package.json') return { file, dir: dirname(file), config: checkConfig(json, where, file) };
  const value = fromPackageJson(json);
  if (value === undefined) throw new ValidateConfigError(`${where} has no "${PACKAGE_JSON_KEY}" key`, file);
  return { file, dir: dirname(file), config: checkConfig(value, `${where} ("${PACKAGE_JSON_KEY}" key)`, file) };
}

/**
 * The configuration nearest above `path` (a file or folder, absolute): in each folder from the
 * path's own up, `agentwire.config.json`, then a `package.json` with an `agentwire` key. The
 * search ends at the folder that holds `.git` (the repository root) or at the file system root.
 * A `package.json` that is not JSON is passed over (it is not the configuration's to judge).
 * @throws {ValidateConfigError} when the file found cannot be used.
 */
export async function findConfig(path: string, cwd: string): Promise<LoadedConfig | undefined> {
  let dir = (await kindOf(path)) === 'file' ? dirname(path) : path;
  for (;;) {
    const file = join(dir, CONFIG_FILE_NAME);
    if ((await kindOf(file)) === 'file') return readConfigFile(file, cwd);
    const manifest = join(dir, 'package.json');
    if ((await kindOf(manifest)) === 'file') {
      const value = fromPackageJson(await readJsonOrNothing(manifest));
      if (value !== undefined) {
        const where = `${displayPath(manifest, cwd)} ("${PACKAGE_JSON_KEY}" key)`;
        return { file: manifest, dir, config: checkConfig(value, where, manifest) };
      }
    }
    if ((await kindOf(join(dir, '.git'))) !== undefined) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
