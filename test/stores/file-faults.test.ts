/**
 * The file store under faults: a second writer, stale locks, a failing fsync or write, torn
 * tails, a 600 MiB file, and hundreds of thousands of conversations.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readlinkSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import * as fsp from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeEvent, type Event } from 'agentwire/events';
import { createFileStore, DataFolderLockedError, type FileStoreFs, type FileStoreHandle } from 'agentwire/stores/file';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, tempFolder } from '../faults/temp';
import { messageEvent } from '../helpers/events';

const event = (text: string): Event => decodeEvent(messageEvent(text));
const folder = (base = tmpdir()) => tempFolder('agentwire-faults-', base);
const children: ChildProcess[] = [];
afterAll(removeTempFolders);
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Every line of a conversation file parses as JSON (valid JSON Lines) and ends with a newline. */
function jsonLines(path: string): { id: string }[] {
  const text = readFileSync(path, 'utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id: string });
}

/** A pid that no process has (a child that already exited). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** The real file system, with `hook` deciding per call whether a handle method fails. */
function faultyFs(hook: (method: 'sync' | 'write', path: string) => 'fail' | 'partial' | undefined) {
  const calls: { method: string; path: string }[] = [];
  const wrap = (handle: fsp.FileHandle, path: string): FileStoreHandle => ({
    read: (buffer, offset, length, position) => handle.read(buffer, offset, length, position),
    stat: () => handle.stat(),
    truncate: (length) => handle.truncate(length),
    close: () => handle.close(),
    async write(buffer, offset, length, position) {
      calls.push({ method: 'write', path });
      const fault = hook('write', path);
      if (fault === 'partial') {
        await handle.write(buffer, offset, Math.floor(length / 2), position);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return handle.write(buffer, offset, length, position);
    },
    async sync() {
      calls.push({ method: 'sync', path });
      if (hook('sync', path) === 'fail') throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      return handle.sync();
    },
  });
  const fs: FileStoreFs = {
    open: async (path, flags, mode) => wrap(await fsp.open(path, flags, mode), path),
    mkdir: (path, options) => fsp.mkdir(path, options),
    readdir: (path, options) => fsp.readdir(path, options),
  };
  return { fs, calls };
}

describe('one writer per folder', () => {
  it('a second store is refused with a typed error until the first closes', async () => {
    const dir = folder();
    const first = createFileStore({ dir });
    const second = createFileStore({ dir });
    const id = randomUUID();
    await first.append(id, [event('first')]);
    const error = await second.append(id, [event('second')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataFolderLockedError);
    expect((error as DataFolderLockedError).pid).toBe(process.pid);
    expect((error as Error).message).not.toContain('\n');
    await expect(second.lock()).rejects.toBeInstanceOf(DataFolderLockedError);
    // Readers need no lock.
    expect((await second.list(id)).events.length).toBe(1);
    await first.close();
    await second.append(id, [event('second')]);
    expect((await second.list(id)).events.length).toBe(2);
    await second.close();
    expect(existsSync(join(dir, 'agentwire.lock'))).toBe(false);
  });

  it('a live process in the lock file keeps the folder; a dead one or a stale copy of our own pid does not', async () => {
    const dir = folder();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    children.push(sleeper);
    const lock = (pid: number, token = 'old') =>
      writeFileSync(join(dir, 'agentwire.lock'), JSON.stringify({ pid, startedAt: new Date().toISOString(), token }));
    lock(sleeper.pid as number);
    const store = createFileStore({ dir });
    const error = (await store.lock().catch((caught: unknown) => caught)) as DataFolderLockedError;
    expect(error).toBeInstanceOf(DataFolderLockedError);
    expect(error.pid).toBe(sleeper.pid);
    expect(error.message).toContain(`process ${sleeper.pid}`);
    lock(deadPid());
    await store.lock();
    expect(JSON.parse(readFileSync(join(dir, 'agentwire.lock'), 'utf8')).pid).toBe(process.pid);
    await store.close();
    // A lock left by an earlier run that had this very pid (a restarted container) is stale too.
    lock(process.pid, 'left-by-an-earlier-run');
    const again = createFileStore({ dir });
    await again.lock();
    await again.close();
    // Garbage in the lock file is a stale lock, not a crash.
    writeFileSync(join(dir, 'agentwire.lock'), '{"pid":');
    const third = createFileStore({ dir });
    await third.lock();
    await third.close();
  });
});

/** This machine's boot id and this process's PID namespace, as the lock file holds them (Linux), or nothing. */
function ownIds(): { bootId?: string; pidNamespace?: string } {
  try {
    return { bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), pidNamespace: readlinkSync('/proc/self/ns/pid') };
  } catch {
    return {};
  }
}

// Side by side: each test waits seconds on a heartbeat, in a folder of its own.
describe.concurrent('a lock held in another PID namespace or boot', () => {
  /** Writes a lock file; `beat` touches it every 300 ms (a live holder's heartbeat) until the returned function stops it. */
  function foreignLock(dir: string, content: Record<string, unknown>, beat: boolean): () => void {
    const path = join(dir, 'agentwire.lock');
    writeFileSync(path, `${JSON.stringify({ startedAt: new Date().toISOString(), hostname: hostname(), token: 'theirs', ...content })}\n`);
    if (!beat) return () => undefined;
    const timer = setInterval(() => {
      const now = new Date();
      utimesSync(path, now, now);
    }, 300);
    return () => clearInterval(timer);
  }

  it('our own pid in another PID namespace (two containers, each pid 1) is not our leftover: refused while its heartbeat runs, taken over once silent', async ({
    expect,
  }) => {
    const dir = folder();
    // Simulated: the same pid, host and boot as this process, in a PID namespace that is not ours.
    const stop = foreignLock(dir, { pid: process.pid, ...ownIds(), pidNamespace: 'pid:[4026599999]' }, true);
    const store = createFileStore({ dir });
    try {
      const error = (await store.lock().catch((caught: unknown) => caught)) as DataFolderLockedError;
      expect(error).toBeInstanceOf(DataFolderLockedError);
      expect(error.place).toBe('other-pid-namespace');
      expect(error.message).toContain(`locked by pid ${process.pid} on host ${hostname()} (another PID namespace;`);
      expect(error.message).not.toContain('\n');
      expect(await store.append(randomUUID(), [event('refused')]).catch((caught: unknown) => caught)).toBeInstanceOf(DataFolderLockedError);
      expect(JSON.parse(readFileSync(join(dir, 'agentwire.lock'), 'utf8')).token).toBe('theirs');
    } finally {
      stop();
    }
    // The holder died: its heartbeat stays silent, and the lock is taken over (after 6 s of silence).
    await store.lock();
    expect(JSON.parse(readFileSync(join(dir, 'agentwire.lock'), 'utf8'))).toMatchObject({ pid: process.pid, ...ownIds() });
    await store.close();
  }, 30_000);

  it('a live pid written in an earlier boot is not checked by pid: its silent heartbeat lets the lock be taken over', async ({
    expect,
    onTestFinished,
  }) => {
    const dir = folder();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    // Not in `children`: the tests beside this one must not end it when they finish.
    onTestFinished(() => {
      sleeper.kill('SIGKILL');
    });
    foreignLock(dir, { pid: sleeper.pid, bootId: 'an-earlier-boot', pidNamespace: ownIds().pidNamespace ?? 'pid:[1]' }, false);
    const store = createFileStore({ dir });
    await store.lock();
    expect(JSON.parse(readFileSync(join(dir, 'agentwire.lock'), 'utf8')).pid).toBe(process.pid);
    await store.close();
  }, 30_000);

  it('the holder touches its lock file while it holds it (the heartbeat another namespace watches)', async ({ expect }) => {
    const dir = folder();
    const store = createFileStore({ dir });
    await store.lock();
    const path = join(dir, 'agentwire.lock');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    await new Promise((wait) => setTimeout(wait, 2_500));
    expect(statSync(path).mtimeMs).toBeGreaterThan(old.getTime());
    await store.close();
  }, 30_000);
});

describe('fsync and write failures', () => {
  it('a batch whose fsync failed is written and synced again on retry, never acknowledged from memory', async () => {
    const dir = folder();
    let failSync = 1;
    const { fs, calls } = faultyFs((method, path) => (method === 'sync' && path.endsWith('.jsonl') && failSync-- > 0 ? 'fail' : undefined));
    const store = createFileStore({ dir, fs });
    const id = randomUUID();
    const batch = [event('a'), event('b')];
    await expect(store.append(id, batch)).rejects.toThrow(/EIO/);
    const syncsBefore = calls.filter((call) => call.method === 'sync' && call.path.endsWith('.jsonl')).length;
    await store.append(id, batch); // the sender's retry
    const syncsAfter = calls.filter((call) => call.method === 'sync' && call.path.endsWith('.jsonl')).length;
    expect(syncsAfter).toBe(syncsBefore + 1);
    expect(jsonLines(join(dir, `${id}.jsonl`)).map((line) => line.id)).toEqual(batch.map((item) => item.id));
    await store.close();
    // Read back by a fresh store: each event once.
    expect((await createFileStore({ dir, lock: false }).list(id)).events.map((item) => item.id)).toEqual(batch.map((item) => item.id));
  });

  it('a write cut short (a full disk) leaves no part of the batch behind', async () => {
    const dir = folder();
    let fail = false;
    const { fs } = faultyFs((method, path) => {
      if (method !== 'write' || !path.endsWith('.jsonl') || !fail) return undefined;
      fail = false;
      return 'partial';
    });
    const store = createFileStore({ dir, fs });
    const id = randomUUID();
    const before = [event('kept')];
    await store.append(id, before);
    fail = true;
    const batch = [event('x'.repeat(1000)), event('y')];
    await expect(store.append(id, batch)).rejects.toThrow(/ENOSPC/);
    expect(jsonLines(join(dir, `${id}.jsonl`)).map((line) => line.id)).toEqual(before.map((item) => item.id));
    await store.append(id, batch);
    expect(jsonLines(join(dir, `${id}.jsonl`)).map((line) => line.id)).toEqual([...before, ...batch].map((item) => item.id));
    await store.close();
  });

  it('the folder is synced when a conversation file is created, once', async () => {
    const dir = folder();
    const { fs, calls } = faultyFs(() => undefined);
    const store = createFileStore({ dir, fs });
    const id = randomUUID();
    await store.append(id, [event('one')]);
    await store.append(id, [event('two')]);
    await store.append(randomUUID(), [event('three')]);
    const folderSyncs = calls.filter((call) => call.method === 'sync' && call.path === dir);
    // The lock file's creation, and each of the two conversation files'.
    expect(folderSyncs).toHaveLength(3);
    await store.close();
  });
});

describe('a file changed behind the store', () => {
  it('is read again instead of being cut or extended', async () => {
    const dir = folder();
    const store = createFileStore({ dir });
    const id = randomUUID();
    const file = join(dir, `${id}.jsonl`);
    await store.append(id, [event('1')]);
    writeFileSync(file, ''); // emptied by hand
    await expect(store.append(id, [event('2')])).rejects.toThrow(/changed outside the store/);
    const third = event('3');
    await store.append(id, [third]);
    expect(jsonLines(file).map((line) => line.id)).toEqual([third.id]);
    const extra = event('written by another tool');
    appendFileSync(file, `${JSON.stringify(extra)}\n`);
    await expect(store.append(id, [event('4')])).rejects.toThrow(/changed outside the store/);
    const fifth = event('5');
    await store.append(id, [fifth, third]);
    expect(jsonLines(file).map((line) => line.id)).toEqual([third.id, extra.id, fifth.id]);
    await store.close();
  });
});

describe('torn tails', () => {
  it('are cut off before the next append, so the file stays valid JSON Lines', async () => {
    const dir = folder();
    const id = randomUUID();
    const first = [event('1'), event('2')];
    const store = createFileStore({ dir });
    await store.append(id, first);
    await store.close();
    const file = join(dir, `${id}.jsonl`);
    appendFileSync(file, '{"kind":"MessageEvent","id":"torn","sou'); // a crash in the middle of a write
    const reopened = createFileStore({ dir });
    expect((await reopened.list(id)).events.map((item) => item.id)).toEqual(first.map((item) => item.id));
    const next = event('3');
    await reopened.append(id, [next, ...first]);
    expect(jsonLines(file).map((line) => line.id)).toEqual([...first, next].map((item) => item.id));
    // A complete line without its newline was never acknowledged either.
    appendFileSync(file, JSON.stringify(event('no newline')));
    await reopened.close();
    const third = createFileStore({ dir });
    await third.append(id, [event('4')]);
    expect(jsonLines(file)).toHaveLength(4);
    await third.close();
  });
});

describe('a 600 MiB conversation file', () => {
  it('is appended to and listed as a stream: no read of the whole file, memory stays flat', async () => {
    const dir = folder();
    const id = randomUUID();
    const file = join(dir, `${id}.jsonl`);
    const tail = [event('near the end'), event('at the end')];
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 600 * 1024 * 1024); // sparse: 600 MiB of zero bytes, no disk used
    writeSync(fd, `\n${tail.map((item) => JSON.stringify(item)).join('\n')}\n`, 600 * 1024 * 1024);
    closeSync(fd);
    let largestRead = 0;
    let bytesRead = 0;
    const fs: FileStoreFs = {
      open: async (path, flags, mode) => {
        const handle = await fsp.open(path, flags, mode);
        return {
          read: async (buffer, offset, length, position) => {
            largestRead = Math.max(largestRead, length);
            const result = await handle.read(buffer, offset, length, position);
            bytesRead += result.bytesRead;
            return result;
          },
          write: (buffer, offset, length, position) => handle.write(buffer, offset, length, position),
          stat: () => handle.stat(),
          truncate: (length) => handle.truncate(length),
          sync: () => handle.sync(),
          close: () => handle.close(),
        };
      },
      mkdir: (path, options) => fsp.mkdir(path, options),
      readdir: (path, options) => fsp.readdir(path, options),
    };
    const rss = process.memoryUsage().rss;
    const store = createFileStore({ dir, fs });
    const added = event('appended');
    await store.append(id, [added, tail[1] as Event]);
    const listed = (await store.list(id)).events;
    expect(listed.map((item) => item.id)).toEqual([...tail, added].map((item) => item.id));
    expect(largestRead).toBeLessThanOrEqual(1024 * 1024);
    expect(bytesRead).toBeGreaterThan(1200 * 1024 * 1024); // the file was read through, twice
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
    expect(statSync(file).size).toBeGreaterThan(600 * 1024 * 1024);
    await store.close();
  }, 60_000);
});

describe('memory', () => {
  it('stays bounded over many conversations: writer state is kept for a bounded set, and re-deliveries are still refused', async () => {
    const dir = folder('/dev/shm');
    const store = createFileStore({ dir, maxCachedConversations: 50, maxRememberedIds: 1_000 });
    const ids = Array.from({ length: 400 }, () => randomUUID());
    const first = new Map(ids.map((id) => [id, [event('a'), event('b'), event('c')]]));
    for (const id of ids) await store.append(id, first.get(id) as Event[]);
    const stats = store.stats();
    expect(stats.cachedConversations).toBeLessThanOrEqual(50);
    expect(stats.rememberedIds).toBeLessThanOrEqual(1_000);
    // The first conversations were evicted long ago: a re-delivery reads their file again and is refused.
    for (const id of ids.slice(0, 5)) await store.append(id, first.get(id) as Event[]);
    for (const id of ids.slice(0, 5)) expect(jsonLines(join(dir, `${id}.jsonl`))).toHaveLength(3);
    expect(store.stats().cachedConversations).toBeLessThanOrEqual(50);
    await store.close();
  });

  it('keeps a bounded window of ids for one long conversation', async () => {
    const dir = folder('/dev/shm');
    const store = createFileStore({ dir, dedupeWindow: 100 });
    const id = randomUUID();
    const events = Array.from({ length: 500 }, (_, i) => event(`m${i}`));
    for (let at = 0; at < events.length; at += 50) await store.append(id, events.slice(at, at + 50));
    expect(store.stats().rememberedIds).toBe(100);
    await store.append(id, events.slice(-100)); // a re-delivery of the latest events
    expect(jsonLines(join(dir, `${id}.jsonl`))).toHaveLength(500);
    await store.close();
  });
});
