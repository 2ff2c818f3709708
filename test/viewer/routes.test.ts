/**
 * The viewer's read endpoints over a loopback server, without a browser: the key, the one-time
 * token, cursors, and the stream (resume with Last-Event-ID, heartbeats, polling or watch).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../../src/events/index';
import { createMemoryStore } from '../../src/stores/index';
import { createViewer, type Viewer, type ViewerOptions, type ViewerSource } from '../../src/viewer/internal';

const KEY = 'routes-key';
const ID = '6c1f2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const event = (n: number) =>
  ({ id: `e${n}`, timestamp: `2026-06-16T05:40:${String(n).padStart(2, '0')}`, source: 'agent', kind: 'PauseEvent' }) as unknown as Event;
const assets = { html: '<!doctype html><title>t</title>', script: 'void 0', style: '' };

/** The memory store, and the same without its watch (a store that makes the viewer poll). */
function memory(live: boolean) {
  const store = createMemoryStore();
  const source: ViewerSource = live
    ? store
    : { list: (id, options) => store.list(id, options), conversations: (options) => store.conversations(options) };
  return { source, push: (...events: Event[]) => store.append(ID, events) };
}

let server: Server | undefined;
let viewer: Viewer | undefined;
afterEach(async () => {
  viewer?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
});

async function start(source: ViewerSource, admitStream?: ViewerOptions['admitStream']): Promise<string> {
  viewer = createViewer({ source, apiKey: KEY, assets, timings: { heartbeatMs: 50, pollMs: 20 }, ...(admitStream ? { admitStream } : {}) });
  const current = viewer;
  server = createServer((req, res) => {
    if (!current.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Conversations with ids that sort in the other order than their activity, each with one event. */
const OTHERS = ['f0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000003'];

/** The events of the list stream, as `[kind, ids]`: the ids of a `list`, the id of an `entry`. */
const listEvents = (text: string) =>
  [...text.matchAll(/^event: (list|entry)\ndata: (.*)$/gm)].map((match) => {
    const data = JSON.parse(match[2] as string) as { id: string; conversations?: { id: string }[] };
    return [match[1], data.conversations ? data.conversations.map((entry) => entry.id) : data.id];
  });

/** Reads a stream until `until` holds on the text so far, then stops. */
async function readStream(url: string, headers: Record<string, string>, until: (text: string) => boolean): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { 'x-session-api-key': KEY, ...headers }, signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  controller.abort();
  return text;
}

const ids = (text: string) => [...text.matchAll(/^data: (.*)$/gm)].map((match) => (JSON.parse(match[1] as string) as { id: string }).id);

describe('the viewer routes', () => {
  it('answers only with the key or a session from the one-time token', async () => {
    const { source, push } = memory(false);
    await push(event(1));
    const origin = await start(source);
    expect((await fetch(`${origin}/viewer/api/conversations`)).status).toBe(401);
    expect(await (await fetch(`${origin}/viewer/api/conversations`)).json()).toEqual({
      detail: 'X-Session-API-Key header or viewer session required',
    });
    expect((await fetch(`${origin}/viewer/?token=guess`, { redirect: 'manual' })).status).toBe(401);
    const token = viewer?.token as string;
    const signIn = await fetch(`${origin}/viewer?token=${token}`, { redirect: 'manual' });
    expect([signIn.status, signIn.headers.get('location')]).toEqual([303, '/viewer/']);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(viewer?.token).not.toBe(token);
    expect((await fetch(`${origin}/viewer?token=${token}`, { redirect: 'manual' })).status).toBe(401);
    const page = await fetch(`${origin}/viewer/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const list = await fetch(`${origin}/viewer/api/conversations`, { headers: { cookie } });
    expect(
      ((await list.json()) as { conversations: { id: string; events: number }[] }).conversations.map((entry) => [entry.id, entry.events]),
    ).toEqual([[ID, 1]]);
    expect((await fetch(`${origin}/viewer/api/conversations`, { method: 'POST', headers: { cookie } })).status).toBe(405);
    expect((await fetch(`${origin}/elsewhere`)).status).toBe(404);
  });

  it('pages events with a cursor, and refuses bad ids and limits', async () => {
    const { source, push } = memory(false);
    await push(event(1), event(2), event(3));
    const origin = await start(source);
    const get = async (path: string) => {
      const response = await fetch(`${origin}${path}`, { headers: { 'x-session-api-key': KEY } });
      return [response.status, await response.json()];
    };
    const compact = ID.replaceAll('-', '');
    expect(await get(`/viewer/api/conversations/${compact}/events?limit=2`)).toEqual([200, { events: [event(1), event(2)], cursor: '2' }]);
    expect(await get(`/viewer/api/conversations/${ID}/events?after=2`)).toEqual([200, { events: [event(3)], cursor: '3' }]);
    expect(await get(`/viewer/api/conversations/${ID}/events?limit=0`)).toEqual([
      422,
      { detail: 'limit must be a whole number from 1 to 1000' },
    ]);
    expect(await get('/viewer/api/conversations/not-an-id/events')).toEqual([404, { detail: 'Not Found' }]);
    for (const malformed of ['%zz', '%e2%82', `${compact}%`]) {
      expect(await get(`/viewer/api/conversations/${malformed}/events`)).toEqual([404, { detail: 'Not Found' }]);
    }
    expect(await get(`/viewer/api/conversations/${ID}/events?after=nonsense`)).toEqual([
      422,
      { detail: 'invalid cursor "nonsense": it is not a cursor of this store' },
    ]);
  });

  it('streams what is stored, then new events by polling, with heartbeats, and resumes from Last-Event-ID', async () => {
    const { source, push } = memory(false);
    await push(event(1), event(2));
    const origin = await start(source);
    const url = `${origin}/viewer/api/conversations/${ID}/stream`;
    // The new event is stored once the stream has sent what was stored before it, whatever the load.
    let pushed = false;
    const first = await readStream(url, {}, (text) => {
      if (!pushed && ids(text).length === 2) {
        pushed = true;
        void push(event(3));
      }
      return ids(text).length === 3 && text.includes(': heartbeat');
    });
    expect(ids(first)).toEqual(['e1', 'e2', 'e3']);
    expect(first.startsWith('retry: 2000\n\n')).toBe(true);
    expect([...first.matchAll(/^id: (.*)$/gm)].map((match) => match[1])).toEqual(['2', '3']);
    const resumed = await readStream(url, { 'last-event-id': '2' }, (text) => ids(text).length === 1);
    expect(ids(resumed)).toEqual(['e3']);
    const refused = await fetch(url, { headers: { 'x-session-api-key': KEY, 'last-event-id': 'bogus' } });
    expect([refused.status, refused.headers.get('content-type')]).toEqual([422, 'application/json']);
    const after = await readStream(`${url}?after=1`, {}, (text) => ids(text).length === 2);
    expect(ids(after)).toEqual(['e2', 'e3']);
  });

  it('follows the store’s watch when it has one', async () => {
    const { source, push } = memory(true);
    await push(event(1));
    const origin = await start(source);
    let pushed = false;
    const text = await readStream(`${origin}/viewer/api/conversations/${ID}/stream`, {}, (so) => {
      if (!pushed && ids(so).length === 1) {
        pushed = true;
        void push(event(2), event(3));
      }
      return ids(so).length === 3;
    });
    expect(ids(text)).toEqual(['e1', 'e2', 'e3']);
    expect([...text.matchAll(/^id: (.*)$/gm)].map((match) => match[1])).toEqual(['1', '2', '3']);
  });

  it('answers 503 with Retry-After when the receiver has no room for another stream', async () => {
    const { source, push } = memory(true);
    await push(event(1));
    let room = 1;
    const origin = await start(source, () => room-- > 0);
    const url = `${origin}/viewer/api/conversations/${ID}/stream`;
    const first = await readStream(url, {}, (text) => ids(text).length === 1);
    expect(ids(first)).toEqual(['e1']);
    const refused = await fetch(url, { headers: { 'x-session-api-key': KEY } });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '5']);
    expect(await refused.json()).toEqual({ detail: 'Too many live streams are open; try again later' });
    const list = await fetch(`${origin}/viewer/api/conversations/stream`, { headers: { 'x-session-api-key': KEY } });
    expect([list.status, list.headers.get('retry-after')]).toEqual([503, '5']);
  });

  it('pages the conversations by recent activity, with or without the store’s recentConversations', async () => {
    for (const indexed of [true, false]) {
      const store = createMemoryStore();
      // Activity (and timestamps) in the order f…, e…, d…, then ID: the reverse of the ids' order.
      for (const [n, id] of [...OTHERS, ID].entries()) await store.append(id, [event(n + 1)]);
      const source: ViewerSource = indexed
        ? store
        : { list: (id, options) => store.list(id, options), conversations: (options) => store.conversations(options) };
      const origin = await start(source);
      const get = async (query: string) => {
        const response = await fetch(`${origin}/viewer/api/conversations${query}`, { headers: { 'x-session-api-key': KEY } });
        return [response.status, await response.json()] as [number, { conversations: { id: string }[]; cursor: string | null }];
      };
      const [status, first] = await get('?limit=3');
      expect([status, first.conversations.map((entry) => entry.id)]).toEqual([200, [ID, ...OTHERS.slice().reverse().slice(0, 2)]]);
      const [, second] = await get(`?limit=3&after=${encodeURIComponent(first.cursor as string)}`);
      expect([second.conversations.map((entry) => entry.id), second.cursor]).toEqual([[OTHERS[0]], null]);
      expect((await get('?limit=0'))[0]).toBe(422);
      expect(await get('?after=nonsense')).toEqual([422, { detail: 'invalid cursor "nonsense": it is not a cursor of this store' }]);
      viewer?.close();
      server?.closeAllConnections();
      await new Promise((done) => server?.close(done));
    }
  });

  it('streams the list: its first page, then each conversation that gets events, on top', async () => {
    for (const indexed of [true, false]) {
      const store = createMemoryStore();
      for (const [n, id] of OTHERS.entries()) await store.append(id, [event(n + 1)]);
      const source: ViewerSource = indexed
        ? store
        : { list: (id, options) => store.list(id, options), conversations: (options) => store.conversations(options) };
      const origin = await start(source);
      setTimeout(() => void store.append(ID, [event(10)]).then(() => store.append(OTHERS[0] as string, [event(11), event(12)])), 60);
      const text = await readStream(`${origin}/viewer/api/conversations/stream`, {}, (so) => listEvents(so).length >= 3);
      expect(listEvents(text)).toEqual([
        ['list', OTHERS.slice().reverse()],
        ['entry', ID],
        ['entry', OTHERS[0]],
      ]);
      expect(text).toContain('"events":3');
      viewer?.close();
      server?.closeAllConnections();
      await new Promise((done) => server?.close(done));
    }
  });
});
