/**
 * The contract of event ids: the service accepts any string but `"__root__"` as an id, so a store
 * keeps every such id exactly as sent and never takes one for another — ids with a NUL, lone
 * surrogates, U+FFFD, and ids that look like another id escaped. A store that cannot hold an id
 * (a database text type that refuses NUL, a driver that turns a lone surrogate into U+FFFD) must
 * encode it so that two distinct ids stay distinct, or refuse it; it must never acknowledge an
 * event it did not store. Edge-safe.
 * @module
 */
import { decodeEvent, type Event } from '../../events/index';
import { check, same } from './assert';
import { all, conversation, ids } from './fixtures';
import type { StoreCheck, Subject } from './subject';

/** Ids that text columns, UTF-8 encoders or an escaping scheme could confuse, each distinct from the others. */
export const UNUSUAL_IDS: readonly string[] = [
  'a\u0000b',
  'ab',
  'a',
  '\u0000',
  'a\\u0000b',
  'id-\ud800',
  'id-\ufffd',
  'id-\udfff',
  'id-?',
  '\ud83d\ude00',
  '\ud83d',
  '\ude00',
  '\ude00\ud83d',
  '\ufffd',
  '\ufffd\ufffd',
  '\uffff"a\\u0000b"',
  '\uffff',
  '"a\\u0000b"',
  'é',
  'e\u0301',
  ' ',
  '',
];

let tick = 0;

/** A pause event with the given id (any id the service accepts). */
function withId(id: string): Event {
  tick++;
  return decodeEvent({
    kind: 'PauseEvent',
    id,
    timestamp: `2026-06-16T06:${String(Math.floor(tick / 60) % 60).padStart(2, '0')}:${String(tick % 60).padStart(2, '0')}`,
  });
}

const shown = (list: readonly string[]) => list.map((id) => JSON.stringify(id)).join(', ');

/** The checks of unusual ids. */
export function idChecks(subject: Subject): StoreCheck[] {
  return [
    subject.check('ids with NUL, lone surrogates or U+FFFD are each stored once, exactly as sent, and never confused', async (store) => {
      const id = conversation();
      const events = UNUSUAL_IDS.map(withId);
      const first = await store.append(id, events);
      same(ids(first.stored), [...UNUSUAL_IDS], 'the ids a first append stored');
      same(ids(first.duplicates), [], 'the duplicates of a first append');
      const stored = ids(await all(store, id));
      check(
        stored.length === UNUSUAL_IDS.length && stored.every((eventId, index) => eventId === UNUSUAL_IDS[index]),
        `the stored ids, in order and code unit for code unit:\n  expected ${shown(UNUSUAL_IDS)}\n  got      ${shown(stored)}`,
      );
      const again = await store.append(id, [...events].reverse());
      same(ids(again.stored), [], 'a re-delivery of every event stores nothing');
      same(ids(again.duplicates), [...UNUSUAL_IDS].reverse(), 'a re-delivery reports every event as a duplicate');
    }),

    subject.check('an id with a lone surrogate and the same id with U+FFFD are two events, whatever comes first', async (store) => {
      const id = conversation();
      const [lone, replaced] = [withId('q-\ud800'), withId('q-\ufffd')];
      same(ids((await store.append(id, [lone])).stored), [lone.id], 'the id with a lone surrogate');
      same(ids((await store.append(id, [replaced])).stored), [replaced.id], 'the id with U+FFFD, after it');
      same(ids((await store.append(id, [lone])).duplicates), [lone.id], 'the first again');
      const [nul, cut] = [withId('n\u0000'), withId('n')];
      same(ids((await store.append(id, [cut])).stored), [cut.id], 'an id');
      same(ids((await store.append(id, [nul])).stored), [nul.id], 'the id with a NUL after it');
      const stored = ids(await all(store, id));
      check(
        stored.length === 4 && [lone, replaced, cut, nul].every((event, index) => stored[index] === event.id),
        `each event once, as sent: ${shown(stored)}`,
      );
    }),
  ];
}
