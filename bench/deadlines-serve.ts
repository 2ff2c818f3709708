/**
 * The deadlines of `agentwire serve`, timed: when each timeout and shutdown deadline takes effect,
 * against the time it was set to. The fault tests prove which one fired (its answer, its line of
 * output); how late is measured here.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { TimedRow } from './hostile';
import { median } from './measure';
import { messageEvent, rawConnection, SERVED_KEY, type Served, sleep, startServed } from './served';

const SLOW = ['--request-timeout', '0.6', '--headers-timeout', '0.3', '--keep-alive-timeout', '0.2'];
const held = (conversation: string) =>
  `POST /api/v1/webhooks/events/${conversation} HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${SERVED_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[{"kind":`;

/** Starts a server with `args`, times `measure` on it, and stops it; `runs` times; the median. */
async function timed(args: string[], measure: (served: Served) => Promise<number>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const served = await startServed(args);
    try {
      times.push(await measure(served));
    } finally {
      await served.stop();
    }
  }
  return median(times);
}

/** SIGTERM while three kept-alive clients post: from the signal to the exit. */
async function keptAlive(served: Served): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 3 });
  const body = () => JSON.stringify([messageEvent('kept alive'), messageEvent('kept alive')]);
  const send = () =>
    new Promise<void>((resolve, reject) => {
      const text = body();
      const req = request(
        `${served.url}/events/${randomUUID()}`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'x-session-api-key': SERVED_KEY, 'content-length': Buffer.byteLength(text) },
        },
        (res) => res.resume().on('end', resolve),
      );
      req.on('error', reject);
      req.end(text);
    });
  // Each client posts until a request fails: the server is gone.
  const clients = Array.from({ length: 3 }, async () => {
    for (;;)
      if (
        !(await send().then(
          () => true,
          () => false,
        ))
      )
        return;
  });
  await sleep(300);
  const signalled = performance.now();
  served.child.kill('SIGTERM');
  const at = await served.exited;
  agent.destroy();
  await Promise.all(clients);
  return at - signalled;
}

/** SIGTERM while a client never finishes its body: from the signal to the exit. */
async function unfinished(served: Served): Promise<number> {
  const { socket } = await rawConnection(served.port);
  socket.write(held(randomUUID()));
  await sleep(200);
  const signalled = performance.now();
  served.child.kill('SIGTERM');
  const at = await served.exited;
  socket.destroy();
  return at - signalled;
}

/** A body a byte per 100 ms: from the headers to the close. */
async function drip(served: Served): Promise<number> {
  const { socket, closed } = await rawConnection(served.port);
  const opened = performance.now();
  socket.write(
    `POST /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${SERVED_KEY}\r\nContent-Length: 1000\r\n\r\n`,
  );
  const dripping = setInterval(() => socket.writable && socket.write('['), 100);
  const at = await closed;
  clearInterval(dripping);
  return at - opened;
}

/** Headers that never end: from their first line to the close. */
async function endlessHeaders(served: Served): Promise<number> {
  const { socket, closed } = await rawConnection(served.port);
  const opened = performance.now();
  socket.write('POST /api/v1/webhooks/events/x HTTP/1.1\r\nHost: x\r\n');
  return (await closed) - opened;
}

/** A kept-alive connection left idle after its answer: from the answer to the close. */
async function idle(served: Served): Promise<number> {
  const { socket, closed, answered } = await rawConnection(served.port);
  socket.write(`GET /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
  return (await closed) - (await answered);
}

/** A connection past `--max-connections 2`: from its connect to its close. */
async function pastMax(served: Served): Promise<number> {
  const kept = [await rawConnection(served.port), await rawConnection(served.port)];
  await sleep(100);
  const opened = performance.now();
  const extra = await rawConnection(served.port);
  const at = await extra.closed;
  for (const connection of kept) connection.socket.destroy();
  return at - opened;
}

/** A request answered on a fresh connection: from its connect to the answer. */
async function answer(served: Served): Promise<number> {
  const opened = performance.now();
  const { socket, answered } = await rawConnection(served.port);
  socket.write(`GET /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const at = await answered;
  socket.destroy();
  return at - opened;
}

/** SIGTERM with an open viewer stream: from the signal to the exit. */
async function viewerStream(served: Served): Promise<number> {
  const conversation = randomUUID();
  const headers = { 'content-type': 'application/json', 'x-session-api-key': SERVED_KEY };
  await fetch(`${served.url}/events/${conversation}`, { method: 'POST', headers, body: JSON.stringify([messageEvent('streamed')]) });
  const origin = served.url.replace(/\/api\/v1\/webhooks$/, '');
  const response = await fetch(`${origin}/viewer/api/conversations/${conversation}/stream`, { headers });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  await reader.read();
  const signalled = performance.now();
  served.child.kill('SIGTERM');
  const at = await served.exited;
  await reader.cancel().catch(() => undefined);
  return at - signalled;
}

/** Every deadline of serve, `runs` runs each. */
export async function benchServeDeadlines(runs = 3): Promise<TimedRow[]> {
  const row = async (what: string, args: string[], measure: (served: Served) => Promise<number>, baseline: string, baselineMs: number) => ({
    what,
    ms: await timed(args, measure, runs),
    baseline,
    baselineMs,
  });
  return [
    await row('SIGTERM under kept-alive load: signal to exit', ['--shutdown-timeout', '2'], keptAlive, '`--shutdown-timeout 2`', 2000),
    await row(
      'SIGTERM with a body never finished: signal to exit',
      ['--shutdown-timeout', '1', '--request-timeout', '60'],
      unfinished,
      '`--shutdown-timeout 1`',
      1000,
    ),
    await row('SIGTERM with an open viewer stream: signal to exit', [], viewerStream, 'the default shutdown deadline, 10 s', 10_000),
    await row('a body sent a byte per 100 ms: headers to close (408)', SLOW, drip, '`--request-timeout 0.6`', 600),
    await row('headers that never end: first line to close (408)', SLOW, endlessHeaders, '`--headers-timeout 0.3`', 300),
    await row('an idle kept-alive connection: answer to close', SLOW, idle, '`--keep-alive-timeout 0.2`', 200),
    {
      what: 'a connection past `--max-connections 2`: connect to close',
      ms: await timed(['--max-connections', '2'], pastMax, runs),
      baseline: 'a request answered on a fresh connection, connect to answer',
      baselineMs: await timed([], answer, runs),
    },
  ];
}
