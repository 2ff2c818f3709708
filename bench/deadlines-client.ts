/**
 * Waits and answers the fault tests prove by their results, timed here: the API client's
 * `Retry-After` waits, a webhook body a middleware drained, a sender's close after a refused event,
 * a configuration repository whose remote never answers, and file-store conversations beside one
 * whose fsync is slow.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/api/index';
import { decodeEvent } from '../src/events/index';
import { loadConfigRepository } from '../src/skills/index';
import { createFileStore, type FileStoreFs } from '../src/stores/file';
import { createEventSender, createWebhookHandler } from '../src/webhooks/index';
import { toNodeHandler } from '../src/webhooks/node';
import type { TimedRow } from './hostile';
import { elapsedMs, median, pairedMs } from './measure';
import { messageEvent, sleep } from './served';

const KEY = 'bench-key';
const headers = { 'x-session-api-key': KEY, 'content-type': 'application/json' };

/** A loopback server around `listener`, closed by `close`. */
async function listen(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A server answering its `n`th request (from 1) 429 with `Retry-After: value` when `limited(n)`, 200 otherwise. */
const answering = (value: string, limited: (n: number) => boolean) => {
  let calls = 0;
  return listen((req, res) => {
    const refused = limited(++calls);
    req.resume().on('end', () => {
      res.writeHead(refused ? 429 : 200, { 'content-type': 'application/json', ...(refused ? { 'retry-after': value } : {}) });
      res.end(refused ? '{"message":"later"}' : '{"items":[],"next_page_id":null}');
    });
  });
};

/** The client's waits on `Retry-After`, against the times they are bound by. */
async function clientWaits(runs: number): Promise<TimedRow[]> {
  const HUGE = '99999999999999';
  const alternate = await answering(HUGE, (n) => n % 2 === 1);
  const limited = await answering(HUGE, () => true);
  const long = await answering('30', () => true);
  const ok = await answering(HUGE, () => false);
  try {
    const waits: number[] = [];
    const cuts: number[] = [];
    for (let i = 0; i < runs; i++) {
      waits.push(
        await elapsedMs(() => createClient({ baseUrl: alternate.url, apiKey: KEY, maxRetries: 2, timeout: 300 }).sandboxes.search()),
      );
      const controller = new AbortController();
      const api = createClient({ baseUrl: long.url, apiKey: KEY, maxRetries: 2, timeout: 60_000, signal: controller.signal });
      const pending = api.sandboxes.search().then(
        () => performance.now(),
        () => performance.now(),
      );
      await sleep(100);
      const aborted = performance.now();
      controller.abort(new Error('cancelled'));
      cuts.push((await pending) - aborted);
    }
    const client = (url: string) => createClient({ baseUrl: url, apiKey: KEY, maxRetries: 0, timeout: 60_000 });
    const last = await pairedMs(
      () =>
        client(limited.url)
          .sandboxes.search()
          .catch(() => undefined),
      () => client(ok.url).sandboxes.search(),
      runs,
    );
    return [
      {
        what: 'API client, `Retry-After` of 10^14 s, then 200: the whole call',
        ms: median(waits),
        baseline: 'the request timeout, 300 ms',
        baselineMs: 300,
      },
      {
        what: 'API client, a 30 s `Retry-After` wait aborted: abort to rejection',
        ms: median(cuts),
        baseline: 'the wait it cut, 30 s',
        baselineMs: 30_000,
      },
      {
        what: 'API client, `Retry-After` on the last attempt: the `RateLimitError`',
        ...last,
        baseline: 'a request answered 200 by the same server',
      },
    ];
  } finally {
    await Promise.all([alternate.close(), limited.close(), long.close(), ok.close()]);
  }
}

/** A webhook body a middleware read without keeping: the 500, against a request the handler reads itself. */
async function drainedBody(runs: number): Promise<TimedRow> {
  const node = toNodeHandler(createWebhookHandler({ apiKey: KEY }));
  const drained = await listen((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => node(req, res));
  });
  const direct = await listen(node);
  const post = (url: string) => () =>
    fetch(`${url}/api/v1/webhooks/events/${randomUUID()}`, {
      method: 'POST',
      headers,
      body: JSON.stringify([messageEvent('drained')]),
    }).then((response) => response.arrayBuffer());
  try {
    const timed = await pairedMs(post(drained.url), post(direct.url), runs);
    return {
      what: 'webhook body drained by a middleware: the 500',
      ...timed,
      baseline: 'the same request, body read by the handler (200)',
    };
  } finally {
    await Promise.all([drained.close(), direct.close()]);
  }
}

/** `close()` of a sender whose batch holds an event the receiver refuses (413), against the same events without it. */
async function senderClose(runs: number): Promise<TimedRow> {
  const receiver = await listen(toNodeHandler(createWebhookHandler({ apiKey: KEY, maxBodyBytes: 4_000 })));
  const event = (text: string) => decodeEvent(messageEvent(text));
  const close = (poison: boolean) => async () => {
    const sender = createEventSender({
      baseUrl: `${receiver.url}/api/v1/webhooks`,
      sessionApiKey: KEY,
      batchSize: 5,
      flushInterval: 60_000,
      retryDelay: 5,
    });
    const [a, b] = [randomUUID(), randomUUID()];
    sender.send(a, event('a1'));
    sender.send(a, event(poison ? `big${'x'.repeat(5_000)}` : 'a2'));
    sender.send(a, event('a3'));
    sender.send(b, event('b1'));
    sender.send(b, event('b2'));
    await sender.close();
  };
  try {
    const timed = await pairedMs(close(true), close(false), runs);
    return { what: 'event sender `close()`, one event of five refused with 413', ...timed, baseline: 'the same close, no event refused' };
  } finally {
    await receiver.close();
  }
}

/** A configuration repository whose remote accepts the connection and never answers. */
async function hangingRemote(runs: number): Promise<TimedRow> {
  const remote = await listen(() => undefined);
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const cacheDir = mkdtempSync(join(tmpdir(), 'agentwire-bench-config-'));
      try {
        times.push(await elapsedMs(() => loadConfigRepository({ url: `${remote.url}/acme/.agents.git`, cacheDir, timeoutMs: 1000 })));
      } finally {
        rmSync(cacheDir, { recursive: true, force: true });
      }
    }
    return {
      what: '`loadConfigRepository`, a remote that never answers: until `unreachable`',
      ms: median(times),
      baseline: '`timeoutMs: 1000`',
      baselineMs: 1000,
    };
  } finally {
    await remote.close();
  }
}

/** The real file system, each fsync of `slow`'s file 800 ms late. */
function slowSyncFs(slow: string): FileStoreFs {
  return {
    open: async (path, flags, mode) => {
      const handle = await fsp.open(path, flags, mode);
      return {
        read: (buffer, offset, length, position) => handle.read(buffer, offset, length, position),
        write: (buffer, offset, length, position) => handle.write(buffer, offset, length, position),
        stat: () => handle.stat(),
        truncate: (length) => handle.truncate(length),
        close: () => handle.close(),
        sync: async () => {
          if (path.endsWith(`${slow}.jsonl`)) await sleep(800);
          return handle.sync();
        },
      };
    },
    mkdir: (path, options) => fsp.mkdir(path, options),
    readdir: (path, options) => fsp.readdir(path, options),
  };
}

/** Appends to eight conversations while a ninth waits 800 ms on its fsync, against the same appends alone. */
async function slowNeighbour(runs: number): Promise<TimedRow> {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-bench-store-'));
  const slow = randomUUID();
  const store = createFileStore({ dir, fs: slowSyncFs(slow) });
  const batch = (label: string) => Array.from({ length: 5 }, (_, i) => decodeEvent(messageEvent(`${label} ${i}`)));
  const eight = () => Promise.all(Array.from({ length: 8 }, (_, i) => store.append(randomUUID(), batch(`fast ${i}`))));
  try {
    await store.lock();
    await eight();
    const beside: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < runs; i++) {
      const pending = store.append(slow, batch('slow'));
      beside.push(await elapsedMs(eight));
      await pending;
      alone.push(await elapsedMs(eight));
    }
    return {
      what: 'file store, 8 conversations appended while a 9th waits 800 ms on its fsync',
      ms: median(beside),
      baseline: 'the same 8 appends alone',
      baselineMs: median(alone),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every case, `runs` runs each. */
export async function benchClientDeadlines(runs = 3): Promise<TimedRow[]> {
  return [
    ...(await clientWaits(runs)),
    await drainedBody(runs),
    await senderClose(runs),
    await hangingRemote(runs),
    await slowNeighbour(runs),
  ];
}
