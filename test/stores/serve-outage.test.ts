/**
 * `agentwire serve` outlives its database: two receivers (the built executable) on a PostgreSQL
 * server of the test's own, 16 senders posting concurrently, each a conversation of its own and a
 * batch at a time, again on the other receiver until acknowledged. The server is stopped as
 * `pg_ctl stop -m fast` does and started again, then as `-m immediate` does and started again.
 * Neither receiver exits; while the database is away they answer 503; afterwards they acknowledge
 * again; every acknowledged event is stored exactly once, in order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, KEY, killAll, message, post, type Served, startServeWith } from '../faults/serve-process';
import { requireBuild } from '../helpers/built';
import { type RestartablePostgres, startRestartablePostgres } from './restartable-postgres';

let server: RestartablePostgres;
beforeAll(async () => {
  requireBuild();
  server = await startRestartablePostgres();
});
afterAll(async () => {
  await server?.end();
});
afterEach(killAll);

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** Resolves once `condition` holds, polling; rejects after `ms` (a hang guard, not a measure). */
async function until(condition: () => boolean, what: string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

describe('agentwire serve on PostgreSQL while the database restarts', () => {
  it('keeps running, answers 503 while it is away, and stores every acknowledged event once', async () => {
    const args = ['--store', server.url, '--api-key', KEY, '--quiet'];
    const replicas: Served[] = [await startServeWith(args), await startServeWith(args)];
    const senders = 16;
    const batchesPerSender = 16;
    const conversations = Array.from({ length: senders }, () => randomUUID());
    const sent = conversations.map(() => Array.from({ length: batchesPerSender }, () => Array.from({ length: 5 }, () => message('m'))));
    const total = senders * batchesPerSender;
    let acknowledged = 0;
    const refused: number[] = [];
    const send = async (s: number) => {
      for (let b = 0; b < batchesPerSender; b++) {
        for (let attempt = 0; ; attempt++) {
          const replica = replicas[(s + b + attempt) % 2] as Served;
          const status = await post(replica.url, conversations[s] as string, sent[s]?.[b] as unknown[]).then(
            async (response) => {
              await response.arrayBuffer();
              return response.status;
            },
            () => 0,
          );
          if (status === 200) {
            acknowledged++;
            break;
          }
          refused.push(status);
          if (attempt > 5_000) throw new Error(`batch ${b} of sender ${s} was never acknowledged`);
          await sleep(25);
        }
      }
    };
    const sending = Promise.all(conversations.map((_, s) => send(s)));
    for (const [at, mode] of [
      [total / 4, 'fast'],
      [total / 2, 'immediate'],
    ] as const) {
      await until(() => acknowledged >= at, `${at} acknowledged batches`);
      const before = refused.length;
      await server.stop(mode);
      await until(() => refused.length >= before + senders, 'answers while the database is away');
      await server.start();
    }
    await sending;

    expect(refused.length).toBeGreaterThan(0);
    // The database away is StoreUnavailableError: 503 with Retry-After, never a 4xx the sender drops.
    expect(new Set(refused)).toEqual(new Set([503]));
    for (const replica of replicas) expect(replica.child.exitCode).toBe(null);
    for (const [s, id] of conversations.entries()) {
      const run = cli(['events', 'list', id, '--store', server.url, '--json']);
      expect(run.status).toBe(0);
      expect((JSON.parse(run.stdout) as { id: string }[]).map((event) => event.id)).toEqual(
        (sent[s] as { id: string }[][]).flat().map((event) => event.id),
      );
    }
    for (const replica of replicas) replica.child.kill('SIGTERM');
    for (const replica of replicas) expect((await replica.exited).code).toBe(0);
  }, 240_000);
});
