/**
 * Where the commands keep and read events: `--data DIR` (the file store, the default) or
 * `--store postgres://…` (`--store postgres` takes `DATABASE_URL`), its password in the URL, in
 * `PGPASSWORD` or in `--store-password-file`. A conversation may be named by its whole id or by
 * the start of it. A database URL is only ever shown with its passwords masked.
 * @module
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EVENT_KINDS, type EventKind, isEventKind } from '../events/index';
import { connectionSecrets, hasConnectionPassword, maskConnectionString, parseConnectionUrl } from '../internal/connection-string';
import { normalizeConversationId } from '../internal/conversation-id';
import { suggest } from '../internal/did-you-mean';
import { scrubText, secretPattern } from '../internal/secret-pattern';
import { createFileStore, type FileStoreWarning } from '../stores/file';
import type { EventStore, StoredEntry, StoredEvent, WatchOptions } from '../stores/index';
import { iterateConversations } from '../stores/index';
import { dataFolderError } from './data-folder-error';
import { type CommandIO, UsageError } from './io';

/** A store the commands read, write and watch. */
export type CliStore = EventStore & {
  entries(conversationId: string, options?: { after?: string; kind?: EventKind | readonly EventKind[] }): AsyncIterable<StoredEntry>;
  watch(conversationId: string | undefined, options?: WatchOptions): AsyncIterable<StoredEvent>;
  close(): Promise<void>;
};

/** The options every reading command takes: where the events are, which kinds, from which cursor, and JSON output. */
export const READ_OPTIONS = {
  data: { type: 'string' },
  store: { type: 'string' },
  'store-password-file': { type: 'string' },
  kind: { type: 'string', multiple: true },
  after: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** The `--kind` values as event kinds (`undefined` when none was given); a usage error names the unknown ones. */
export function parseKindOption(kinds: readonly string[] | undefined): EventKind[] | undefined {
  if (kinds === undefined) return undefined;
  const unknown = kinds.filter((kind) => !isEventKind(kind));
  if (unknown.length > 0) {
    const named = unknown.map((kind) => {
      const close = suggest(kind, EVENT_KINDS);
      return close === undefined ? kind : `${kind} (did you mean ${close}?)`;
    });
    throw new UsageError(`unknown event kind: ${named.join(', ')}; the kinds are ${EVENT_KINDS.join(', ')}`);
  }
  return kinds as EventKind[];
}

/** Which store the options name. */
export type StoreChoice = { kind: 'file'; dir: string; given: string } | { kind: 'postgres'; url: string; shown: string };

/** The options that name a store. */
export interface StoreValues {
  data?: string | undefined;
  store?: string | undefined;
  'store-password-file'?: string | undefined;
}

/**
 * The store `--data` and `--store` name: `--store file` (or nothing) for the data folder; a
 * PostgreSQL URL; `postgres` for `DATABASE_URL`. `--store-password-file` adds the password of a
 * URL that has none.
 */
export function chooseStore(values: StoreValues, io: CommandIO): StoreChoice {
  const store = values.store ?? 'file';
  const passwordFile = values['store-password-file'];
  if (store === 'file') {
    if (passwordFile !== undefined) throw new UsageError('--store-password-file is the database password: give it with --store postgres…');
    const given = values.data ?? '.agentwire';
    return { kind: 'file', dir: resolve(io.cwd, given), given };
  }
  if (values.data !== undefined) throw new UsageError("--data is the file store's folder: give --data or --store postgres…, not both");
  const source = store === 'postgres' ? 'DATABASE_URL' : '--store';
  const url = store === 'postgres' ? io.env.DATABASE_URL : store;
  if (url === undefined || url === '') throw new UsageError('--store postgres reads the database URL from DATABASE_URL, which is not set');
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new UsageError(
      source === 'DATABASE_URL'
        ? `DATABASE_URL (read for --store postgres) must be a postgres:// URL, not ${maskConnectionString(url)}`
        : `--store must be file, postgres (DATABASE_URL) or a postgres:// URL, not ${maskConnectionString(url)}`,
    );
  const parsed = parseConnectionUrl(url);
  if (parsed === undefined)
    throw new UsageError(
      `${source} is not a valid URL: ${maskConnectionString(url)} (percent-encode / ? # @ and % in the user name and password)`,
    );
  if (passwordFile === undefined) return { kind: 'postgres', url, shown: maskConnectionString(url) };
  if (hasConnectionPassword(url))
    throw new UsageError(`${source} already holds a password: give it there or in --store-password-file, not both`);
  parsed.password = encodeURIComponent(readPasswordFile(resolve(io.cwd, passwordFile)));
  const withPassword = parsed.toString().replace('@___DUMMY___/', '@/');
  return { kind: 'postgres', url: withPassword, shown: maskConnectionString(url) };
}

/** The password a `--store-password-file` holds: its text without the line break that ends it. */
function readPasswordFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read --store-password-file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const password = text.replace(/\r?\n$/, '');
  if (password === '' || /[\r\n]/.test(password)) throw new UsageError(`--store-password-file ${path} must hold the password on one line`);
  return password;
}

/** Opens the PostgreSQL store of a URL (loading `pg` only now) and checks that the database answers. */
export async function openPostgres(choice: { url: string; shown: string }): Promise<CliStore> {
  const { createPostgresStore } = await import('../stores/postgres');
  const store = createPostgresStore({ connectionString: choice.url, max: 16 });
  try {
    await store.ready();
  } catch (error) {
    await store.close().catch(() => undefined);
    // node-postgres does not echo a password, but a message it passes on from elsewhere might.
    const said = scrubText((error as Error).message, secretPattern(connectionSecrets(choice.url)));
    throw new UsageError(`cannot use the database ${choice.shown}: ${said}`);
  }
  return store;
}

/** A reader of the chosen store; a data folder that does not exist is a usage error. */
export async function openReadStore(values: StoreValues, io: CommandIO): Promise<{ where: string; store: CliStore }> {
  const choice = chooseStore(values, io);
  if (choice.kind === 'postgres') return { where: choice.shown, store: await openPostgres(choice) };
  let found: 'folder' | 'other' | 'none' = 'none';
  try {
    found = (await stat(choice.dir)).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw dataFolderError(choice.dir, error);
  }
  if (found === 'other') throw new UsageError(`the data folder ${choice.dir} is a file, not a folder`);
  if (found === 'none')
    throw new UsageError(`the data folder ${choice.dir} does not exist (agentwire serve --data ${choice.given} creates it)`);
  const onWarning = (warning: FileStoreWarning) =>
    io.err(`warning: ${warning.message}
`);
  return { where: choice.dir, store: createFileStore({ dir: choice.dir, lock: false, onWarning }) };
}

/**
 * The stored conversation `text` names: a whole id (either form, stored or not), or the start of
 * one (hex digits, hyphens optional) that exactly one stored conversation has.
 */
export async function findConversation(text: string, store: EventStore, where: string): Promise<string> {
  const whole = normalizeConversationId(text);
  if (whole) return whole;
  const prefix = text.toLowerCase().replaceAll('-', '');
  if (!/^[0-9a-f]{1,31}$/.test(prefix)) throw new UsageError(`not a conversation id (a UUID) or the start of one: ${text}`);
  const matches: string[] = [];
  for await (const { id } of iterateConversations(store)) if (id.replaceAll('-', '').startsWith(prefix)) matches.push(id);
  if (matches.length === 1) return matches[0] as string;
  if (matches.length === 0)
    throw new UsageError(`no stored conversation starts with ${text} in ${where} (agentwire conversations lists them)`);
  const shown = matches.slice(0, 5).join(', ');
  throw new UsageError(
    `${text} starts ${matches.length} stored conversations (${shown}${matches.length > 5 ? ', …' : ''}): give more of the id`,
  );
}
