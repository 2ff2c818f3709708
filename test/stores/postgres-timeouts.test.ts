/**
 * A frozen replica does not hold its conversation up on the others. Replica A freezes in the
 * middle of an append — its transaction holds the conversation's lock and stands idle, as when
 * its process is stopped or cut off by a partition — and replica B appends to the same
 * conversation: B's append fails when its lock timeout fires (the handler answers 503) instead of
 * waiting for A, and succeeds once PostgreSQL ended A's idle transaction; A's append, when A
 * wakes, fails, and its re-delivery is stored once. With no lock timeout, B's statement timeout
 * bounds the wait instead.
 */
import { randomUUID } from 'node:crypto';
import { decodeEvent, type Event } from 'agentwire/events';
import { StoreUnavailableError } from 'agentwire/stores';
import { createPostgresStore, type PostgresPool } from 'agentwire/stores/postgres';
import { createWebhookHandler } from 'agentwire/webhooks';
import { describe, expect, it } from 'vitest';
import { signal } from '../helpers/signal';
import { filePool, interceptedPool } from './postgres';

const db = filePool(10);

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
const message = (text: string): Event =>
  decodeEvent({
    kind: 'MessageEvent',
    id: randomUUID(),
    timestamp: '2026-06-16T05:39:18',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
  });

/**
 * A pool whose connections freeze before inserting events while `frozen` is set: the append has
 * begun its transaction and taken the conversation's lock, and goes no further until `thaw`.
 * `reached` resolves once an append froze.
 */
function freezingPool(real: PostgresPool) {
  let frozen = true;
  const thawed = signal();
  const reached = signal();
  const pool = interceptedPool(real, async (text) => {
    if (!frozen || !text.startsWith('INSERT INTO') || !text.includes('unnest')) return;
    reached.resolve();
    await thawed.promise;
  });
  const thaw = () => {
    frozen = false;
    thawed.resolve();
  };
  return { pool, reached: reached.promise, thaw };
}

/** Appends until it succeeds; the errors it met on the way. */
async function appendUntilStored(append: () => Promise<unknown>, attempts = 600): Promise<unknown[]> {
  const errors: unknown[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      await append();
      return errors;
    } catch (error) {
      errors.push(error);
      await sleep(50);
    }
  }
  throw new Error(`never stored: ${String(errors.at(-1))}`);
}

const reasonOf = (error: unknown) => (error instanceof StoreUnavailableError ? error.reason : String(error));

describe('PostgreSQL store timeouts', () => {
  it("a replica frozen mid-append: the other's append fails at its lock timeout, and succeeds once the idle transaction is ended", async () => {
    const table = db.table();
    const frozen = freezingPool(db.pool);
    const a = createPostgresStore({ pool: frozen.pool }, { table, idleInTransactionTimeoutMs: 1_500 });
    const b = createPostgresStore({ pool: db.pool }, { table, lockTimeoutMs: 200 });
    await a.ready();
    const conversation = randomUUID();
    const [first, second] = [message('from A'), message('from B')];
    const stalled = a.append(conversation, [first]).then(
      () => undefined,
      (error: unknown) => error,
    );
    await frozen.reached;

    const handler = createWebhookHandler({ apiKey: 'k', store: b });
    const answer = await handler.receive({ conversationId: conversation, headers: { 'x-session-api-key': 'k' }, body: { json: [second] } });
    expect([answer.status, answer.headers?.['retry-after']]).toEqual([503, '5']);
    const refused = await b.append(conversation, [second]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(reasonOf(refused)).toBe('lock-timeout');

    // PostgreSQL ends A's transaction once it stood idle long enough: the lock is free again.
    const errors = await appendUntilStored(() => b.append(conversation, [second]));
    for (const error of errors) expect(reasonOf(error)).toBe('lock-timeout');

    frozen.thaw();
    const woken = await stalled;
    expect(woken).toBeInstanceOf(StoreUnavailableError);
    expect(reasonOf(woken)).toBe('idle-timeout');
    expect((await a.append(conversation, [first])).stored.map((event) => event.id)).toEqual([first.id]);
    expect((await b.list(conversation)).events.map((event) => event.id)).toEqual([second.id, first.id]);
    await a.close();
    await b.close();
  }, 60_000);

  it('with no lock timeout, the statement timeout bounds the wait for a frozen replica', async () => {
    const table = db.table();
    const frozen = freezingPool(db.pool);
    const a = createPostgresStore({ pool: frozen.pool }, { table, idleInTransactionTimeoutMs: 0 });
    const b = createPostgresStore({ pool: db.pool }, { table, lockTimeoutMs: 0, statementTimeoutMs: 300 });
    await a.ready();
    const conversation = randomUUID();
    const [first, second] = [message('from A'), message('from B')];
    const stalled = a.append(conversation, [first]);
    await frozen.reached;
    const refused = await b.append(conversation, [second]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(reasonOf(refused)).toBe('statement-timeout');
    frozen.thaw();
    expect((await stalled).stored.map((event) => event.id)).toEqual([first.id]);
    await b.append(conversation, [second]);
    expect((await b.list(conversation)).events.map((event) => event.id)).toEqual([first.id, second.id]);
    await a.close();
    await b.close();
  }, 60_000);

  it('refuses a limit that is not a whole number of milliseconds', () => {
    for (const lockTimeoutMs of [-1, 1.5, Number.NaN, 2 ** 31])
      expect(() => createPostgresStore({ pool: db.pool }, { lockTimeoutMs })).toThrow(RangeError);
  });
});
