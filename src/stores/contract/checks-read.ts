/**
 * The contract of `list` and `conversations`: pages, cursors, kind filters, summaries, and what
 * a restart keeps. Edge-safe.
 * @module
 */
import type { Event } from '../../events/index';
import { check, rejection, same } from './assert';
import { all, conversation, delta, ids, message, messages, pause } from './fixtures';
import type { StoreCheck, Subject } from './subject';

/** The checks of reading. */
export function readChecks(subject: Subject): StoreCheck[] {
  const checks: StoreCheck[] = [
    subject.check('list pages with limit and cursor, and the pages join up to the whole conversation', async (store) => {
      const id = conversation();
      const events = messages(25);
      await store.append(id, events.slice(0, 12));
      await store.append(id, events.slice(12));
      const first = await store.list(id, { limit: 10 });
      same(ids(first.events), ids(events.slice(0, 10)), 'the first page');
      check(typeof first.cursor === 'string', 'a page with events has a cursor');
      const second = await store.list(id, { limit: 10, after: first.cursor as string });
      same(ids(second.events), ids(events.slice(10, 20)), 'the second page');
      const third = await store.list(id, { limit: 10, after: second.cursor as string });
      same(ids(third.events), ids(events.slice(20)), 'the last page, short');
      const after = await store.list(id, { limit: 10, after: third.cursor as string });
      same(after.events, [], 'a page after the last one');
      check(typeof after.cursor === 'string', 'a page after the end still has a cursor');
      same(ids(await all(store, id, 4)), ids(events), 'pages of 4, joined');
      same(ids((await store.list(id, { limit: 1_000 })).events), ids(events), 'one page of at most 1,000');
    }),

    subject.check('list holds 100 events by default; an unknown conversation has none; a bad limit is a RangeError', async (store) => {
      const id = conversation();
      const events = messages(120);
      await store.append(id, events);
      same(ids((await store.list(id)).events), ids(events.slice(0, 100)), 'the default page');
      same(await store.list(conversation()), { events: [], cursor: undefined }, 'a conversation with nothing stored');
      for (const limit of [0, 1_001, 2.5]) {
        const error = await rejection(() => store.list(id, { limit }), `limit ${limit}`);
        check(error instanceof RangeError, `limit ${limit} is refused with a RangeError, not ${String(error)}`);
      }
    }),

    subject.check('a cursor the store never handed out is refused', async (store) => {
      const id = conversation();
      await store.append(id, messages(3));
      await rejection(() => store.list(id, { after: 'not a cursor' }), 'list after "not a cursor"');
    }),

    subject.check('a cursor stays where it was while more is appended', async (store) => {
      const id = conversation();
      const before = messages(3);
      await store.append(id, before);
      const { cursor } = await store.list(id);
      const later = messages(4, 'later');
      await store.append(id, later.slice(0, 2));
      await store.append(id, later.slice(2));
      same(ids((await store.list(id, { after: cursor as string })).events), ids(later), 'events after the cursor');
    }),

    subject.check('kind filters, alone and with cursors', async (store) => {
      const id = conversation();
      const events: Event[] = [message('a'), pause(), message('b'), pause(), pause(), message('c'), pause()];
      await store.append(id, events);
      const pauses = events.filter((event) => event.kind === 'PauseEvent');
      same(ids((await store.list(id, { kind: 'PauseEvent' })).events), ids(pauses), 'one kind');
      same(ids((await store.list(id, { kind: ['PauseEvent', 'MessageEvent'] })).events), ids(events), 'two kinds');
      same((await store.list(id, { kind: 'AgentErrorEvent' })).events, [], 'a kind never stored');
      const seen: Event[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const next = await store.list(id, { kind: 'PauseEvent', limit: 2, ...(after === undefined ? {} : { after }) });
        seen.push(...next.events);
        if (next.events.length < 2) break;
        after = next.cursor;
      }
      same(ids(seen), ids(pauses), 'pages of 2 of one kind, joined');
    }),

    subject.check('conversations: ordered by id, paged, each with its count, first and last timestamps and last kind', async (store) => {
      const made = [conversation(), conversation(), conversation()].sort();
      const stored = new Map<string, Event[]>();
      for (const [index, id] of made.entries()) {
        const events = [...messages(index + 1), pause()];
        await store.append(id, [delta(), ...events.slice(0, 1)]);
        await store.append(id, events);
        stored.set(id, events);
      }
      await store.append(conversation(), [delta()]);
      const expected = made.map((id) => {
        const events = stored.get(id) as Event[];
        return { id, events: events.length, firstAt: events[0]?.timestamp, lastAt: events.at(-1)?.timestamp, lastKind: 'PauseEvent' };
      });
      same((await store.conversations()).conversations, expected, 'conversations()');
      const first = await store.conversations({ limit: 2 });
      same(first.conversations, expected.slice(0, 2), 'a page of 2');
      const second = await store.conversations({ limit: 2, after: first.cursor as string });
      same(second.conversations, expected.slice(2), 'the page after it');
      same((await store.conversations({ after: second.cursor as string })).conversations, [], 'a page after the last');
    }),
  ];
  if (subject.options.reopen)
    checks.push(
      subject.check('a restart keeps the events, their order, the cursors and the idempotence', async (store, context) => {
        const id = conversation();
        const events = messages(6);
        await store.append(id, events.slice(0, 4));
        const { cursor } = await store.list(id, { limit: 2 });
        const summaries = await store.conversations();
        const again = await context.reopen(store);
        same(ids(await all(again, id)), ids(events.slice(0, 4)), 'the events after a restart');
        same(ids((await again.list(id, { after: cursor as string })).events), ids(events.slice(2, 4)), 'a cursor from before the restart');
        const result = await again.append(id, events);
        same(
          { stored: ids(result.stored), duplicates: ids(result.duplicates) },
          { stored: ids(events.slice(4)), duplicates: ids(events.slice(0, 4)) },
          'a re-delivery after the restart',
        );
        same(ids(await all(again, id)), ids(events), 'every event once');
        same((await again.conversations()).conversations[0]?.id, summaries.conversations[0]?.id, 'the conversation is still listed');
      }),
    );
  return checks;
}
