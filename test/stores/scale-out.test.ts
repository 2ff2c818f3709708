/**
 * Scale-out, end to end: two `agentwire serve` processes (the built executable) on one PostgreSQL
 * database. A client sends a conversation of 2,000 events in order, batch after batch, to one
 * replica, and re-delivers a third of the batches to the other at the same moment; one replica is
 * killed (SIGKILL) mid-run and started again. Every acknowledged event is stored exactly once, in
 * order, and `agentwire events list` gives the same answer through either replica's settings.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, KEY, killAll, message, post, type Served, startServeWith } from '../faults/serve-process';
import { requireBuild } from '../helpers/built';
import { databaseUrl } from './postgres';

beforeAll(requireBuild);
afterEach(killAll);

/** A database of its own for the test, dropped at the end. */
let database: { name: string; url: string; admin: pg.Client } | undefined;
afterAll(async () => {
  if (!database) return;
  await database.admin.query(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`).catch(() => undefined);
  await database.admin.end();
});

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: await databaseUrl() });
  await admin.connect();
  const name = `agentwire_scale_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(await databaseUrl());
  url.pathname = `/${name}`;
  database = { name, url: url.toString(), admin };
  return database.url;
}

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describe('two agentwire serve on one PostgreSQL database', () => {
  it('store every acknowledged event exactly once, in order, through re-deliveries and a SIGKILL', async () => {
    const url = await freshDatabase();
    const args = ['--store', url, '--api-key', KEY, '--quiet'];
    const replicas: Served[] = [await startServeWith(args), await startServeWith(args)];
    const conversation = randomUUID();
    const events = Array.from({ length: 2_000 }, (_, i) => message(`event ${i}`));
    const batches = Array.from({ length: 400 }, (_, b) => events.slice(b * 5, b * 5 + 5));
    const acknowledged = new Set<number>();
    /** POSTs a batch to a replica: its status, or 0 when the replica cannot be reached. */
    const send = (replica: number, batch: number) =>
      post((replicas[replica] as Served).url, conversation, batches[batch] as unknown[]).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.add(batch);
          return response.status;
        },
        () => 0,
      );
    const redeliveries: Promise<number>[] = [];
    let killed = false;
    let restarted: Promise<void> | undefined;
    for (let b = 0; b < batches.length; b++) {
      const primary = b % 2;
      // A third of the batches reach the other replica too, at the same moment (the sender retried).
      if (b % 3 === 0) redeliveries.push(send(1 - primary, b));
      // As a sender does: the same batch again (here through the load balancer's other choice) until it is acknowledged.
      for (let attempt = 0; (await send(attempt % 2 === 0 ? primary : 1 - primary, b)) !== 200; attempt++) {
        expect(attempt, `batch ${b} was never acknowledged`).toBeLessThan(200);
        await sleep(10);
      }
      if (b === 120) {
        // Mid-run, with a re-delivery maybe in flight: replica 1 dies, and comes back a little later.
        (replicas[1] as Served).child.kill('SIGKILL');
        killed = true;
      }
      if (b === 200 && killed)
        restarted = startServeWith(args).then((served) => {
          replicas[1] = served;
        });
    }
    await restarted;
    await Promise.all(redeliveries);
    expect(acknowledged.size).toBe(batches.length);

    const ids = events.map((event) => event.id);
    const listed = (env: Record<string, string>, store: string) => {
      const run = cli(['events', 'list', conversation, '--store', store, '--json'], env);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return (JSON.parse(run.stdout) as { id: string }[]).map((event) => event.id);
    };
    // Each replica's settings: one names the database in --store, the other in DATABASE_URL.
    const first = listed({}, url);
    const second = listed({ DATABASE_URL: url }, 'postgres');
    expect(first).toEqual(ids);
    expect(second).toEqual(first);
    const summary = cli(['conversations', '--store', url, '--json']);
    expect(JSON.parse(summary.stdout)).toMatchObject([{ id: conversation, events: 2_000, lastKind: 'MessageEvent' }]);
    for (const replica of replicas) replica.child.kill('SIGTERM');
    for (const replica of replicas) expect((await replica.exited).code).toBe(0);
  }, 120_000);
});
