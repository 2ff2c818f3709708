/**
 * Replicas that survive their database: two webhook handlers, each with a PostgreSQL store of its
 * own (two replicas) on a server of the test's own, 16 senders posting concurrently, each a
 * conversation of its own and a batch at a time (as the event sender does: the next batch once
 * the last is acknowledged, a failed one again, on either replica). Meanwhile the server is stopped as `pg_ctl stop -m fast` does, started
 * again, stopped as `-m immediate` does, started again, and every session of the stores is ended
 * with `pg_terminate_backend`. Nothing crashes; while the database is away, the handlers answer
 * 503 (with Retry-After) and their stores reject with a `StoreUnavailableError`; afterwards batches are acknowledged
 * again without a restart of anything; every
 * acknowledged event is stored exactly once, in order; a watch of every conversation on one
 * replica and a watch of one conversation on the other yield each event once, in order, across
 * the outages.
 */
import { randomUUID } from 'node:crypto';
import { iterateEvents, type StoredEvent, StoreUnavailableError } from 'agentwire/stores';
import { createPostgresStore, type PostgresStore } from 'agentwire/stores/postgres';
import { createWebhookHandler } from 'agentwire/webhooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from './postgres';
import { type RestartablePostgres, startRestartablePostgres } from './restartable-postgres';

let server: RestartablePostgres;
beforeAll(async () => {
  server = await startRestartablePostgres();
});
afterAll(async () => {
  await server?.end();
});

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** Resolves once `condition` holds, polling; rejects after `ms` (a hang guard, not a measure). */
async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

let tick = 0;
/** A user message as the service sends it. */
const message = (text: string) => ({
  kind: 'MessageEvent',
  id: randomUUID(),
  timestamp: new Date(1_781_588_358_000 + ++tick * 1000).toISOString().slice(0, 19),
  source: 'user',
  llm_message: { role: 'user', content: [{ type: 'text', text }] },
});
const headers = { 'x-session-api-key': 'k' };

/** Ends every session of the database but the caller's. */
async function terminateBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL replicas while their database restarts', () => {
  it('answer with typed errors while it is away, recover on their own, and lose no acknowledged event', async () => {
    const table = freshTable();
    const replicas: PostgresStore[] = [0, 1].map(() => createPostgresStore({ connectionString: server.url, max: 8 }, { table }));
    await replicas[0]?.ready();
    const handlers = replicas.map((store) => createWebhookHandler({ apiKey: 'k', store }));
    const storeErrors: unknown[] = [];
    for (const handler of handlers) handler.onError((error) => storeErrors.push(...error.errors));

    const senders = 16;
    const batchesPerSender = 24;
    const conversations = Array.from({ length: senders }, () => randomUUID());
    const sent = conversations.map((_, s) =>
      Array.from({ length: batchesPerSender }, (_, b) => Array.from({ length: 5 }, (_, e) => message(`${s}.${b}.${e}`))),
    );
    const total = senders * batchesPerSender;

    // Watches from the start of the table: every conversation on replica 1, the first on replica 0.
    const stop = new AbortController();
    const watchedAll: StoredEvent[] = [];
    const watchedOne: StoredEvent[] = [];
    const watchErrors: unknown[] = [];
    const drain = async (watch: AsyncIterable<StoredEvent>, into: StoredEvent[]) => {
      try {
        for await (const item of watch) into.push(item);
      } catch (error) {
        watchErrors.push(error);
      }
    };
    const watching = [
      drain((replicas[1] as PostgresStore).watch(undefined, { after: '0', signal: stop.signal }), watchedAll),
      drain((replicas[0] as PostgresStore).watch(conversations[0] as string, { after: '0', signal: stop.signal }), watchedOne),
    ];

    let acknowledged = 0;
    const failures: number[] = [];
    const send = async (s: number) => {
      for (let b = 0; b < batchesPerSender; b++) {
        for (let attempt = 0; ; attempt++) {
          const handler = handlers[(s + b + attempt) % 2] as (typeof handlers)[number];
          const answer = await handler.receive({ conversationId: conversations[s] as string, headers, body: { json: sent[s]?.[b] } });
          if (answer.status === 200) {
            acknowledged++;
            break;
          }
          failures.push(answer.status);
          if (attempt > 5_000) throw new Error(`batch ${b} of sender ${s} was never acknowledged`);
          await sleep(25);
        }
      }
    };
    const sending = Promise.all(conversations.map((_, s) => send(s)));

    /** Lets a quarter of the batches through, takes the database away, waits for appends to fail, then brings it back. */
    const outage = async (at: number, away: () => Promise<void>, back: () => Promise<void>) => {
      await until(() => acknowledged >= at, `${at} acknowledged batches`);
      const before = failures.length;
      await away();
      await until(() => failures.length >= before + senders, 'appends failing while the database is away');
      await back();
    };
    await outage(
      total / 4,
      () => server.stop('fast'),
      () => server.start(),
    );
    await outage(
      total / 2,
      () => server.stop('immediate'),
      () => server.start(),
    );
    await until(() => acknowledged >= (total * 3) / 4, 'three quarters acknowledged');
    expect(await terminateBackends(server.url)).toBeGreaterThan(0);
    await sending;

    expect(failures.length).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(new Set([503]));
    expect(storeErrors).toHaveLength(failures.length);
    for (const error of storeErrors) expect(error, String(error)).toBeInstanceOf(StoreUnavailableError);

    // Every acknowledged event once, in order, through either replica.
    for (const [s, id] of conversations.entries()) {
      const expected = (sent[s] as { id: string }[][]).flat().map((event) => event.id);
      for (const replica of replicas) {
        const stored: string[] = [];
        for await (const event of iterateEvents(replica, id)) stored.push(event.id);
        expect(stored).toEqual(expected);
      }
    }
    const summaries = (await (replicas[1] as PostgresStore).conversations({ limit: 1_000 })).conversations;
    expect(summaries.map((summary) => summary.events)).toEqual(summaries.map(() => batchesPerSender * 5));

    // The watches caught up on what was stored while they were cut off, each event once.
    await until(() => watchedAll.length >= total * 5 && watchedOne.length >= batchesPerSender * 5, 'the watches to catch up');
    stop.abort();
    await Promise.all(watching);
    expect(watchErrors).toEqual([]);
    for (const [s, id] of conversations.entries()) {
      const expected = (sent[s] as { id: string }[][]).flat().map((event) => event.id);
      expect(watchedAll.filter((item) => item.conversationId === id).map((item) => item.event.id)).toEqual(expected);
      if (s === 0) expect(watchedOne.map((item) => item.event.id)).toEqual(expected);
    }
    expect(watchedAll).toHaveLength(total * 5);

    for (const replica of replicas) await replica.close();
  }, 240_000);
});
