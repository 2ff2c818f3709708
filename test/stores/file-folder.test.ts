/**
 * The file store's data folder: what it creates is its owner's only (0700, 0600), and entries
 * named like a conversation file that are not regular files (a folder, a symbolic link, a FIFO)
 * are reported once and gone past: never followed, never waited on, never written.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeEvent, type Event } from 'agentwire/events';
import { createFileStore, type FileStoreWarning, NotARegularFileError } from 'agentwire/stores/file';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempFolders, tempFolder } from '../faults/temp';
import { messageEvent } from '../helpers/events';

afterAll(removeTempFolders);
const event = (text: string): Event => decodeEvent(messageEvent(text));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('modes', () => {
  it('a new data folder is 0700 and the files the store writes 0600; a folder that exists keeps its mode', async () => {
    const base = tempFolder('agentwire-folder-');
    const dir = join(base, 'data');
    const umask = process.umask(0o022);
    try {
      const store = createFileStore({ dir });
      const id = randomUUID();
      await store.append(id, [event('hello')]);
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, `${id}.jsonl`))).toBe(0o600);
      expect(modeOf(join(dir, 'agentwire.lock'))).toBe(0o600);
      await store.close();
      // The store does not change what it did not create.
      mkdirSync(join(base, 'shared'), { mode: 0o750 });
      const shared = createFileStore({ dir: join(base, 'shared') });
      await shared.append(id, [event('hello')]);
      await shared.close();
      expect(modeOf(join(base, 'shared'))).toBe(0o750);
    } finally {
      process.umask(umask);
    }
  });
});

describe('entries that are not regular files', () => {
  /** A folder with one conversation, and a folder, a symbolic link (to a file of valid events) and a FIFO named like conversation files. */
  async function oddFolder() {
    const dir = tempFolder('agentwire-folder-');
    const real = randomUUID();
    const writer = createFileStore({ dir });
    await writer.append(real, [event('real')]);
    await writer.close();
    const [folder, link, fifo] = [randomUUID(), randomUUID(), randomUUID()];
    mkdirSync(join(dir, `${folder}.jsonl`));
    const target = join(tempFolder('agentwire-folder-target-'), 'events.jsonl');
    writeFileSync(target, `${JSON.stringify(messageEvent('behind a link'))}\n`);
    symlinkSync(target, join(dir, `${link}.jsonl`));
    const made = spawnSync('mkfifo', [join(dir, `${fifo}.jsonl`)]);
    expect(made.status, String(made.stderr)).toBe(0);
    return { dir, real, folder, link, fifo, target };
  }

  it('are left out of the conversations and read as holding no events, each reported once, without waiting on the FIFO', async () => {
    const { dir, real, folder, link, fifo } = await oddFolder();
    const warnings: FileStoreWarning[] = [];
    const store = createFileStore({ dir, lock: false, onWarning: (warning) => warnings.push(warning) });
    expect((await store.conversations()).conversations.map((conversation) => conversation.id)).toEqual([real]);
    expect((await store.conversations()).conversations.map((conversation) => conversation.id)).toEqual([real]);
    for (const id of [folder, link, fifo]) expect((await store.list(id)).events).toEqual([]);
    const entries = [];
    for await (const entry of store.entries(fifo)) entries.push(entry);
    expect(entries).toEqual([]);
    const byPath = new Map(warnings.map((warning) => [warning.path, warning]));
    expect(warnings.length).toBe(3);
    expect(byPath.get(join(dir, `${folder}.jsonl`))?.message).toContain('is a folder, not a conversation file: skipped');
    expect(byPath.get(join(dir, `${link}.jsonl`))?.message).toContain('is a symbolic link');
    expect(byPath.get(join(dir, `${fifo}.jsonl`))?.message).toContain('is a FIFO');
    expect(warnings.every((warning) => warning.code === 'not-a-regular-file' && !warning.message.includes('\n'))).toBe(true);
  });

  it('the writer takes the lock beside them, and an append to one fails with a typed error, writing nothing behind a link', async () => {
    const { dir, real, folder, link, fifo, target } = await oddFolder();
    const warnings: FileStoreWarning[] = [];
    const store = createFileStore({ dir, onWarning: (warning) => warnings.push(warning) });
    await store.lock();
    for (const id of [folder, link, fifo]) {
      const error = await store.append(id, [event('lost')]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotARegularFileError);
      expect((error as NotARegularFileError).path).toBe(join(dir, `${id}.jsonl`));
    }
    expect(readFileSync(target, 'utf8').split('\n').length).toBe(2);
    expect((await store.append(real, [event('more')])).stored.length).toBe(1);
    await store.close();
    expect(new Set(warnings.map((warning) => warning.path)).size).toBe(warnings.length);
  });
});
