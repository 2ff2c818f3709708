/**
 * `createPostgresStore`: the event store for receivers on many machines. One table of events with
 * a unique (conversation, event id) key and an identity column for arrival order, one table of
 * conversation summaries, group commit (the batches that wait share one transaction), `LISTEN`/`NOTIFY`
 * for watches. Node only.
 * @module
 */
import type { EventKind } from '../../events/index';
import { normalizeConversationId } from '../../internal/conversation-id';
import { InvalidCursorError, StoreClosedError } from '../errors';
import { parsePageSize, partitionBatch, toConversationId } from '../options';
import { readStoredEvent } from '../read-event';
import type {
  AppendResult,
  ConversationPage,
  ConversationSummary,
  ConversationsOptions,
  EventStore,
  StoredEntry,
  StoredEvent,
  WatchOptions,
} from '../types';
import { appendGroup, conversationsOf, type GroupContext, type PendingBatch, pendingBatch } from './append-group';
import { storeFailure } from './failures';
import { createGroupCommit } from './group-commit';
import { createNotificationFeed } from './notifications';
import { createPool, type PostgresClient, type PostgresPool } from './pool';
import { prepare } from './prepared';
import { inTransaction, type PostgresLimits, resolveLimits } from './session';
import { lockSql, type PostgresTableNames, postgresSchemaSql, resolveNames, statements } from './sql';
import { watchAllRows, watchRows } from './watch';

/**
 * Where the store connects: a pool you hold (it stays yours; give it an `error` listener, as
 * node-postgres asks), or a connection string (the store makes and ends its pool: at most `max`
 * connections, default 10, each taken within `connectTimeoutMs`, default 10,000).
 */
export type PostgresConnection = { pool: PostgresPool } | { connectionString: string; max?: number; connectTimeoutMs?: number };

/** Options of {@link createPostgresStore}: where the tables are, whether to create them, and how long a transaction may wait. */
export interface PostgresStoreOptions extends PostgresTableNames, PostgresLimits {
  /** Create the schema, tables and indexes on first use if missing (default true); `false` when you run {@link postgresSchemaSql} in a migration. */
  createTables?: boolean;
}

/** The PostgreSQL store: an {@link EventStore} with conversations by recent activity, a watch, exact JSON text, and a close. */
export interface PostgresStore extends EventStore {
  /** Conversations, the latest activity first (by the `seq` of their last event, through the index on it); cursors are that `seq`. */
  recentConversations(options?: ConversationsOptions): Promise<ConversationPage>;
  /** A conversation's stored events one at a time, read a page at a time, each with its JSON text as stored and its cursor. */
  entries(conversationId: string, options?: { after?: string; kind?: EventKind | readonly EventKind[] }): AsyncIterable<StoredEntry>;
  /**
   * Newly stored events of one conversation (from `after`, a cursor of it, or from now) or of all
   * (from `after`, a cursor an earlier watch yielded, or from now), woken by `NOTIFY`.
   */
  watch(conversationId: string | undefined, options?: WatchOptions): AsyncIterable<StoredEvent>;
  /** Creates the tables now if missing (the first call of anything else does otherwise). */
  ready(): Promise<void>;
  /** Stops watches' connection and, for a store made from a connection string, ends its pool. Appends are refused afterwards. */
  close(): Promise<void>;
}

/** A `seq` from a cursor: whole digits; an {@link InvalidCursorError} otherwise. */
export function parseSeq(cursor: string | undefined): string {
  if (cursor === undefined) return '0';
  if (!/^\d{1,18}$/.test(cursor)) throw new InvalidCursorError(cursor);
  return cursor;
}

/** A row of the conversations table as a summary. */
const summaryOf = (row: Record<string, unknown>): ConversationSummary => ({
  id: row.id as string,
  events: Number(row.events),
  firstAt: (row.first_at as string | null) ?? null,
  lastAt: (row.last_at as string | null) ?? null,
  lastKind: row.last_kind as string,
});

/**
 * A store in PostgreSQL through node-postgres (`pg`, an optional peer dependency: install it).
 * Appends commit in groups: the batches that arrive while a transaction is in flight wait and
 * share the next one. A transaction takes the locks of its conversations (so the order of `seq` is
 * each conversation's commit order, and a reader's cursor never skips an event committed later),
 * inserts the batches in the order `append` was called with `ON CONFLICT DO NOTHING` on
 * (conversation, event id), updates the summaries, and sends a `NOTIFY` per conversation; each
 * `append` resolves with its own outcome once committed (`synchronous_commit` on). Replicas sharing
 * the database store each event once, whichever receives it.
 */
export function createPostgresStore(connection: PostgresConnection, options: PostgresStoreOptions = {}): PostgresStore {
  const names = resolveNames(options);
  const sql = statements(names);
  const limits = resolveLimits(options);
  const owned = !('pool' in connection);
  let poolPromise: Promise<PostgresPool> | undefined = 'pool' in connection ? Promise.resolve(connection.pool) : undefined;
  const pool = () => {
    const { connectionString, max, connectTimeoutMs } = connection as { connectionString: string; max?: number; connectTimeoutMs?: number };
    poolPromise ??= createPool(connectionString, max ?? 10, connectTimeoutMs ?? 10_000);
    return poolPromise;
  };
  let setup: Promise<void> | undefined;
  let closed = false;
  const feed = createNotificationFeed(pool, names.channel);

  /** Creates the tables once (under an advisory lock: replicas starting together do not race). */
  const ready = () => {
    if (options.createTables === false) return Promise.resolve();
    setup ??= transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1::int4, 0)', [names.lockSpace]);
      for (const statement of postgresSchemaSql(options)) await client.query(statement);
    }).catch((error: unknown) => {
      setup = undefined;
      throw error;
    });
    return setup;
  };
  const transaction = <T>(work: (client: PostgresClient) => Promise<T>) => inTransaction(pool, limits, work);
  const query = async (text: string, values: unknown[]) => {
    await ready();
    try {
      return await (await pool()).query(text, values);
    } catch (error) {
      throw storeFailure(error);
    }
  };
  const page = async (id: string, after: string | undefined, limit: number, kind?: EventKind | readonly EventKind[]) => {
    const kinds = kind === undefined ? null : typeof kind === 'string' ? [kind] : [...kind];
    const { rows } = await query(sql.list, [id, parseSeq(after), kinds, limit]);
    return rows.map((row) => {
      const json = row.json as string;
      return { event: readStoredEvent(JSON.parse(json)), json, cursor: row.cursor as string };
    });
  };
  const group: GroupContext = {
    channel: names.channel,
    statements: { insert: prepare(sql.insert), summarize: prepare(sql.summarize) },
    // A pool the store made is node-postgres's, which prepares named statements; yours promises only `query(text, values)`.
    named: owned,
  };
  // The group is taken once a connection is had, and its locks with the `BEGIN`: one round trip fewer.
  const groups = createGroupCommit((take) => {
    let batches: PendingBatch[] = [];
    const lead = () => {
      batches = take();
      return lockSql(names.lockSpace, conversationsOf(batches));
    };
    return inTransaction(pool, limits, (client) => appendGroup(client, batches, group), lead);
  });
  const context = { query: (text: string, values: unknown[]) => query(text, values), page, feed, sql };

  const store: PostgresStore = {
    ready,
    async append(conversationId, events): Promise<AppendResult> {
      const id = toConversationId(conversationId);
      if (closed) throw new StoreClosedError('the PostgreSQL store');
      const { fresh, duplicates } = partitionBatch(events, () => false);
      if (fresh.length === 0) return { stored: [], duplicates };
      await ready();
      return groups.enqueue(pendingBatch(id, events, fresh, duplicates));
    },
    async list(conversationId, listOptions = {}) {
      const id = toConversationId(conversationId);
      const entries = await page(id, listOptions.after, parsePageSize(listOptions.limit), listOptions.kind);
      return { events: entries.map((entry) => entry.event), cursor: entries.at(-1)?.cursor ?? listOptions.after };
    },
    async conversations(pageOptions = {}) {
      const limit = parsePageSize(pageOptions.limit);
      const after = pageOptions.after === undefined ? null : normalizeConversationId(pageOptions.after);
      if (after === undefined) throw new InvalidCursorError(pageOptions.after as string);
      const { rows } = await query(sql.conversations, [after, limit]);
      const conversations = rows.map(summaryOf);
      return { conversations, cursor: conversations.at(-1)?.id ?? pageOptions.after };
    },
    async recentConversations(pageOptions = {}) {
      const limit = parsePageSize(pageOptions.limit);
      const before = pageOptions.after === undefined ? null : parseSeq(pageOptions.after);
      const { rows } = await query(sql.recent, [before, limit]);
      return { conversations: rows.map(summaryOf), cursor: (rows.at(-1)?.last_seq as string | undefined) ?? pageOptions.after };
    },
    async *entries(conversationId, entriesOptions = {}) {
      const id = toConversationId(conversationId);
      let after = entriesOptions.after;
      for (;;) {
        const rows = await page(id, after, 1_000, entriesOptions.kind);
        yield* rows;
        if (rows.length < 1_000) return;
        after = rows.at(-1)?.cursor;
      }
    },
    watch(conversationId, watchOptions = {}) {
      if (watchOptions.after !== undefined) parseSeq(watchOptions.after);
      return conversationId === undefined
        ? watchAllRows(context, watchOptions)
        : watchRows(context, toConversationId(conversationId), watchOptions);
    },
    async close() {
      closed = true;
      await groups.idle();
      await feed.close();
      if (owned && poolPromise) await (await poolPromise).end();
    },
  };
  return store;
}
