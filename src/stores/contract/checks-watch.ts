/**
 * The contract of `watch` (for stores that have one): live events in order, catching up from a
 * cursor, every conversation at once, ending on abort. A watch that starts "from now" is probed
 * with a marker event until it answers, so the checks never depend on timing. Edge-safe.
 * @module
 */
import type { Event } from '../../events/index';
import type { EventStore, StoredEvent } from '../types';
import { check, StoreContractError, same } from './assert';
import { conversation, ids, message, messages, take } from './fixtures';
import type { StoreCheck, Subject } from './subject';

type Watchable = EventStore & Required<Pick<EventStore, 'watch'>>;

/**
 * Appends a marker to `id` every 50 ms until the watch yields one (the watch has started), then
 * reads the markers that follow it, so the next event the watch yields is the check's own.
 */
async function probe(store: EventStore, iterator: AsyncIterator<StoredEvent>, id: string, timeoutMs: number): Promise<void> {
  const markers: string[] = [];
  let outcome: { result: IteratorResult<StoredEvent> } | { error: unknown } | undefined;
  iterator.next().then(
    (result) => {
      outcome = { result };
    },
    (error: unknown) => {
      outcome = { error };
    },
  );
  const deadline = Date.now() + timeoutMs;
  while (outcome === undefined) {
    if (Date.now() > deadline)
      throw new StoreContractError(`a watch from now yielded none of ${markers.length} events stored after it started`);
    const marker = message('marker');
    markers.push(marker.id);
    await store.append(id, [marker]);
    await new Promise((wait) => setTimeout(wait, 50));
  }
  if ('error' in outcome) throw outcome.error;
  const { result } = outcome;
  if (result.done) throw new StoreContractError('the watch ended before yielding anything');
  let index = markers.indexOf(result.value.event.id);
  check(index !== -1, 'the first event a watch from now yields is one stored after it started');
  for (; index < markers.length - 1; index++) {
    const [next] = await take(iterator, 1, timeoutMs);
    same(next?.event.id, markers[index + 1], 'the markers, in order');
  }
}

/** The checks of `watch`. */
export function watchChecks(subject: Subject): StoreCheck[] {
  const timeoutMs = subject.options.watchTimeoutMs ?? 10_000;
  const checks: StoreCheck[] = [
    subject.check('watch of a conversation yields what is stored after it started, in order, and ends on abort', async (base) => {
      const store = watchable(base);
      const id = conversation();
      const stop = new AbortController();
      const iterator = store.watch(id, { signal: stop.signal })[Symbol.asyncIterator]();
      await probe(store, iterator, id, timeoutMs);
      const batches = [messages(3), messages(2, 'n')];
      await store.append(conversation(), messages(2, 'elsewhere'));
      for (const batch of batches) await store.append(id, batch);
      const seen = await take(iterator, 5, timeoutMs);
      same(ids(seen.map((item) => item.event)), ids(batches.flat()), 'the events watched');
      check(
        seen.every((item) => item.conversationId === id),
        'each watched event names its conversation',
      );
      same((await store.list(id, { after: (seen.at(-1) as StoredEvent).cursor })).events, [], 'list after the last watched cursor');
      stop.abort();
      const end = await Promise.race([iterator.next(), new Promise((done) => setTimeout(() => done('still running'), timeoutMs))]);
      same(end, { done: true, value: undefined }, 'the watch after abort');
    }),

    subject.check('watch from a cursor yields what was stored after it first, then goes on live', async (base) => {
      const store = watchable(base);
      const id = conversation();
      const events = messages(5);
      await store.append(id, events.slice(0, 3));
      const { cursor } = await store.list(id, { limit: 1 });
      const stop = new AbortController();
      const iterator = store.watch(id, { after: cursor as string, signal: stop.signal })[Symbol.asyncIterator]();
      same(
        ids((await take(iterator, 2, timeoutMs)).map((item) => item.event)),
        ids(events.slice(1, 3)),
        'what was stored after the cursor',
      );
      await store.append(id, events.slice(3));
      same(ids((await take(iterator, 2, timeoutMs)).map((item) => item.event)), ids(events.slice(3)), 'what came next');
      stop.abort();
    }),

    subject.check(
      "watch of every conversation yields each conversation's events in its order, and stops when the loop breaks",
      async (base) => {
        const store = watchable(base);
        const stop = new AbortController();
        const iterator = store.watch(undefined, { signal: stop.signal })[Symbol.asyncIterator]();
        await probe(store, iterator, conversation(), timeoutMs);
        const [first, second] = [conversation(), conversation()];
        const a = messages(3, 'a');
        const b = messages(2, 'b');
        await Promise.all([store.append(first, a), store.append(second, b)]);
        const seen = await take(iterator, 5, timeoutMs);
        const of = (id: string) => seen.filter((item) => item.conversationId === id).map((item) => item.event);
        same(ids(of(first)), ids(a), 'the first conversation');
        same(ids(of(second)), ids(b), 'the second conversation');
        await iterator.return?.();
        await store.append(first, messages(1, 'after'));
        stop.abort();
      },
    ),
  ];
  if (subject.options.resumesWatchOfAll)
    checks.push(
      subject.check('watch of every conversation resumes from a cursor it yielded', async (base) => {
        const store = watchable(base);
        const [first, second] = [conversation(), conversation()];
        const stop = new AbortController();
        const iterator = store.watch(undefined, { signal: stop.signal })[Symbol.asyncIterator]();
        await probe(store, iterator, first, timeoutMs);
        const before = message('before');
        await store.append(first, [before]);
        const [seen] = await take(iterator, 1, timeoutMs);
        stop.abort();
        const later: Event[] = [message('x'), message('y')];
        await store.append(second, later);
        const again = new AbortController();
        const resumed = store.watch(undefined, { after: (seen as StoredEvent).cursor, signal: again.signal })[Symbol.asyncIterator]();
        same(ids((await take(resumed, 2, timeoutMs)).map((item) => item.event)), ids(later), 'what was stored after the cursor');
        again.abort();
      }),
    );
  return checks;
}

function watchable(store: EventStore): Watchable {
  check(typeof store.watch === 'function', 'the store has no watch');
  return store as Watchable;
}
