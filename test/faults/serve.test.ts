/**
 * `agentwire serve` under faults, run as users run it (the built executable): a second receiver
 * on its folder, repeated SIGKILLs under load, SIGTERM with kept-alive and slow clients, slow and
 * idle connections, huge batches, a closed standard output.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../helpers/built';
import { checkJsonLines, KEY, killAll, message, post, type Served, startServe, storedIds } from './serve-process';
import { removeTempFolders, tempFolder } from './temp';

beforeAll(requireBuild);
afterEach(killAll);
afterAll(removeTempFolders);

const folder = () => join(tempFolder('agentwire-serve-faults-'), 'data');
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** A raw connection to the server, with a promise of when the server closed it. */
function rawConnection(port: number, from?: string): Promise<{ socket: Socket; closed: Promise<number>; received: () => string }> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect({ port, host: '127.0.0.1', ...(from ? { localAddress: from } : {}) }, () => {
      const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
      resolve({ socket, closed, received: () => received });
    });
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => undefined);
  });
}

describe('one receiver per data folder', () => {
  it('a second serve on the folder exits with code 2 and one line naming the first', async () => {
    const dir = folder();
    const first = await startServe(dir);
    const second = await startServe(dir).catch((error: { code: number; stderr: string; stdout: string }) => error);
    expect((second as { code: number }).code).toBe(2);
    const stderr = (second as { stderr: string }).stderr;
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`in use by process ${first.child.pid}`);
    expect((await post(first.url, randomUUID(), [message('still mine')])).status).toBe(200);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const third = await startServe(dir);
    third.child.kill('SIGKILL');
    await third.exited;
    // The lock a SIGKILL left behind names a dead process: the next start takes it over.
    const fourth = await startServe(dir);
    expect((await post(fourth.url, randomUUID(), [message('after a crash')])).status).toBe(200);
  });
});

describe('repeated SIGKILL under concurrent load', () => {
  it('keeps every acknowledged event exactly once, and every file valid JSON Lines after each restart', async () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    const conversations = [randomUUID(), randomUUID(), randomUUID()];
    // Batches with one event over 512 KiB: their writes are not atomic, so a kill tears them.
    const batches = Array.from({ length: 90 }, (_, b) => ({
      conversation: conversations[b % 3] as string,
      events: Array.from({ length: 4 }, (_, i) => message(`batch ${b} event ${i}`, i === 0 && b % 4 === 0 ? 600 * 1024 : 0)),
    }));
    const acknowledged = new Set<number>();
    for (let round = 0; round < 5; round++) {
      const served = await startServe(dir);
      checkJsonLines(dir, false); // the start cut what the last crash tore
      const pending = batches.map((_, index) => index).filter((index) => !acknowledged.has(index));
      let acks = 0;
      const clients = Array.from({ length: 4 }, async (_, client) => {
        for (let at = client; at < pending.length; at += 4) {
          const index = pending[at] as number;
          const batch = batches[index] as (typeof batches)[number];
          try {
            const response = await post(served.url, batch.conversation, batch.events);
            if (response.status === 200) {
              acknowledged.add(index);
              acks++;
            }
          } catch {
            return; // the server is gone: the rest is delivered again next round
          }
        }
      });
      const last = round === 4;
      if (!last) {
        while (acks < 8 && acknowledged.size < batches.length) await sleep(5);
        served.child.kill('SIGKILL');
      }
      await Promise.all(clients);
      if (last) {
        served.child.kill('SIGTERM');
        expect((await served.exited).code).toBe(0);
      } else {
        await served.exited;
        // A kill lands inside a write only now and then: tear one the way it would, with the start
        // of a batch that was not acknowledged, at a point that varies with the round.
        const torn = batches.find((_, index) => !acknowledged.has(index));
        if (torn) {
          const text = torn.events.map((event) => JSON.stringify(event)).join('\n');
          // Never past the first newline: a torn tail holds no complete line (a fragment that did
          // would store an event the kill may already have written whole, which no crash can do).
          const cut = Math.min(40 + round * 97, text.indexOf('\n'));
          appendFileSync(join(dir, `${torn.conversation}.jsonl`), text.slice(0, cut));
        }
      }
      checkJsonLines(dir, !last);
    }
    expect(acknowledged.size).toBe(batches.length);
    for (const conversation of conversations) {
      const stored = storedIds(dir, conversation);
      const expected = batches
        .filter((batch) => batch.conversation === conversation)
        .flatMap((batch) => batch.events.map((event) => event.id));
      expect(new Set(stored).size).toBe(stored.length);
      expect(new Set(stored)).toEqual(new Set(expected));
    }
  }, 90_000);
});

describe('SIGTERM', () => {
  it('under kept-alive load: answers in flight with Connection: close, then exits within the deadline', async () => {
    const dir = folder();
    const served = await startServe(dir, ['--api-key', KEY, '--quiet', '--shutdown-timeout', '2']);
    const agent = new Agent({ keepAlive: true, maxSockets: 3 });
    const conversation = randomUUID();
    let signalled = false;
    const afterSignal: (string | undefined)[] = [];
    const acknowledged: string[] = [];
    const send = (events: unknown[]) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const body = JSON.stringify(events);
        const req = request(
          `${served.url}/events/${conversation}`,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'x-session-api-key': KEY, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const clients = Array.from({ length: 3 }, async () => {
      for (;;) {
        const events = [message('kept alive'), message('kept alive')];
        const sentAfterSignal = signalled;
        try {
          const answer = await send(events);
          if (answer.status === 200) acknowledged.push(...events.map((event) => event.id));
          if (sentAfterSignal) afterSignal.push(answer.connection);
        } catch {
          return;
        }
      }
    });
    while (acknowledged.length < 6) await sleep(5);
    signalled = true;
    served.child.kill('SIGTERM');
    await Promise.all(clients);
    const { code } = await served.exited;
    agent.destroy();
    expect(code).toBe(0);
    // Every request in flight was answered before the deadline: none was cut at it (how long the exit
    // takes is measured by `npm run bench`).
    expect(served.stdout()).toMatch(/SIGTERM, stopped\./);
    expect(served.stdout()).not.toContain('still open at the deadline');
    for (const connection of afterSignal) expect(connection).toBe('close');
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = new Set(storedIds(dir, conversation));
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
  });

  it('with a client that never finishes its body: exits at the deadline and says it cut it', async () => {
    const dir = folder();
    const served = await startServe(dir, ['--api-key', KEY, '--quiet', '--shutdown-timeout', '1', '--request-timeout', '60']);
    const { socket, received } = await rawConnection(served.port);
    socket.write(
      `POST /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n[{"kind":`,
    );
    // The server has the request once it says to go on.
    while (!received().includes('100 Continue')) await sleep(10);
    const signalled = Date.now();
    served.child.kill('SIGTERM');
    const { code, at } = await served.exited;
    expect(code).toBe(0);
    // Not before the deadline; the line says the deadline cut the request (how soon after it the
    // process exits is measured by `npm run bench`).
    expect(at - signalled).toBeGreaterThanOrEqual(900);
    expect(served.stdout()).toContain('cut 1 requests still open at the deadline');
    socket.destroy();
  });
});

describe('slow and idle connections', () => {
  const timeouts = ['--api-key', KEY, '--quiet', '--request-timeout', '0.6', '--headers-timeout', '0.3', '--keep-alive-timeout', '0.2'];

  it('a body sent a byte at a time is cut at the request timeout, with a 408', async () => {
    const served = await startServe(folder(), timeouts);
    const { socket, closed, received } = await rawConnection(served.port);
    socket.write(
      `POST /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${KEY}\r\nContent-Length: 1000\r\n\r\n`,
    );
    // A byte every 100 ms would take 100 s to finish the body: the server cuts it at its request timeout
    // (how soon after it is measured by `npm run bench`).
    const drip = setInterval(() => socket.writable && socket.write('['), 100);
    await closed;
    clearInterval(drip);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
    expect(served.stderr()).toContain('refused 408: the request did not arrive in time');
  });

  it('headers that never end are cut at the headers timeout, and an idle kept-alive connection is closed', async () => {
    const served = await startServe(folder(), timeouts);
    // The server closes both (a client that stays silent otherwise waits for the test's timeout); how
    // long after their timeouts is measured by `npm run bench`.
    const slow = await rawConnection(served.port);
    slow.socket.write('POST /api/v1/webhooks/events/x HTTP/1.1\r\nHost: x\r\n');
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    const idle = await rawConnection(served.port);
    idle.socket.write(`GET /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 405/);
    expect(idle.received().match(/HTTP\/1\.1/g)).toHaveLength(1);
  });

  it('past --max-connections, the oldest silent connection makes room; when all are busy, the new one is closed', async () => {
    const served = await startServe(folder(), ['--api-key', KEY, '--quiet', '--max-connections', '2']);
    // Two connections that say nothing: a third one closes the older of them, and is served.
    const silent = [await rawConnection(served.port), await rawConnection(served.port)];
    await sleep(100);
    const third = await rawConnection(served.port);
    await silent[0]?.closed;
    expect(silent[0]?.received()).toBe('');
    third.socket.write(`GET /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await third.closed;
    expect(third.received()).toMatch(/^HTTP\/1\.1 405/);
    silent[1]?.socket.destroy();
    // Two requests in flight (bodies still coming): a new connection is closed without a word, they stay.
    const busy = [await rawConnection(served.port), await rawConnection(served.port)];
    for (const connection of busy)
      connection.socket.write(
        `POST /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${KEY}\r\nContent-Length: 100\r\n\r\n[`,
      );
    await sleep(200);
    const extra = await rawConnection(served.port);
    await extra.closed;
    expect(extra.received()).toBe('');
    let stillOpen = true;
    for (const connection of busy) connection.closed.then(() => (stillOpen = false));
    await sleep(100);
    expect(stillOpen).toBe(true);
    for (const connection of busy) connection.socket.destroy();
    served.child.kill('SIGTERM');
    await served.exited;
    expect(served.stdout()).toContain('closed 1 connections past --max-connections; closed 1 waiting connections to make room');
  });

  it('a connection that sends nothing is closed at the headers timeout, without a word', async () => {
    const served = await startServe(folder(), timeouts);
    const silent = await rawConnection(served.port);
    await silent.closed;
    expect(silent.received()).toBe('');
    served.child.kill('SIGTERM');
    await served.exited;
    expect(served.stdout()).toContain('closed 1 connections that sent no headers in time');
  });

  it('past --max-connections-per-address, the address gives up its own oldest waiting connection', async () => {
    const served = await startServe(folder(), ['--api-key', KEY, '--quiet', '--max-connections-per-address', '2']);
    const own = [await rawConnection(served.port), await rawConnection(served.port)];
    const other = await rawConnection(served.port, '127.0.0.2');
    await sleep(100);
    await rawConnection(served.port);
    await own[0]?.closed;
    let otherOpen = true;
    other.closed.then(() => (otherOpen = false));
    await sleep(100);
    expect(otherOpen).toBe(true);
  });
});

describe('a 10 MiB body of tiny events', () => {
  // How long the refusal takes, and a request sent meanwhile, is measured by `npm run bench` (Hostile input).
  it('is refused with 413, and other clients are served while it arrives', async () => {
    const served = await startServe(folder());
    const one = '{"kind":"PauseEvent"}';
    const body = `[${Array(Math.floor((10 * 1024 * 1024 - 2) / (one.length + 1)))
      .fill(one)
      .join(',')}]`;
    const big = request(`${served.url}/events/${randomUUID()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': KEY, 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<number>((resolve, reject) => {
      big.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      big.on('error', reject);
    });
    // The first half of the batch is sent; while the rest is held back, another client is served.
    const half = Math.floor(body.length / 2);
    await new Promise((sent) => big.write(body.slice(0, half), sent));
    expect((await post(served.url, randomUUID(), [message('meanwhile')])).status).toBe(200);
    big.end(body.slice(half));
    expect(await answer).toBe(413);
    while (!served.stderr().includes('The batch holds')) await sleep(10);
    expect(served.stderr()).toContain('refused 413 POST /api/v1/webhooks/events/');
    expect(served.stderr()).toContain('The batch holds more than 1000 events');
  });
});

describe('standard output going away', () => {
  it('never stops the receiver: events are still stored and the exit is clean', async () => {
    const dir = folder();
    const served: Served = await startServe(dir, ['--api-key', KEY]);
    served.child.stdout?.destroy(); // as `agentwire serve | head` once head exits
    const conversation = randomUUID();
    const batches = Array.from({ length: 5 }, (_, b) => [message(`line ${b}`), message(`line ${b}`)]);
    for (const batch of batches) expect((await post(served.url, conversation, batch)).status).toBe(200);
    expect(served.child.exitCode).toBeNull();
    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
    expect(storedIds(dir, conversation)).toHaveLength(10);
  });
});

describe('a conversation file of 600 MiB', () => {
  it('is appended to by serve and listed by events list and conversations', async () => {
    const { openSync, ftruncateSync, writeSync, closeSync, mkdirSync } = await import('node:fs');
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    const conversation = randomUUID();
    const file = join(dir, `${conversation}.jsonl`);
    const tail = [message('near the end'), message('at the end')];
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 600 * 1024 * 1024);
    writeSync(fd, `\n${tail.map((event) => JSON.stringify(event)).join('\n')}\n`, 600 * 1024 * 1024);
    closeSync(fd);
    const served = await startServe(dir);
    const added = message('appended after a restart');
    expect((await post(served.url, conversation, [added, tail[0]])).status).toBe(200);
    served.child.kill('SIGTERM');
    await served.exited;
    expect(storedIds(dir, conversation)).toEqual([...tail, added].map((event) => event.id));
    expect(statSync(file).size).toBeGreaterThan(600 * 1024 * 1024);
    expect(readdirSync(dir).filter((name) => name.endsWith('.jsonl'))).toHaveLength(1);
  }, 60_000);
});
