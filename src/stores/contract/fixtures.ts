/**
 * Events and ids for the contract's checks, made with the events codec so they are exactly what
 * the webhook handler gives a store. Edge-safe.
 * @module
 */
import { decodeEvent, type Event } from '../../events/index';
import type { EventStore, StoredEvent } from '../types';
import { StoreContractError } from './assert';

/** A new conversation id, lowercase and hyphenated. */
export const conversation = (): string => globalThis.crypto.randomUUID();

/** 2026-06-16T05:39:18Z, where the fixtures' timestamps start. */
const START_MS = 1_781_588_358_000;
let ticks = 0;

/** A service timestamp (naive ISO-8601), a second later than the last one. */
function nextTimestamp(): string {
  ticks++;
  return new Date(START_MS + ticks * 1000).toISOString().slice(0, 19);
}

/** A user message with a fresh id and timestamp. */
export function message(text: string): Event {
  return decodeEvent({
    kind: 'MessageEvent',
    id: globalThis.crypto.randomUUID(),
    timestamp: nextTimestamp(),
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
  });
}

/** An event of a kind other than a message, with a fresh id. */
export function pause(): Event {
  return decodeEvent({ kind: 'PauseEvent', id: globalThis.crypto.randomUUID(), timestamp: nextTimestamp() });
}

/** A streaming delta (never stored). */
export function delta(): Event {
  return decodeEvent({ kind: 'StreamingDeltaEvent', id: globalThis.crypto.randomUUID(), content: 'tok' });
}

/** `count` messages. */
export const messages = (count: number, label = 'm'): Event[] => Array.from({ length: count }, (_, i) => message(`${label}${i}`));

/** The ids of events. */
export const ids = (events: readonly Event[]): string[] => events.map((event) => event.id);

/** Every stored event of a conversation, following cursors a page at a time. */
export async function all(store: EventStore, id: string, limit = 7): Promise<Event[]> {
  const out: Event[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = await store.list(id, { limit, ...(after === undefined ? {} : { after }) });
    out.push(...page.events);
    if (page.events.length < limit) return out;
    after = page.cursor;
  }
  throw new StoreContractError('list never returned a short page: its cursors do not move on');
}

/** The next `count` items of a watch, or a contract error after `timeoutMs`. */
export async function take(iterator: AsyncIterator<StoredEvent>, count: number, timeoutMs: number): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  while (out.length < count) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreContractError(`the watch yielded ${out.length} of ${count} events within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new StoreContractError(`the watch ended after ${out.length} of ${count} events`);
      out.push(next.value);
    } finally {
      clearTimeout(timer);
    }
  }
  return out;
}
