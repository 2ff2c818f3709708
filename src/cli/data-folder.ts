/**
 * The data folder `agentwire serve` writes, as the reading commands open it: it must exist, and a
 * conversation may be named by its whole id or by the start of it.
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { normalizeConversationId } from '../webhooks/index';
import { createFileStore, type FileStore } from '../webhooks/node';
import { type CommandIO, UsageError } from './io';

/** A reader of the data folder given with `--data` (default `.agentwire`); a folder that does not exist is a usage error. */
export async function openDataFolder(data: string | undefined, io: CommandIO): Promise<{ dir: string; store: FileStore }> {
  const dir = resolve(io.cwd, data ?? '.agentwire');
  let isFolder = false;
  try {
    isFolder = (await stat(dir)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new UsageError(`cannot read the data folder ${dir}: ${(error as Error).message}`);
  }
  if (!isFolder) throw new UsageError(`the data folder ${dir} does not exist (agentwire serve --data ${data ?? '.agentwire'} creates it)`);
  return { dir, store: createFileStore({ dir, lock: false }) };
}

/**
 * The stored conversation `text` names: a whole id (either form, stored or not), or the start of
 * one (hex digits, hyphens optional) that exactly one stored conversation has.
 */
export async function findConversation(text: string, store: FileStore, dir: string): Promise<string> {
  const whole = normalizeConversationId(text);
  if (whole) return whole;
  const prefix = text.toLowerCase().replaceAll('-', '');
  if (!/^[0-9a-f]{1,31}$/.test(prefix)) throw new UsageError(`not a conversation id (a UUID) or the start of one: ${text}`);
  const matches = (await store.conversations()).filter((id) => id.replaceAll('-', '').startsWith(prefix)).sort();
  if (matches.length === 1) return matches[0] as string;
  if (matches.length === 0)
    throw new UsageError(`no stored conversation starts with ${text} in ${dir} (agentwire conversations lists them)`);
  const shown = matches.slice(0, 5).join(', ');
  throw new UsageError(
    `${text} starts ${matches.length} stored conversations (${shown}${matches.length > 5 ? ', …' : ''}): give more of the id`,
  );
}
