/**
 * The file store beyond the contract: group commit (one fsync for the batches that wait, none
 * shared across conversations), byte-offset cursors, reads that stop at the last synced line,
 * exact lines, a watch from a reading process, and the old import path.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeEvent, type Event } from 'agentwire/events';
import { InvalidCursorError, iterateEvents } from 'agentwire/stores';
import { createFileStore, type FileStoreFs, type FileStoreHandle } from 'agentwire/stores/file';
import { afterAll, describe, expect, it } from 'vitest';
import { signal } from '../helpers/signal';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-file-store-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const message = (text: string): Event =>
  decodeEvent({ kind: 'MessageEvent', source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text }] } });
const batch = (size: number, label: string) => Array.from({ length: size }, (_, i) => message(`${label} ${i}`));
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/**
 * The real file system, each fsync held `syncDelay(path)` milliseconds (or until the promise it
 * gives settles), and every fsync counted by path.
 */
function slowSyncFs(syncDelay: (path: string) => number | Promise<void>, onWrite: (path: string) => void = () => undefined) {
  const syncs = new Map<string, number>();
  const wrap = (handle: fsp.FileHandle, path: string): FileStoreHandle => ({
    read: (buffer, offset, length, position) => handle.read(buffer, offset, length, position),
    write: async (buffer, offset, length, position) => {
      const written = await handle.write(buffer, offset, length, position);
      onWrite(path);
      return written;
    },
    stat: () => handle.stat(),
    truncate: (length) => handle.truncate(length),
    close: () => handle.close(),
    async sync() {
      const delay = syncDelay(path);
      await (typeof delay === 'number' ? sleep(delay) : delay);
      syncs.set(path, (syncs.get(path) ?? 0) + 1);
      return handle.sync();
    },
  });
  const fs: FileStoreFs = {
    open: async (path, flags, mode) => wrap(await fsp.open(path, flags, mode), path),
    mkdir: (path, options) => fsp.mkdir(path, options),
    readdir: (path, options) => fsp.readdir(path, options),
  };
  return { fs, syncs };
}

describe('group commit', () => {
  it('batches that arrive while a conversation is being written share one write and one fsync', async () => {
    for (const groupCommit of [true, false]) {
      const dir = folder();
      const { fs, syncs } = slowSyncFs(() => 30);
      const store = createFileStore({ dir, fs, groupCommit });
      const id = randomUUID();
      await store.append(id, batch(1, 'first'));
      const file = join(dir, `${id}.jsonl`);
      const before = syncs.get(file) ?? 0;
      const batches = Array.from({ length: 20 }, (_, b) => batch(5, `b${b}`));
      const results = await Promise.all(batches.map((events) => store.append(id, events)));
      expect(results.map((result) => result.stored.length)).toEqual(Array(20).fill(5));
      // The first batch is written at once; the 19 that wait for it go together (or one by one without group commit).
      expect((syncs.get(file) ?? 0) - before).toBe(groupCommit ? 2 : 20);
      // Arrival order is queue order: the batches in the order they were appended.
      const stored = (await store.list(id, { limit: 1_000 })).events.map((event) => event.id);
      expect(stored.slice(1)).toEqual(batches.flat().map((event) => event.id));
      await store.close();
    }
  });

  // How long the others take beside a slow fsync is measured by `npm run bench` (Deadlines and waits).
  it('conversations do not wait on each other: the others are stored while the fsync of one is held', async () => {
    const dir = folder();
    const slow = randomUUID();
    const syncing = signal();
    const held = signal();
    const { fs, syncs } = slowSyncFs((path) => {
      if (!path.endsWith(`${slow}.jsonl`)) return 0;
      syncing.resolve();
      return held.promise;
    });
    const store = createFileStore({ dir, fs });
    await store.lock();
    let slowDone = false;
    const pending = store.append(slow, batch(5, 'slow')).then(() => {
      slowDone = true;
    });
    await syncing.promise;
    // Eight other conversations are written and synced while that fsync has not returned.
    const others = Array.from({ length: 8 }, () => randomUUID());
    const stored = await Promise.all(others.map((id, i) => store.append(id, batch(5, `fast ${i}`))));
    expect(stored.map((result) => result.stored.length)).toEqual(Array(8).fill(5));
    for (const id of others) expect(syncs.get(join(dir, `${id}.jsonl`))).toBe(1);
    expect(slowDone).toBe(false);
    held.resolve();
    await pending;
    expect(slowDone).toBe(true);
    expect((await store.list(slow)).events).toHaveLength(5);
    await store.close();
  });

  it('a failed fsync fails every batch of its group, cuts the file back, and the retries store each event once', async () => {
    const dir = folder();
    const id = randomUUID();
    let failNext = false;
    const { fs } = slowSyncFs(() => 20);
    const failing: FileStoreFs = {
      ...fs,
      open: async (path, flags, mode) => {
        const handle = await fs.open(path, flags, mode);
        return {
          ...handle,
          read: handle.read,
          write: handle.write,
          stat: handle.stat,
          truncate: handle.truncate,
          close: handle.close,
          async sync() {
            await handle.sync();
            if (path.endsWith('.jsonl') && failNext) {
              failNext = false;
              throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
            }
          },
        };
      },
    };
    const store = createFileStore({ dir, fs: failing });
    const first = batch(2, 'kept');
    await store.append(id, first);
    failNext = true;
    const group = Array.from({ length: 6 }, (_, b) => batch(3, `g${b}`));
    const outcomes = await Promise.allSettled(group.map((events) => store.append(id, events)));
    // The first waits alone and fails; the five behind it go together, after it.
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    await store.append(id, group[0] as Event[]);
    const lines = readFileSync(join(dir, `${id}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines.map((line) => (JSON.parse(line) as Event).id)).toEqual(
      [...first, ...group.slice(1).flat(), ...(group[0] as Event[])].map((e) => e.id),
    );
    await store.close();
  });
});

describe('cursors and reads', () => {
  it('cursors are where lines end; one that does not start a line is refused', async () => {
    const dir = folder();
    const store = createFileStore({ dir });
    const id = randomUUID();
    const events = batch(3, 'c');
    await store.append(id, events);
    const lines = readFileSync(join(dir, `${id}.jsonl`), 'utf8').split('\n');
    const page = await store.list(id, { limit: 1 });
    expect(page.cursor).toBe(String(Buffer.byteLength(`${lines[0]}\n`)));
    const entries = [];
    for await (const entry of store.entries(id)) entries.push(entry);
    expect(entries.map((entry) => entry.json)).toEqual(lines.slice(0, 3));
    expect(entries.at(-1)?.cursor).toBe(String(Buffer.byteLength(readFileSync(join(dir, `${id}.jsonl`)))));
    for (const bad of ['5', '999999', '-1', 'x']) await expect(store.list(id, { after: bad })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(store.list(randomUUID(), { after: '10' })).rejects.toBeInstanceOf(InvalidCursorError);
    expect(await store.list(randomUUID(), { after: '0' })).toEqual({ events: [], cursor: '0' });
    await store.close();
  });

  it('reads stop at the last synced line: an event being written is not listed before its fsync', async () => {
    const dir = folder();
    const id = randomUUID();
    const inWrite = signal();
    const { fs } = slowSyncFs(
      () => 300,
      (path) => path.endsWith('.jsonl') && inWrite.resolve(),
    );
    const store = createFileStore({ dir, fs });
    const events = batch(2, 'pending');
    const append = store.append(id, events);
    await inWrite.promise;
    expect((await store.list(id)).events).toEqual([]);
    await append;
    expect((await store.list(id)).events.map((event) => event.id)).toEqual(events.map((event) => event.id));
    await store.close();
  });

  it('a torn last line is never listed, and iterateEvents pages through a long conversation', async () => {
    const dir = folder();
    const id = randomUUID();
    const writer = createFileStore({ dir });
    const events = batch(2_500, 'long');
    for (let at = 0; at < events.length; at += 500) await writer.append(id, events.slice(at, at + 500));
    await writer.close();
    appendFileSync(join(dir, `${id}.jsonl`), '{"kind":"MessageEvent","id":"torn","sou');
    const reader = createFileStore({ dir, lock: false });
    const seen: string[] = [];
    for await (const event of iterateEvents(reader, id, { pageSize: 700 })) seen.push(event.id);
    expect(seen).toEqual(events.map((event) => event.id));
  });
});

describe('watch', () => {
  it('a reading process sees what the writer stores, within its interval', async () => {
    const dir = folder();
    const writer = createFileStore({ dir });
    const reader = createFileStore({ dir, lock: false, watchIntervalMs: 20 });
    const id = randomUUID();
    await writer.append(id, batch(1, 'before'));
    const stop = new AbortController();
    const one = reader.watch(id, { signal: stop.signal })[Symbol.asyncIterator]();
    const all = reader.watch(undefined, { signal: stop.signal })[Symbol.asyncIterator]();
    const nextOne = one.next();
    const nextAll = all.next();
    await sleep(100);
    const events = batch(2, 'after');
    await writer.append(id, events);
    expect((await nextOne).value.event.id).toBe(events[0]?.id);
    expect((await nextAll).value).toMatchObject({ conversationId: id, event: { id: events[0]?.id } });
    await expect(reader.watch(undefined, { after: '0' })[Symbol.asyncIterator]().next()).rejects.toThrow(TypeError);
    stop.abort();
    expect(await one.next()).toEqual({ done: true, value: undefined });
    await writer.close();
  });
});
