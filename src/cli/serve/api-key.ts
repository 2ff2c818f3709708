/**
 * Where `agentwire serve` gets its API key: the argument, a file, the environment, or the key it
 * generated on an earlier run and keeps in the data folder (mode 0600).
 * @module
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../io';

/** The key file's name in the data folder. */
export const KEY_FILE = 'api-key';

/** The key, and where it came from (the banner says so). */
export interface ResolvedKey {
  key: string;
  source: 'argument' | 'file' | 'environment' | 'stored' | 'generated';
  /** The file it was read from or stored in. */
  path?: string;
  /** A warning about the key file, such as permissions wider than 0600. */
  warning?: string;
}

async function readKey(path: string, what: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${what} ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const key = text.trim();
  if (key === '' || /\s/.test(key)) throw new UsageError(`${what} ${path} must hold one key on one line`);
  return key;
}

/** Generates a key and stores it in the data folder, readable by its owner only; an existing one wins a race. */
async function storeNewKey(path: string): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(`${key}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  return key;
}

/**
 * The key, by precedence: `--api-key`, `--api-key-file`, `AGENTWIRE_API_KEY`, the data folder's
 * `api-key` file, or a new random key stored there (mode 0600) so a restart keeps it. With a
 * database and none of the first three, a usage error.
 */
export async function resolveApiKey(options: {
  argument: string | undefined;
  file: string | undefined;
  env: string | undefined;
  /** The data folder, where a generated key is kept; `undefined` with a database (every replica must be given the same key). */
  dir: string | undefined;
  cwd: string;
}): Promise<ResolvedKey> {
  if (options.argument !== undefined) {
    if (options.argument === '') throw new UsageError('the API key must not be empty');
    return { key: options.argument, source: 'argument' };
  }
  if (options.file !== undefined) {
    const path = resolve(options.cwd, options.file);
    return { key: await readKey(path, '--api-key-file'), source: 'file', path };
  }
  if (options.env !== undefined) {
    if (options.env === '') throw new UsageError('AGENTWIRE_API_KEY must not be empty');
    return { key: options.env, source: 'environment' };
  }
  if (options.dir === undefined)
    throw new UsageError(
      'with --store postgres, give the API key with --api-key-file or AGENTWIRE_API_KEY: every replica needs the same one',
    );
  const path = join(options.dir, KEY_FILE);
  try {
    return { key: await storeNewKey(path), source: 'generated', path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = await readKey(path, 'the key file');
  const mode = (await stat(path)).mode & 0o777;
  const warning =
    process.platform !== 'win32' && (mode & 0o077) !== 0
      ? `${path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}); run chmod 600 on it`
      : undefined;
  return { key, source: 'stored', path, ...(warning ? { warning } : {}) };
}
