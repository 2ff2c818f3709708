/**
 * Groups in flight side by side in the PostgreSQL store, on a real server: while the first group's
 * transaction is held (before its insert or its `COMMIT`), a group of another conversation commits
 * on another connection and its caller is answered; the held group's callers are answered only
 * once it committed; a conversation of the held group waits for it, so its batches are stored in
 * call order, also when the held group fails and is tried again batch by batch.
 */
import { randomUUID } from 'node:crypto';
import { decodeEvent, type Event } from 'agentwire/events';
import { createPostgresStore, type PostgresPool } from 'agentwire/stores/postgres';
import { describe, expect, it } from 'vitest';
import { signal } from '../helpers/signal';
import { filePool, interceptedPool } from './postgres';

const db = filePool(10);

const message = (id: string): Event =>
  decodeEvent({
    kind: 'MessageEvent',
    id,
    timestamp: '2026-06-16T05:39:18',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text: id }] },
  });

/**
 * The real pool, where the first query `holds` picks (by its text) waits until `release`:
 * `reached` resolves once it waits. Every later query goes through.
 */
function holdingPool(real: PostgresPool, holds: (text: string) => boolean) {
  let held = false;
  const released = signal();
  const reached = signal();
  const pool = interceptedPool(real, async (text) => {
    if (held || !holds(text)) return;
    held = true;
    reached.resolve();
    await released.promise;
  });
  return { pool, reached: reached.promise, release: released.resolve };
}

/** What a promise came to so far: `pending` until it settled. */
function watch<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown } = { status: 'pending' };
  promise.then(
    (value) => Object.assign(state, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(state, { status: 'rejected', reason }),
  );
  return state;
}

/** The ids of a conversation's events committed so far, read on a connection of the test's own. */
async function committed(table: string, conversation: string): Promise<string[]> {
  const { rows } = await db.pool.query(`SELECT event_id FROM "${table}" WHERE conversation_id = $1 ORDER BY seq`, [conversation]);
  return rows.map((row) => row.event_id as string);
}

describe('PostgreSQL store, groups in flight side by side', () => {
  it("commits another conversation's group while one waits for its COMMIT; each caller answered after its own commit, in call order per conversation", async () => {
    const table = db.table();
    // Armed once the tables are made (their transaction commits too).
    let armed = false;
    const holding = holdingPool(db.pool, (text) => armed && text === 'COMMIT');
    const store = createPostgresStore({ pool: holding.pool }, { table });
    await store.ready();
    armed = true;
    const [one, two] = [randomUUID(), randomUUID()];

    const first = watch(store.append(one, [message('one-1')]));
    await holding.reached;
    // The first group waits before its COMMIT; the second conversation's batch commits meanwhile.
    const second = await store.append(two, [message('two-1')]);
    expect(second.stored.map((event) => event.id)).toEqual(['two-1']);
    expect(await committed(table, two)).toEqual(['two-1']);
    // A later batch of the first conversation waits for the group that holds it.
    const later = watch(store.append(one, [message('one-2')]));
    const third = await store.append(two, [message('two-2')]);
    expect(third.stored.map((event) => event.id)).toEqual(['two-2']);
    expect([first.status, later.status]).toEqual(['pending', 'pending']);
    expect(await committed(table, one)).toEqual([]);

    holding.release();
    await store.close();
    expect([first.status, later.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(await committed(table, one)).toEqual(['one-1', 'one-2']);
    expect((await store.list(one)).events.map((event) => event.id)).toEqual(['one-1', 'one-2']);
    expect(await committed(table, two)).toEqual(['two-1', 'two-2']);
  });

  it('a group that fails while another is in flight: its batches are tried alone, and its conversations go on in call order', async () => {
    const table = db.table();
    const holding = holdingPool(db.pool, (text) => text.startsWith('INSERT INTO') && text.includes('unnest'));
    const store = createPostgresStore({ pool: holding.pool }, { table });
    await store.ready();
    // A rule of the table that refuses one id: the batch holding it can never be stored.
    await db.pool.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${table}_no_poison" CHECK (event_id <> 'poison')`);
    const [one, two, three] = [randomUUID(), randomUUID(), randomUUID()];

    // One group: a good batch of the first conversation, and the poison in the second.
    const good = watch(store.append(one, [message('one-1')]));
    const poisoned = watch(store.append(two, [message('poison')]));
    await holding.reached;
    // While that group is held before its insert, a group of the third conversation commits.
    expect((await store.append(three, [message('three-1')])).stored.map((event) => event.id)).toEqual(['three-1']);
    // Later batches of the held conversations wait for it.
    const oneLater = watch(store.append(one, [message('one-2')]));
    const twoLater = watch(store.append(two, [message('two-2')]));
    expect([good.status, poisoned.status, oneLater.status, twoLater.status]).toEqual(['pending', 'pending', 'pending', 'pending']);

    holding.release();
    await store.close();
    expect(poisoned.status).toBe('rejected');
    expect((poisoned.reason as { code?: string }).code).toBe('23514');
    expect([good.status, oneLater.status, twoLater.status]).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await committed(table, one)).toEqual(['one-1', 'one-2']);
    expect(await committed(table, two)).toEqual(['two-2']);
    expect(await committed(table, three)).toEqual(['three-1']);
    const summaries = (await createPostgresStore({ pool: db.pool }, { table, createTables: false }).conversations()).conversations;
    expect(Object.fromEntries(summaries.map((summary) => [summary.id, summary.events]))).toEqual({ [one]: 2, [two]: 1, [three]: 1 });
  });
});
