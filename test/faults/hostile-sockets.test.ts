/**
 * `agentwire serve` with its default limits beside 5,000 hostile sockets (silent ones, headers a
 * byte a second, viewer streams, each opened again as it closes, from 50 loopback addresses):
 * a sender's deliveries keep being acknowledged, and every acknowledged event is stored.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../helpers/built';
import { KEY, killAll, message, post, startServe, storedIds } from './serve-process';
import { removeTempFolders, tempFolder } from './temp';

beforeAll(requireBuild);
afterEach(killAll);
afterAll(removeTempFolders);

const HOSTILE = fileURLToPath(new URL('./hostile-sockets.mjs', import.meta.url));
const SOCKETS = 5000;
const WORKERS = 4;
const PER_WORKER = 50;
/** How long the sender delivers; what it did not get to counts as not delivered. */
const WINDOW_MS = 30_000;

interface Counts {
  launched: number;
  opened: number;
  open: number;
  peakOpen: number;
  streams200: number;
  streams503: number;
  retryAfter: number;
  slow408: number;
}

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

function report(child: ChildProcess, what: 'report' | 'stop'): Promise<Counts> {
  return new Promise((resolve) => {
    child.once('message', (counts) => resolve(counts as Counts));
    child.send(what);
  });
}

describe('hostile sockets', () => {
  it('5,000 silent, slow and streaming sockets do not stop deliveries', async () => {
    const dir = join(tempFolder('agentwire-serve-hostile-'), 'data');
    const served = await startServe(dir);
    const hostile = fork(
      HOSTILE,
      [JSON.stringify({ port: served.port, sockets: SOCKETS, addresses: 50, key: KEY, conversation: randomUUID() })],
      {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      },
    );
    try {
      // Every hostile socket has connected once before the sender starts.
      let counts = await report(hostile, 'report');
      for (let tries = 0; tries < 300 && (counts.launched < SOCKETS || counts.opened < SOCKETS); tries++) {
        await sleep(100);
        counts = await report(hostile, 'report');
      }
      expect(counts.opened).toBeGreaterThanOrEqual(SOCKETS);

      const end = Date.now() + WINDOW_MS;
      const acknowledged = new Map<string, string[]>();
      let attempts = 0;
      let delivered = 0;
      const failures = new Map<string, number>();
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          const conversation = randomUUID();
          const ids: string[] = [];
          acknowledged.set(conversation, ids);
          for (let n = 0; n < PER_WORKER && Date.now() < end; n++) {
            const batch = Array.from({ length: 5 }, (_, i) => message(`delivery ${n} event ${i}`));
            attempts++;
            try {
              const response = await post(served.url, conversation, batch, KEY, AbortSignal.timeout(10_000));
              await response.arrayBuffer();
              if (response.status === 200) {
                delivered++;
                ids.push(...batch.map((event) => event.id));
              } else failures.set(String(response.status), (failures.get(String(response.status)) ?? 0) + 1);
            } catch (error) {
              const why = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name);
              failures.set(why, (failures.get(why) ?? 0) + 1);
            }
          }
        }),
      );
      counts = await report(hostile, 'stop');
      console.log(
        `hostile sockets: ${counts.opened} connections opened (${counts.peakOpen} open at most on the client side), ` +
          `streams ${counts.streams200} × 200 / ${counts.streams503} × 503 (${counts.retryAfter} with Retry-After), ` +
          `slow headers ${counts.slow408} × 408; deliveries ${delivered} of ${WORKERS * PER_WORKER} acknowledged ` +
          `in ${attempts} attempts; failures ${JSON.stringify(Object.fromEntries(failures))}`,
      );

      expect(delivered).toBeGreaterThanOrEqual(0.95 * WORKERS * PER_WORKER);
      // Streams past the cap were told when to come back.
      expect(counts.streams503).toBeGreaterThan(0);
      expect(counts.retryAfter).toBe(counts.streams503);

      served.child.kill('SIGTERM');
      expect((await served.exited).code).toBe(0);
      for (const [conversation, ids] of acknowledged) {
        const stored = new Set(storedIds(dir, conversation));
        for (const id of ids) expect(stored.has(id), `acknowledged event ${id} is stored`).toBe(true);
      }
    } finally {
      if (hostile.connected) hostile.kill('SIGKILL');
    }
  }, 120_000);
});
