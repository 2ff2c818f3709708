/**
 * A durable event store without dependencies: one append-only JSON Lines file per conversation.
 * Node only.
 * @module
 */
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Event } from '../events/index';
import { normalizeConversationId } from '../internal/conversation-id';
import { applyFilter, type EventStore, isPersistable } from './store';
import { stringifyEvent } from './stored-json';

/** Options of {@link createFileStore}. */
export interface FileStoreOptions {
  /** The folder that holds one `<conversation id>.jsonl` file per conversation. */
  dir: string;
}

interface Loaded {
  events: Event[];
  /** The stored ids (the events themselves are read from the file on demand). */
  ids: Set<string>;
  /** Whether the file ends inside a line (a write torn by a crash). */
  torn: boolean;
}

/** Reads a conversation file, skipping a torn or unreadable line instead of failing. */
async function load(path: string): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { events: [], ids: new Set(), torn: false };
    throw error;
  }
  const events: Event[] = [];
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const event = JSON.parse(line) as Event;
      if (typeof event?.id !== 'string' || ids.has(event.id)) continue;
      ids.add(event.id);
      events.push(event);
    } catch {
      // A line cut short by a crash: everything before it is intact, and it was never acknowledged.
    }
  }
  return { events, ids, torn: text !== '' && !text.endsWith('\n') };
}

/**
 * A store that appends each batch to `<dir>/<conversation id>.jsonl` and resolves only after the
 * data reached the disk (fsync). Re-delivered events are skipped by id; `StreamingDeltaEvent`s are
 * not stored. After a crash the file is read back up to its last complete line, and the next
 * append starts on a fresh line, so a torn write never corrupts the events before it.
 */
export function createFileStore(options: FileStoreOptions): EventStore {
  const { dir } = options;
  const cache = new Map<string, Promise<Loaded>>();
  const queues = new Map<string, Promise<unknown>>();

  const fileOf = (conversationId: string) => {
    const id = normalizeConversationId(conversationId);
    if (!id) throw new TypeError(`not a conversation id (a UUID): ${JSON.stringify(conversationId)}`);
    return { id, path: join(dir, `${id}.jsonl`) };
  };
  const loaded = (id: string, path: string) => {
    let entry = cache.get(id);
    if (!entry) {
      entry = load(path).then((state) => ({ ...state, events: [] }));
      cache.set(id, entry);
      entry.catch(() => cache.delete(id));
    }
    return entry;
  };
  /** Runs appends of one conversation one after another. */
  const serial = <T>(id: string, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(id) ?? Promise.resolve()).then(task, task);
    queues.set(
      id,
      run.catch(() => undefined),
    );
    return run;
  };

  return {
    async append(conversationId, events) {
      const { id, path } = fileOf(conversationId);
      return serial(id, async () => {
        const state = await loaded(id, path);
        const fresh: Event[] = [];
        const batchIds = new Set<string>();
        for (const event of events) {
          if (!isPersistable(event) || state.ids.has(event.id) || batchIds.has(event.id)) continue;
          batchIds.add(event.id);
          fresh.push(event);
        }
        if (fresh.length === 0) return;
        await mkdir(dir, { recursive: true });
        const text = (state.torn ? '\n' : '') + fresh.map((event) => `${stringifyEvent(event)}\n`).join('');
        try {
          const file = await open(path, 'a');
          try {
            await file.writeFile(text, 'utf8');
            await file.sync();
          } finally {
            await file.close();
          }
        } catch (error) {
          cache.delete(id); // the file may hold part of the batch: read it again next time
          throw error;
        }
        state.torn = false;
        for (const event of fresh) state.ids.add(event.id);
      });
    },
    async list(conversationId, filter) {
      const { id, path } = fileOf(conversationId);
      await (queues.get(id) ?? Promise.resolve());
      return applyFilter((await load(path)).events, filter);
    },
    async conversations() {
      try {
        return (await readdir(dir)).filter((name) => name.endsWith('.jsonl')).map((name) => name.slice(0, -'.jsonl'.length));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
  };
}
