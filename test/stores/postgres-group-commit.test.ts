/**
 * Group commit of the PostgreSQL store, on a real server: many appends to several conversations
 * called at once share few transactions (counted at the pool: one `COMMIT` each), every event is
 * stored once, each conversation in the order `append` was called, each caller is told what it
 * stored; a batch the database refuses inside a group fails alone, and the others are stored.
 */
import { randomUUID } from 'node:crypto';
import { decodeEvent, type Event } from 'agentwire/events';
import { StoreUnavailableError } from 'agentwire/stores';
import { createPostgresStore, type PostgresPool } from 'agentwire/stores/postgres';
import { describe, expect, it } from 'vitest';
import { filePool, interceptedPool } from './postgres';

const db = filePool(10);

const message = (id: string, text: string): Event =>
  decodeEvent({
    kind: 'MessageEvent',
    id,
    timestamp: '2026-06-16T05:39:18',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
  });

/** The real pool, counting the transactions its connections commit and roll back. */
function countingPool(real: PostgresPool) {
  const counts = { commits: 0, rollbacks: 0 };
  const pool = interceptedPool(real, (text) => {
    if (text === 'COMMIT') counts.commits++;
    if (text === 'ROLLBACK') counts.rollbacks++;
  });
  return { pool, counts };
}

describe('PostgreSQL store group commit', () => {
  it('commits appends called at once in few transactions, each conversation in call order, each caller answered with its own events', async () => {
    const table = db.table();
    const { pool: counted, counts } = countingPool(db.pool);
    const store = createPostgresStore({ pool: counted }, { table });
    await store.ready();
    const conversations = Array.from({ length: 8 }, () => randomUUID());
    const appends = 200;
    const batches = Array.from({ length: appends }, (_, a) => Array.from({ length: 5 }, (_, e) => message(randomUUID(), `${a}.${e}`)));
    // Batch 11 repeats the first event of batch 3 (same conversation): stored once, by batch 3.
    (batches[11] as Event[])[0] = (batches[3] as Event[])[0] as Event;
    const before = counts.commits;
    const results = await Promise.all(batches.map((batch, a) => store.append(conversations[a % 8] as string, batch)));
    const transactions = counts.commits - before;

    // One transaction per append before group commit; now the batches that wait share one.
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(appends / 10);
    for (const [a, result] of results.entries()) {
      const batch = batches[a] as Event[];
      if (a === 11) {
        expect(result.stored).toEqual(batch.slice(1));
        expect(result.duplicates).toEqual([batch[0]]);
      } else {
        expect(result.stored).toEqual(batch);
        expect(result.duplicates).toEqual([]);
      }
    }
    for (const [c, id] of conversations.entries()) {
      const expected = batches
        .filter((_, a) => a % 8 === c)
        .flat()
        .map((event) => event.id);
      const listed = (await store.list(id, { limit: 1_000 })).events.map((event) => event.id);
      expect(listed).toEqual([...new Set(expected)]);
    }
    const summaries = (await store.conversations({ limit: 100 })).conversations;
    expect(summaries.map((summary) => summary.events).sort()).toEqual([125, 125, 125, 125, 125, 125, 125, 124].sort());
    await store.close();
  });

  it('a batch the database refuses fails alone: the other batches of its group are stored', async () => {
    const table = db.table();
    const { pool: counted, counts } = countingPool(db.pool);
    const store = createPostgresStore({ pool: counted }, { table });
    await store.ready();
    // A rule of the table that refuses one id: the batch holding it can never be stored.
    await db.pool.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${table}_no_poison" CHECK (event_id <> 'poison')`);
    const conversations = Array.from({ length: 4 }, () => randomUUID());
    const batches = Array.from({ length: 40 }, (_, a) => Array.from({ length: 3 }, (_, e) => message(randomUUID(), `${a}.${e}`)));
    (batches[17] as Event[])[1] = message('poison', 'refused');
    const before = { ...counts };
    const settled = await Promise.allSettled(batches.map((batch, a) => store.append(conversations[a % 4] as string, batch)));

    // The group failed (rolled back), then each batch was tried in a transaction of its own.
    expect(counts.rollbacks - before.rollbacks).toBeGreaterThan(0);
    for (const [a, outcome] of settled.entries()) {
      if (a === 17) {
        expect(outcome.status).toBe('rejected');
        const reason = (outcome as PromiseRejectedResult).reason as { code?: string };
        expect(reason).not.toBeInstanceOf(StoreUnavailableError);
        expect(reason.code).toBe('23514');
      } else {
        expect(outcome.status, `batch ${a}`).toBe('fulfilled');
        expect((outcome as PromiseFulfilledResult<{ stored: Event[] }>).value.stored).toEqual(batches[a]);
      }
    }
    for (const [c, id] of conversations.entries()) {
      const expected = batches
        .filter((_, a) => a % 4 === c && a !== 17)
        .flat()
        .map((event) => event.id);
      expect((await store.list(id, { limit: 1_000 })).events.map((event) => event.id)).toEqual(expected);
    }
    // Later appends are grouped again.
    const after = counts.commits;
    await Promise.all(batches.map((_, a) => store.append(conversations[a % 4] as string, [message(randomUUID(), `late ${a}`)])));
    expect(counts.commits - after).toBeLessThan(batches.length / 4);
    await store.close();
  });
});
