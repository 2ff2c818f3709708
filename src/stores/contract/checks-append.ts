/**
 * The contract of `append`: order, idempotence by event id per conversation (also under
 * concurrent re-delivery of the same batch), streaming deltas never stored. Edge-safe.
 * @module
 */
import type { Event } from '../../events/index';
import type { AppendResult } from '../types';
import { check, same } from './assert';
import { all, conversation, delta, ids, message, messages } from './fixtures';
import type { StoreCheck, Subject } from './subject';

const counts = (result: AppendResult) => ({ stored: ids(result.stored), duplicates: ids(result.duplicates) });

/** The checks of `append`. */
export function appendChecks(subject: Subject): StoreCheck[] {
  return [
    subject.check('append stores a batch in order, as given, and says what it stored', async (store) => {
      const id = conversation();
      const batch = messages(3);
      same(counts(await store.append(id, batch)), { stored: ids(batch), duplicates: [] }, 'the result of a first append');
      same(await all(store, id), batch, 'the stored events');
      const next = messages(2, 'n');
      await store.append(id, next);
      same(ids(await all(store, id)), ids([...batch, ...next]), 'a second batch goes after the first');
    }),

    subject.check('a re-delivered event is skipped: the same batch again, an overlapping batch, an id twice in a batch', async (store) => {
      const id = conversation();
      const [a, b, c, d] = messages(4) as [Event, Event, Event, Event];
      await store.append(id, [a, b]);
      same(counts(await store.append(id, [a, b])), { stored: [], duplicates: ids([a, b]) }, 'the same batch again');
      same(counts(await store.append(id, [b, c])), { stored: [c.id], duplicates: [b.id] }, 'an overlapping batch');
      same(counts(await store.append(id, [d, d])), { stored: [d.id], duplicates: [d.id] }, 'an id twice in one batch');
      same(ids(await all(store, id)), ids([a, b, c, d]), 'each id stored once, in arrival order');
    }),

    subject.check('the same batch delivered 8 times at once is stored once', async (store) => {
      const id = conversation();
      const batch = messages(5);
      const results = await Promise.all(Array.from({ length: 8 }, () => store.append(id, batch)));
      same(
        results.reduce((sum, result) => sum + result.stored.length, 0),
        5,
        'events stored across the 8 appends',
      );
      for (const result of results) check(result.stored.length + result.duplicates.length === 5, 'each append accounts for all 5 events');
      same(ids(await all(store, id)), ids(batch), 'the stored events');
    }),

    subject.check('concurrent overlapping batches keep each id once, and what each stored in its order', async (store) => {
      const id = conversation();
      const events = messages(40);
      // Batch k holds events 4k … 4k+5: each overlaps the next by two events.
      const batches = Array.from({ length: 9 }, (_, k) => events.slice(4 * k, 4 * k + 6));
      const results = await Promise.all(batches.map((batch) => store.append(id, batch)));
      const stored = ids(await all(store, id));
      same(new Set(stored).size, stored.length, 'no id stored twice');
      same([...stored].sort(), ids(events.slice(0, 38)).sort(), 'every event of every batch');
      same(
        results.reduce((sum, result) => sum + result.stored.length, 0),
        38,
        'events stored across the appends',
      );
      for (const result of results) {
        const positions = ids(result.stored).map((eventId) => stored.indexOf(eventId));
        const ordered = positions.every((position, index) => index === 0 || position > (positions[index - 1] as number));
        check(ordered, `the events an append stored keep their batch order (positions ${positions.join(', ')})`);
      }
    }),

    subject.check('streaming deltas are never stored, nor reported', async (store) => {
      const id = conversation();
      const kept = message('kept');
      same(counts(await store.append(id, [delta(), kept, delta()])), { stored: [kept.id], duplicates: [] }, 'the result');
      same(ids(await all(store, id)), [kept.id], 'the stored events');
      const only = conversation();
      same(counts(await store.append(only, [delta()])), { stored: [], duplicates: [] }, 'a batch of deltas only');
      same((await store.list(only)).events, [], 'a conversation that received only deltas');
    }),

    subject.check('event ids are unique per conversation, not across conversations', async (store) => {
      const [first, second] = [conversation(), conversation()];
      const shared = messages(2);
      await store.append(first, shared);
      same(counts(await store.append(second, shared)), { stored: ids(shared), duplicates: [] }, 'the same events in another conversation');
      same(ids(await all(store, second)), ids(shared), 'the other conversation');
    }),

    subject.check('an empty batch stores nothing and creates no conversation', async (store) => {
      const id = conversation();
      same(counts(await store.append(id, [])), { stored: [], duplicates: [] }, 'the result');
      same((await store.list(id)).events, [], 'the conversation');
      const page = await store.conversations({ limit: 1_000 });
      check(!page.conversations.some((summary) => summary.id === id), 'conversations() lists it');
    }),
  ];
}
