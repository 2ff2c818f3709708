/**
 * The file store's check before each commit (the file still ends where the store left it) reads
 * the open file's size through its descriptor, not through a `stat()` call of the handle (a trip
 * through Node's thread pool), and still finds a file changed behind the store.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeEvent, type Event } from 'agentwire/events';
import { createFileStore, type FileStoreFs, type FileStoreHandle } from 'agentwire/stores/file';
import { afterAll, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const message = (text: string): Event =>
  decodeEvent({ kind: 'MessageEvent', source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text }] } });

/** The real file system; its handles show their descriptor, and every `stat()` call is counted by path. */
function countingFs() {
  const stats: string[] = [];
  const wrap = (handle: fsp.FileHandle, path: string): FileStoreHandle => ({
    fd: handle.fd,
    read: (buffer, offset, length, position) => handle.read(buffer, offset, length, position),
    write: (buffer, offset, length, position) => handle.write(buffer, offset, length, position),
    stat: () => {
      stats.push(path);
      return handle.stat();
    },
    truncate: (length) => handle.truncate(length),
    sync: () => handle.sync(),
    close: () => handle.close(),
  });
  const fs: FileStoreFs = {
    open: async (path, flags, mode) => wrap(await fsp.open(path, flags, mode), path),
    mkdir: (path, options) => fsp.mkdir(path, options),
    readdir: (path, options) => fsp.readdir(path, options),
  };
  return { fs, stats };
}

describe('the size check before a commit', () => {
  it('reads the size of the open file through its descriptor, and still finds a file changed behind the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-size-check-'));
    folders.push(dir);
    const { fs, stats } = countingFs();
    const store = createFileStore({ dir, fs });
    const id = randomUUID();
    const file = join(dir, `${id}.jsonl`);
    await store.append(id, [message('first')]);
    // The file is open now (opening it checked it is a regular file): the commits make no stat() call.
    const before = stats.filter((path) => path === file).length;
    for (let i = 0; i < 5; i++) await store.append(id, [message(`next ${i}`)]);
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(id, [message(`together ${i}`)])));
    expect(stats.filter((path) => path === file).length - before).toBe(0);

    appendFileSync(file, `${JSON.stringify(message('written by another tool'))}\n`);
    const after = message('after');
    await expect(store.append(id, [after])).rejects.toThrow(/changed outside the store/);
    const stored = (await store.list(id, { limit: 100 })).events.map((event) => event.id);
    expect(stored).toHaveLength(17);
    expect(stored).not.toContain(after.id);
    await store.close();
  });
});
