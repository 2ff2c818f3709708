/**
 * The viewer's list past 10,000 conversations, over the file store and the memory store: the
 * conversation with the latest activity is first even when its id sorts last, and the list's
 * pages, joined by their cursors, hold every conversation once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeEvent, type Event } from '../../src/events/index';
import { createFileStore } from '../../src/stores/file';
import { createMemoryStore, type EventStore, stringifyEvent } from '../../src/stores/index';
import { createViewer, type Viewer } from '../../src/viewer/internal';

const KEY = 'scale-key';
const COUNT = 10_100;
/** The conversation with the latest activity: its id sorts after every other, so a list read by id misses it. */
const NEWEST = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
const assets = { html: '<!doctype html><title>t</title>', script: 'void 0', style: '' };

/** A user message at minute `n` after a start (the newest has the latest timestamp too). */
function message(n: number): Event {
  const at = new Date(Date.UTC(2026, 5, 16) + n * 60_000).toISOString().slice(0, 19);
  return decodeEvent({
    kind: 'MessageEvent',
    id: randomUUID(),
    timestamp: at,
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text: `conversation ${n}` }] },
  });
}

let server: Server | undefined;
let viewer: Viewer | undefined;
const folders: string[] = [];
afterEach(async () => {
  viewer?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(store: EventStore): Promise<string> {
  viewer = createViewer({ source: store, apiKey: KEY, assets });
  const current = viewer;
  server = createServer((req, res) => {
    if (!current.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface ListAnswer {
  conversations: { id: string; events: number; title: string }[];
  cursor?: string | null;
}

async function getList(origin: string, query = ''): Promise<{ body: ListAnswer; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}/viewer/api/conversations${query}`, { headers: { 'x-session-api-key': KEY } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as ListAnswer;
  return { body, ms: performance.now() - started };
}

/** Checks the first page, then joins every page by its cursor; logs the time of the list requests (a figure, not a check). */
async function checkList(origin: string, label: string): Promise<void> {
  const cold = await getList(origin);
  const warm = await getList(origin);
  console.log(`${label}: the list request at ${COUNT} conversations took ${cold.ms.toFixed(0)} ms, then ${warm.ms.toFixed(0)} ms`);
  expect(cold.body.conversations[0]).toMatchObject({ id: NEWEST, events: 1, title: `conversation ${COUNT}` });
  const seen = new Set<string>();
  let page = cold.body;
  for (let pages = 0; pages < 100; pages++) {
    for (const entry of page.conversations) seen.add(entry.id);
    if (typeof page.cursor !== 'string') break;
    page = (await getList(origin, `?${new URLSearchParams({ after: page.cursor })}`)).body;
  }
  expect(seen.size).toBe(COUNT);
}

describe('the viewer list past 10,000 conversations', () => {
  it('lists the latest conversation first over a file store (10,000 files from before it opened, 100 appended since)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-scale-'));
    folders.push(dir);
    // The files a receiver wrote before it restarted, each older than the next.
    const start0 = Date.now() / 1000 - 3 * 86_400;
    for (let n = 1; n <= COUNT - 100; n++) {
      const path = join(dir, `${randomUUID()}.jsonl`);
      writeFileSync(path, `${stringifyEvent(message(n))}\n`);
      utimesSync(path, start0 + n, start0 + n);
    }
    const store = createFileStore({ dir });
    try {
      for (let n = COUNT - 99; n < COUNT; n += 33) {
        const batch = Array.from({ length: Math.min(33, COUNT - n) }, (_, i) => n + i);
        await Promise.all(batch.map((m) => store.append(randomUUID(), [message(m)])));
      }
      await store.append(NEWEST, [message(COUNT)]);
      await checkList(await start(store), 'file store');
    } finally {
      await store.close();
    }
  });

  it('lists the latest conversation first over a memory store', async () => {
    const store = createMemoryStore();
    for (let n = 1; n < COUNT; n++) await store.append(randomUUID(), [message(n)]);
    await store.append(NEWEST, [message(COUNT)]);
    await checkList(await start(store), 'memory store');
  });
});
