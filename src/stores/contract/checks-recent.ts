/**
 * The contract of `recentConversations`: the latest activity first, pages joined by cursors, the
 * same summaries as `conversations`, and what a restart keeps. Edge-safe.
 * @module
 */
import type { Event } from '../../events/index';
import type { ConversationPage, ConversationsOptions, EventStore } from '../types';
import { check, rejection, StoreContractError, same } from './assert';
import { conversation, delta, messages } from './fixtures';
import type { StoreCheck, Subject } from './subject';

/** The store's `recentConversations`; a contract error when it has none. */
function recentOf(store: EventStore): (options?: ConversationsOptions) => Promise<ConversationPage> {
  if (!store.recentConversations)
    throw new StoreContractError('the store has no recentConversations (pass recent: false to skip these checks)');
  return (options) => (store.recentConversations as NonNullable<EventStore['recentConversations']>)(options);
}

const idsOf = (page: ConversationPage) => page.conversations.map((summary) => summary.id);

/** The checks of `recentConversations`. */
export function recentChecks(subject: Subject): StoreCheck[] {
  const checks: StoreCheck[] = [
    subject.check('recentConversations: the latest activity first, paged by cursor, with the summaries of conversations', async (store) => {
      const recent = recentOf(store);
      same(await recent(), { conversations: [], cursor: undefined }, 'an empty store');
      const [a, b, c] = [conversation(), conversation(), conversation()].sort() as [string, string, string];
      const batches = new Map<string, Event[]>([
        [a, messages(2, 'a')],
        [b, messages(1, 'b')],
        [c, messages(3, 'c')],
      ]);
      for (const [id, events] of batches) await store.append(id, events);
      await store.append(a, messages(1, 'again'));
      // Neither a batch of deltas (never stored) nor a re-delivery stores anything: b does not move.
      await store.append(b, [delta()]);
      await store.append(b, batches.get(b) as Event[]);
      const all = await recent();
      same(idsOf(all), [a, c, b], 'the latest activity first: a (appended to again), c, b');
      const byId = new Map((await store.conversations()).conversations.map((summary) => [summary.id, summary]));
      same(
        all.conversations,
        [a, c, b].map((id) => byId.get(id)),
        'the same summaries as conversations()',
      );
      const first = await recent({ limit: 2 });
      same(idsOf(first), [a, c], 'a page of 2');
      check(typeof first.cursor === 'string', 'a page with conversations has a cursor');
      const second = await recent({ limit: 2, after: first.cursor as string });
      same(idsOf(second), [b], 'the page after it');
      const end = await recent({ limit: 2, after: second.cursor as string });
      same(idsOf(end), [], 'a page after the last');
      check(typeof end.cursor === 'string', 'a page after the last still has a cursor');
      await store.append(b, messages(1, 'b later'));
      same(idsOf(await recent({ limit: 1 })), [b], 'a conversation appended to moves first');
      same(idsOf(await recent({ after: first.cursor as string })), [], 'pages after a cursor leave out what moved first since');
    }),

    subject.check('recentConversations refuses a cursor it never handed out and a bad limit', async (store) => {
      const recent = recentOf(store);
      await store.append(conversation(), messages(1));
      await rejection(() => recent({ after: 'not a cursor' }), 'recentConversations after "not a cursor"');
      for (const limit of [0, 1_001, 2.5]) {
        const error = await rejection(() => recent({ limit }), `limit ${limit}`);
        check(error instanceof RangeError, `limit ${limit} is refused with a RangeError, not ${String(error)}`);
      }
    }),
  ];
  if (subject.options.reopen)
    checks.push(
      subject.check('a restart keeps the conversations by recent activity', async (store, context) => {
        const [a, b, c] = [conversation(), conversation(), conversation()];
        await store.append(a, messages(1));
        await store.append(b, messages(2));
        // A pause longer than the coarsest clock a store may order by after a restart (file times).
        await new Promise((done) => setTimeout(done, 100));
        await store.append(c, messages(3));
        const again = recentOf(await context.reopen(store));
        const after = await again();
        same(idsOf(after)[0], c, 'the latest conversation first after a restart');
        same(idsOf(after).slice(1).sort(), [a, b].sort(), 'the others after it');
      }),
    );
  return checks;
}
