import { describe, expect, it } from 'vitest';
import type { Event } from '../../events/index';
import type { AppendResult } from '../types';
import type { PendingBatch } from './append-group';
import { createGroupCommit } from './group-commit';

/** A batch of conversation `id`, named `name` (its one event's id). */
const batch = (id: string, name: string): PendingBatch => {
  const event = { kind: 'MessageEvent', id: name } as unknown as Event;
  return { id, events: [event], fresh: [event], keys: [name], json: ['{}'], duplicates: [], size: 2 };
};

/** One call of the commit function: the group it took, and how to end its transaction. */
interface Transaction {
  group: string[];
  commit(): void;
  fail(error: unknown): void;
}

/**
 * A commit function whose transactions end when the test says: each call takes its group a turn
 * later (as a connection at hand would be had) and waits. `open` lists the transactions not ended yet;
 * `log` every group taken and every end, in order.
 */
function scripted() {
  const open: Transaction[] = [];
  const log: string[] = [];
  let started: () => void = () => undefined;
  const commit = async (take: () => PendingBatch[]) => {
    // A connection is had a turn later: the batches queued meanwhile join the group.
    await new Promise((resolve) => setImmediate(resolve));
    const batches = take();
    const group = batches.map((pending) => pending.keys[0] as string);
    log.push(`take ${group.join(',')}`);
    return new Promise<AppendResult[]>((resolve, reject) => {
      const transaction: Transaction = {
        group,
        commit() {
          open.splice(open.indexOf(transaction), 1);
          log.push(`commit ${group.join(',')}`);
          resolve(batches.map((pending) => ({ stored: [...pending.fresh], duplicates: [] })));
        },
        fail(error) {
          open.splice(open.indexOf(transaction), 1);
          log.push(`fail ${group.join(',')}`);
          reject(error);
        },
      };
      open.push(transaction);
      started();
    });
  };
  /** Resolves once `count` transactions are open. */
  const opened = async (count: number) => {
    while (open.length < count)
      await new Promise<void>((resolve) => {
        started = resolve;
      });
  };
  return { commit, open, log, opened };
}

/** The names of the events an append stored, or the error it failed with. */
const outcome = (promise: Promise<AppendResult>, into: string[]) =>
  promise.then(
    (result) => into.push(`stored ${result.stored.map((event) => event.id).join(',')}`),
    (error: Error) => into.push(`refused ${error.message}`),
  );

describe('group commit', () => {
  it('starts the next group while one is in flight, each caller answered when its own group committed', async () => {
    const { commit, open, log, opened } = scripted();
    const groups = createGroupCommit(commit, 2);
    const answers: string[] = [];
    const first = outcome(groups.enqueue(batch('c1', 'a')), answers);
    await opened(1);
    const second = outcome(groups.enqueue(batch('c2', 'b')), answers);
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['a'], ['b']]);

    // The second commits first: its caller is answered, the first's is not.
    open[1]?.commit();
    await second;
    expect(answers).toEqual(['stored b']);
    open[0]?.commit();
    await first;
    expect(answers).toEqual(['stored b', 'stored a']);
    await groups.idle();
    expect(log).toEqual(['take a', 'take b', 'commit b', 'commit a']);
  });

  it('keeps a conversation out of the next group while a group in flight holds it, and never exceeds the groups in flight', async () => {
    const { commit, open, log, opened } = scripted();
    const groups = createGroupCommit(commit, 2);
    const answers: string[] = [];
    const settled = [outcome(groups.enqueue(batch('c1', 'a1')), answers)];
    await opened(1);
    // c1 is in flight: its next batch waits; c2 and c3 form the next group.
    settled.push(outcome(groups.enqueue(batch('c1', 'a2')), answers));
    settled.push(outcome(groups.enqueue(batch('c2', 'b1')), answers));
    settled.push(outcome(groups.enqueue(batch('c3', 'd1')), answers));
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['a1'], ['b1', 'd1']]);
    // Two in flight: c4 waits for either to end, though no group holds it.
    settled.push(outcome(groups.enqueue(batch('c4', 'e1')), answers));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(open).toHaveLength(2);

    // The second group ends: the third takes c4 alone (c1 is still held).
    open[1]?.commit();
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['a1'], ['e1']]);
    // The first ends: c1's next batch goes at last.
    open[0]?.commit();
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['e1'], ['a2']]);
    open[1]?.commit();
    open[0]?.commit();
    await Promise.all(settled);
    await groups.idle();
    expect(log.indexOf('take a2')).toBeGreaterThan(log.indexOf('commit a1'));
    expect(answers.sort()).toEqual(['stored a1', 'stored a2', 'stored b1', 'stored d1', 'stored e1']);
  });

  it('a group that fails while the next is in flight is tried batch by batch before its conversations go on', async () => {
    const { commit, open, log, opened } = scripted();
    const groups = createGroupCommit(commit, 2);
    const answers: string[] = [];
    const settled = [outcome(groups.enqueue(batch('c1', 'a1')), answers), outcome(groups.enqueue(batch('c2', 'b1')), answers)];
    await opened(1);
    settled.push(outcome(groups.enqueue(batch('c3', 'd1')), answers));
    await opened(2);
    // Later batches of the failing group's conversations wait in the queue.
    settled.push(outcome(groups.enqueue(batch('c1', 'a2')), answers));
    settled.push(outcome(groups.enqueue(batch('c2', 'b2')), answers));
    expect(open.map((transaction) => transaction.group)).toEqual([['a1', 'b1'], ['d1']]);

    // The first group fails (a batch the database refuses): each batch again, alone, in order.
    open[0]?.fail(new Error('refused by a check'));
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['d1'], ['a1']]);
    open[1]?.fail(new Error('a1 is refused'));
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['d1'], ['b1']]);
    open[1]?.commit();
    // Only now may c1 and c2 go on: their next batches form the next group.
    await opened(2);
    expect(open.map((transaction) => transaction.group)).toEqual([['d1'], ['a2', 'b2']]);
    open[1]?.commit();
    open[0]?.commit();
    await Promise.all(settled);
    await groups.idle();
    expect(answers.sort()).toEqual(['refused a1 is refused', 'stored a2', 'stored b1', 'stored b2', 'stored d1']);
    expect(log).toEqual([
      'take a1,b1',
      'take d1',
      'fail a1,b1',
      'take a1',
      'fail a1',
      'take b1',
      'commit b1',
      'take a2,b2',
      'commit a2,b2',
      'commit d1',
    ]);
  });
});
