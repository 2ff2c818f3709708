/**
 * Hostile input through processes and sockets, timed: a 10 MB launch link on the standard input
 * of the built CLI, and a 10 MiB batch of tiny events posted to the Node adapter and to
 * `agentwire serve`, with a small request sent meanwhile. Each beside a baseline in the same run.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookHandler } from '../src/webhooks/index';
import { toNodeHandler } from '../src/webhooks/node';
import type { TimedRow } from './hostile';
import { elapsedMs, median, pairedMs } from './measure';
import { messageEvent, SERVED_KEY, sleep, startServed } from './served';

const headers = { 'x-session-api-key': SERVED_KEY, 'content-type': 'application/json' };

/** `agentwire launch-link inspect -` of a 10 MB link, against a Node process that only reads the same input. */
function cliLink(runs: number): Promise<TimedRow> {
  const link = `https://app.example.com/launch?plugins=${'QUFB'.repeat(2_500_000)}`;
  const run = (args: string[]) => () => {
    const done = spawnSync(process.execPath, args, { input: link, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (done.error) throw done.error;
  };
  return pairedMs(
    run(['dist/cli/main.js', 'launch-link', 'inspect', '-', '--format', 'json']),
    run(['-e', 'process.stdin.resume()']),
    runs,
  ).then((timed) => ({
    what: '`agentwire launch-link inspect -`, a 10 MB link on standard input',
    ...timed,
    baseline: '`node -e` reading the same input to its end',
  }));
}

/** A loopback server around `listener`. */
async function listen(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Posts `body` and reads the answer; its status. */
const post = (url: string, body: string) =>
  fetch(`${url}/events/${randomUUID()}`, { method: 'POST', headers, body }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

/**
 * The 10 MiB batch against a bare server that reads the same body and answers 413; and a
 * one-event request sent 20 ms after the batch, against the same request alone.
 */
async function tinyEvents(label: string, url: string, bare: string, runs: number): Promise<TimedRow[]> {
  const one = '{"kind":"PauseEvent"}';
  const big = `[${Array(Math.floor((10 * 1024 * 1024 - 2) / (one.length + 1)))
    .fill(one)
    .join(',')}]`;
  const small = () => JSON.stringify([messageEvent('meanwhile')]);
  const refused = await pairedMs(
    () => post(url, big),
    () => post(bare, big),
    runs,
  );
  const meanwhile: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < runs; i++) {
    const pending = post(url, big);
    await sleep(20);
    meanwhile.push(await elapsedMs(() => post(url, small())));
    await pending;
    alone.push(await elapsedMs(() => post(url, small())));
  }
  return [
    {
      what: `${label}, a 10 MiB batch of tiny events (413)`,
      ...refused,
      baseline: 'a bare `node:http` server reading the same body (413)',
    },
    {
      what: `${label}, a one-event request 20 ms into that batch`,
      ms: median(meanwhile),
      baseline: 'the same request alone',
      baselineMs: median(alone),
    },
  ];
}

/** Every case, `runs` runs each. */
export async function benchHostileIo(runs = 3): Promise<TimedRow[]> {
  const bare = await listen((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end('{"detail":"too many events"}');
    });
  });
  const adapter = await listen(toNodeHandler(createWebhookHandler({ apiKey: SERVED_KEY })));
  const served = await startServed();
  try {
    return [
      await cliLink(runs),
      ...(await tinyEvents('`toNodeHandler(createWebhookHandler())`', adapter.url, bare.url, runs)),
      ...(await tinyEvents('`agentwire serve`', served.url, bare.url, runs)),
    ];
  } finally {
    await Promise.all([bare.close(), adapter.close(), served.stop()]);
  }
}
