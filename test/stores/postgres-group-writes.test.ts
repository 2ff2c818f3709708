/**
 * What one group of the PostgreSQL store writes, on a real server: ids and JSON texts holding any
 * character are stored exactly as sent; the summaries count only what the group stored (not an
 * event stored before, nor an id an earlier batch of the group holds); and a group whose summaries
 * the database refuses stores none of its events, then is tried batch by batch.
 */
import { randomUUID } from 'node:crypto';
import { decodeEvent, type Event } from 'agentwire/events';
import { stringifyEvent } from 'agentwire/stores';
import { createPostgresStore, type PostgresPool } from 'agentwire/stores/postgres';
import { describe, expect, it } from 'vitest';
import { filePool, interceptedPool } from './postgres';

const db = filePool(10);

const message = (id: string, text: string, timestamp = '2026-06-16T05:39:18'): Event =>
  decodeEvent({
    kind: 'MessageEvent',
    id,
    timestamp,
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
  });

/** The real pool, recording the text of every statement its connections send. */
function recordingPool(real: PostgresPool) {
  const texts: string[] = [];
  const pool = interceptedPool(real, (text) => {
    texts.push(text);
  });
  return { pool, texts };
}

/** The summaries of a store's conversations by id. */
async function summaries(table: string) {
  const { rows } = await db.pool.query(
    `SELECT conversation_id::text AS id, events::int AS events, first_at, last_at, last_kind FROM "${table}_conversations"`,
  );
  return Object.fromEntries(rows.map((row) => [row.id as string, { ...row, id: undefined }]));
}

describe('PostgreSQL store, what a group writes', () => {
  it('stores ids, kinds and JSON texts exactly, whatever characters they hold', async () => {
    const table = db.table();
    const store = createPostgresStore({ pool: db.pool }, { table });
    const conversation = randomUUID();
    const awkward = [
      `$a$`,
      '$a0$ $a$ $$ $',
      `quote ' and '' and "double" and \\ and \\\\`,
      '{braces}, commas, NULL',
      'NULL',
      '',
      'non-ASCII: é ✓ 😀',
      '\\u0000 written out, and a line\nbreak\tand tab',
    ];
    const events = awkward.map((text, n) => message(`id ${text} ${n}`, text));
    const { stored } = await store.append(conversation, events);
    expect(stored).toEqual(events);
    const entries: { id: string; json: string }[] = [];
    for await (const entry of store.entries(conversation)) entries.push({ id: entry.event.id, json: entry.json });
    expect(entries).toEqual(events.map((event) => ({ id: event.id, json: stringifyEvent(event) })));
    const { rows } = await db.pool.query(`SELECT event_id, kind FROM "${table}" WHERE conversation_id = $1 ORDER BY seq`, [conversation]);
    expect(rows).toEqual(events.map((event) => ({ event_id: event.id, kind: 'MessageEvent' })));
    // Delivered again: every one is known.
    expect(await store.append(conversation, events)).toEqual({ stored: [], duplicates: events });
    await store.close();
  });

  it('summaries count only what a group stored: not the events stored before, nor an id an earlier batch of the group holds', async () => {
    const table = db.table();
    const store = createPostgresStore({ pool: db.pool }, { table });
    const [one, two, three] = [randomUUID(), randomUUID(), randomUUID()];
    const early = message('e1', 'early', '2026-01-01T00:00:01');
    await store.append(one, [early]);
    // The same id in another conversation is another event.
    const a = message('a', 'a', '2026-01-01T00:00:02');
    const b = message('b', 'b', '2026-01-01T00:00:03');
    const c = message('c', 'c', '2026-01-01T00:00:04');
    const d = message('d', 'd', '2026-01-01T00:00:05');
    const results = await Promise.all([
      store.append(one, [early, a]),
      store.append(two, [message('e1', 'early elsewhere', '2026-01-01T00:00:06')]),
      store.append(one, [a, b]),
      store.append(three, [c]),
      store.append(one, [early, d]),
    ]);
    expect(results.map((result) => result.stored.map((event) => event.id))).toEqual([['a'], ['e1'], ['b'], ['c'], ['d']]);
    expect(results.map((result) => result.duplicates.map((event) => event.id))).toEqual([['e1'], [], ['a'], [], ['e1']]);
    expect(await summaries(table)).toEqual({
      [one]: { events: 4, first_at: '2026-01-01T00:00:01', last_at: '2026-01-01T00:00:05', last_kind: 'MessageEvent' },
      [two]: { events: 1, first_at: '2026-01-01T00:00:06', last_at: '2026-01-01T00:00:06', last_kind: 'MessageEvent' },
      [three]: { events: 1, first_at: '2026-01-01T00:00:04', last_at: '2026-01-01T00:00:04', last_kind: 'MessageEvent' },
    });
    expect((await store.list(one)).events.map((event) => event.id)).toEqual(['e1', 'a', 'b', 'd']);
    await store.close();
  });

  it('a group whose summaries the database refuses stores none of its events; tried batch by batch, only that batch fails', async () => {
    const table = db.table();
    const { pool, texts } = recordingPool(db.pool);
    const store = createPostgresStore({ pool }, { table });
    await store.ready();
    const [good, refused, other] = [randomUUID(), randomUUID(), randomUUID()];
    // A rule of the summaries that refuses one conversation: its events are inserted, then its summary fails.
    await db.pool.query(
      `ALTER TABLE "${table}_conversations" ADD CONSTRAINT "${table}_no_refused" CHECK (conversation_id <> '${refused}')`,
    );
    texts.length = 0;
    const settled = await Promise.allSettled([
      store.append(good, [message('g1', 'good')]),
      store.append(refused, [message('r1', 'refused')]),
      store.append(other, [message('o1', 'other')]),
    ]);
    // One group (rolled back), then each batch in a transaction of its own.
    expect(texts.filter((text) => text === 'ROLLBACK')).toHaveLength(2);
    expect(texts.filter((text) => text === 'COMMIT')).toHaveLength(2);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((settled[1] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23514');
    const { rows } = await db.pool.query(`SELECT conversation_id::text AS id, event_id FROM "${table}" ORDER BY seq`);
    expect(rows).toEqual([
      { id: good, event_id: 'g1' },
      { id: other, event_id: 'o1' },
    ]);
    expect(Object.keys(await summaries(table)).sort()).toEqual([good, other].sort());
    await store.close();
  });
});
