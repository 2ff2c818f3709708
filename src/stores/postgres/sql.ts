/**
 * The PostgreSQL store's tables and statements, as SQL text: quoted identifiers, the DDL (also
 * for users who migrate themselves), and the queries. Node only.
 * @module
 */

/** Where the store keeps its tables. */
export interface PostgresTableNames {
  /** The schema (default `public`). */
  schema?: string;
  /** The events table (default `agentwire_events`); the conversations table is `<table>_conversations`. */
  table?: string;
}

/** The quoted, checked names of a store's tables, indexes and notification channel. */
export interface ResolvedNames {
  schema: string;
  events: string;
  conversations: string;
  /** The `LISTEN`/`NOTIFY` channel (the schema and table, at most 63 bytes). */
  channel: string;
  /** A number derived from the names, the first key of the store's advisory locks. */
  lockSpace: number;
  /** The plain names, for index names and messages. */
  plain: { schema: string; table: string };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/** A 32-bit FNV-1a hash as a signed integer (an advisory lock key). */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** Checks and quotes the names; a `TypeError` for a name that is not a plain identifier of at most 40 characters. */
export function resolveNames(names: PostgresTableNames = {}): ResolvedNames {
  const schema = names.schema ?? 'public';
  const table = names.table ?? 'agentwire_events';
  for (const [option, value] of [
    ['schema', schema],
    ['table', table],
  ] as const)
    if (!IDENTIFIER.test(value))
      throw new TypeError(
        `${option} must be a plain identifier (letters, digits and _, at most 40 characters), not ${JSON.stringify(value)}`,
      );
  const quote = (name: string) => `"${name}"`;
  return {
    schema: quote(schema),
    events: `${quote(schema)}.${quote(table)}`,
    conversations: `${quote(schema)}.${quote(`${table}_conversations`)}`,
    channel: `${schema}.${table}`.slice(0, 63),
    lockSpace: hash32(`agentwire:${schema}.${table}`),
    plain: { schema, table },
  };
}

/**
 * The statements that create the store's tables and indexes, in order, each safe to run again
 * (`IF NOT EXISTS`). The store runs them on first use unless told not to; run them yourself in a
 * migration otherwise.
 *
 * - `<table>`: one row per stored event. `seq` (an identity column) is the arrival order and the
 *   cursor; `(conversation_id, event_id)` is unique, so a re-delivered event is never stored twice;
 *   `event` holds the JSON text exactly as received (`json`, not `jsonb`: key order and the digits
 *   of large integers are kept).
 * - `<table>_conversations`: one row per conversation, updated in the same transaction as its
 *   events: the number of events, the first and last timestamps, the last kind and `seq`.
 */
export function postgresSchemaSql(names: PostgresTableNames = {}): string[] {
  const n = resolveNames(names);
  const { table } = n.plain;
  return [
    ...(n.plain.schema === 'public' ? [] : [`CREATE SCHEMA IF NOT EXISTS ${n.schema}`]),
    `CREATE TABLE IF NOT EXISTS ${n.events} (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id uuid NOT NULL,
  event_id text NOT NULL,
  kind text NOT NULL,
  event json NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "${table}_event_key" UNIQUE (conversation_id, event_id)
)`,
    `CREATE INDEX IF NOT EXISTS "${table}_conversation_seq" ON ${n.events} (conversation_id, seq)`,
    `CREATE TABLE IF NOT EXISTS ${n.conversations} (
  conversation_id uuid PRIMARY KEY,
  events bigint NOT NULL,
  first_at text,
  last_at text,
  last_kind text NOT NULL,
  last_seq bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`,
    `CREATE INDEX IF NOT EXISTS "${table}_conversations_last_seq" ON ${n.conversations} (last_seq)`,
  ];
}

const CONVERSATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The statement that takes the locks of `conversations` (canonical ids) until commit, so each
 * conversation's `seq` order is its commit order: one lock per conversation (its key as ever: the
 * store's space and the hash of its id), taken in the order of the keys, so transactions that lock
 * several never deadlock. Written without values, to run with the `BEGIN`: the ids are checked to be
 * canonical UUIDs, which need no quoting beyond the quotes; a `TypeError` for any other.
 */
export function lockSql(lockSpace: number, conversations: readonly string[]): string {
  for (const id of conversations)
    if (!CONVERSATION_ID.test(id)) throw new TypeError(`not a canonical conversation id: ${JSON.stringify(id)}`);
  return `SELECT pg_advisory_xact_lock(${lockSpace | 0}, locks.key) FROM
  (SELECT DISTINCT hashtext(c) AS key FROM unnest(ARRAY[${conversations.map((id) => `'${id}'`).join(', ')}]::text[]) AS c ORDER BY key OFFSET 0) AS locks`;
}

/** The statements of the store, for one set of names. */
export function statements(n: ResolvedNames) {
  return {
    /** Inserts the events of a group in order ($1 conversations, $2 ids, $3 kinds, $4 JSON texts), skipping stored ids; returns what it stored. */
    insert: `INSERT INTO ${n.events} (conversation_id, event_id, kind, event)
SELECT e.conversation::uuid, e.id, e.kind, e.event::json
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(conversation, id, kind, event, n)
ORDER BY e.n
ON CONFLICT (conversation_id, event_id) DO NOTHING
RETURNING seq::text AS cursor, conversation_id::text AS conversation, event_id`,
    /** Adds to the summaries of the conversations that stored events (one row each in $1…$6) and notifies $7 of each. */
    summarize: `WITH s AS (
  INSERT INTO ${n.conversations} AS c (conversation_id, events, first_at, last_at, last_kind, last_seq)
  SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[])
  ON CONFLICT (conversation_id) DO UPDATE SET events = c.events + EXCLUDED.events, last_at = EXCLUDED.last_at,
    last_kind = EXCLUDED.last_kind, last_seq = EXCLUDED.last_seq, updated_at = now()
  RETURNING conversation_id
)
SELECT pg_notify($7, conversation_id::text) FROM s`,
    /** A page of a conversation after a `seq` ($3 kinds or null for all). */
    list: `SELECT seq::text AS cursor, event::text AS json FROM ${n.events}
WHERE conversation_id = $1::uuid AND seq > $2::bigint AND ($3::text[] IS NULL OR kind = ANY($3::text[]))
ORDER BY seq LIMIT $4`,
    conversations: `SELECT conversation_id::text AS id, events::text AS events, first_at, last_at, last_kind FROM ${n.conversations}
WHERE $1::uuid IS NULL OR conversation_id > $1::uuid ORDER BY conversation_id LIMIT $2`,
    /** A page of conversations, the latest `last_seq` first, before a `last_seq` ($1, or null for the first page); the `last_seq` index serves it. */
    recent: `SELECT conversation_id::text AS id, events::text AS events, first_at, last_at, last_kind, last_seq::text AS last_seq
FROM ${n.conversations} WHERE $1::bigint IS NULL OR last_seq < $1::bigint ORDER BY last_seq DESC LIMIT $2`,
    /** The conversations with events after a `seq`, and their last one (what a watch of every conversation catches up on). */
    changedSince: `SELECT conversation_id::text AS id, last_seq::text AS last_seq FROM ${n.conversations} WHERE last_seq > $1::bigint`,
    lastSeq: `SELECT coalesce(max(last_seq), 0)::text AS seq FROM ${n.conversations}`,
    conversationLastSeq: `SELECT last_seq::text AS seq FROM ${n.conversations} WHERE conversation_id = $1::uuid`,
  };
}
