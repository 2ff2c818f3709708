/**
 * One transaction's work for a group of batches (of one conversation or many), whose
 * conversations' locks the transaction took: one insert of every new event in arrival order, one update of
 * the summaries with a `NOTIFY` for each conversation, then each batch's own outcome. Node only.
 * @module
 */
import type { Event } from '../../events/index';
import { isPersistable } from '../options';
import { stringifyEvent } from '../stored-json';
import type { AppendResult } from '../types';
import { eventKey } from './event-key';
import type { PostgresClient } from './pool';
import { run, type Statement } from './prepared';

/** A batch with new events, as it waits for its group's commit. */
export interface PendingBatch {
  /** The conversation (its canonical id). */
  readonly id: string;
  /** The batch as the caller gave it. */
  readonly events: readonly Event[];
  /** Its new events in order (the first of each id), their keys and JSON texts. */
  readonly fresh: readonly Event[];
  readonly keys: readonly string[];
  readonly json: readonly string[];
  /** The events of the batch that repeat an id of the batch. */
  readonly duplicates: readonly Event[];
  /** The characters of its JSON texts. */
  readonly size: number;
}

/** A batch ready to wait in a group: its keys (stored as PostgreSQL holds them exactly) and JSON texts, worked out once. */
export function pendingBatch(id: string, events: readonly Event[], fresh: readonly Event[], duplicates: readonly Event[]): PendingBatch {
  const json = fresh.map((event) => stringifyEvent(event));
  let size = 0;
  for (const text of json) size += text.length;
  return { id, events, fresh, keys: fresh.map((event) => eventKey(event.id)), json, duplicates, size };
}

/** What the work needs of its store. */
export interface GroupContext {
  channel: string;
  statements: { insert: Statement; summarize: Statement };
  /** Whether the statements run named (prepared). */
  named: boolean;
}

/** A conversation's summary row for the events a group stored in it. */
interface Summary {
  events: number;
  firstAt: string | null;
  lastAt: string | null;
  lastKind: string;
  lastSeq: bigint;
}

const timestampOf = (event: Event): string | null => (typeof event.timestamp === 'string' ? event.timestamp : null);

/** The conversations of a group, each once (their locks, `lockSql`, are taken with the transaction's `BEGIN`). */
export function conversationsOf(group: readonly PendingBatch[]): string[] {
  return [...new Set(group.map((batch) => batch.id))];
}

/**
 * Stores a group in the transaction of `client`, which holds the locks of its conversations: each
 * batch's events that neither the table nor an earlier batch of the group holds. Resolves with each batch's {@link AppendResult}, in order.
 */
export async function appendGroup(client: PostgresClient, group: readonly PendingBatch[], context: GroupContext): Promise<AppendResult[]> {
  const taken = new Map<string, Set<string>>();
  const columns = { conversation: [] as string[], key: [] as string[], kind: [] as string[], json: [] as string[] };
  const candidates = group.map((batch) => {
    const keys = taken.get(batch.id) ?? new Set<string>();
    taken.set(batch.id, keys);
    const own: { event: Event; key: string }[] = [];
    batch.fresh.forEach((event, index) => {
      const key = batch.keys[index] as string;
      // An earlier batch of the group has this id: this one is a duplicate.
      if (keys.has(key)) return;
      keys.add(key);
      own.push({ event, key });
      columns.conversation.push(batch.id);
      columns.key.push(key);
      columns.kind.push(event.kind);
      columns.json.push(batch.json[index] as string);
    });
    return own;
  });
  const { insert, summarize } = context.statements;
  const inserted = await run(client, insert, [columns.conversation, columns.key, columns.kind, columns.json], context.named);
  // A conversation id is 36 characters: the pair is unambiguous without a separator.
  const seqOf = new Map(
    inserted.rows.map((row) => [`${row.conversation as string}${row.event_id as string}`, BigInt(row.cursor as string)]),
  );

  const summaries = new Map<string, Summary>();
  let matched = 0;
  const stored = candidates.map((own, index) => {
    const id = (group[index] as PendingBatch).id;
    const kept: Event[] = [];
    for (const { event, key } of own) {
      const seq = seqOf.get(`${id}${key}`);
      if (seq === undefined) continue;
      kept.push(event);
      matched++;
      const summary = summaries.get(id);
      if (!summary)
        summaries.set(id, { events: 1, firstAt: timestampOf(event), lastAt: timestampOf(event), lastKind: event.kind, lastSeq: seq });
      else {
        summary.events++;
        summary.lastAt = timestampOf(event);
        summary.lastKind = event.kind;
        if (seq > summary.lastSeq) summary.lastSeq = seq;
      }
    }
    return kept;
  });
  // Every row inserted is an event of the group, or nothing is committed (and nothing acknowledged).
  if (matched !== inserted.rows.length) throw new Error('the rows inserted do not match the group');
  if (summaries.size > 0) {
    const rows = [...summaries.entries()];
    await run(
      client,
      summarize,
      [
        rows.map(([id]) => id),
        rows.map(([, summary]) => summary.events),
        rows.map(([, summary]) => summary.firstAt),
        rows.map(([, summary]) => summary.lastAt),
        rows.map(([, summary]) => summary.lastKind),
        rows.map(([, summary]) => summary.lastSeq.toString()),
        context.channel,
      ],
      context.named,
    );
  }
  return group.map((batch, index) => {
    const kept = stored[index] as Event[];
    if (kept.length === batch.fresh.length) return { stored: kept, duplicates: [...batch.duplicates] };
    const set = new Set(kept);
    return { stored: kept, duplicates: batch.events.filter((event) => isPersistable(event) && !set.has(event)) };
  });
}
