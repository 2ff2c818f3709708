/**
 * Group commit for the PostgreSQL store: the batches that arrive while transactions are in flight
 * wait, and the next transaction commits every one of them (of any conversation no transaction in
 * flight holds) together; up to {@link GROUPS_IN_FLIGHT} transactions are in flight at once. Each
 * caller is answered with its own outcome once its group committed; a failed group is answered
 * with its failure, or tried again batch by batch so that one bad batch fails alone. Node only.
 * @module
 */
import { StoreUnavailableError } from '../errors';
import type { AppendResult } from '../types';
import type { PendingBatch } from './append-group';

/** The most characters of JSON one group inserts, so a crowd of waiting batches never makes one huge statement (8 Mi). */
export const GROUP_CHARACTERS = 8 * 1024 * 1024;

/**
 * The most groups a store commits at once, each in a transaction on a connection of its own: the
 * next group starts while the WAL flush of the one before runs.
 */
export const GROUPS_IN_FLIGHT = 3;

/**
 * Commits a group in one transaction: `take` is called once a connection is had, and
 * returns the group (so the batches that came meanwhile join it); resolves with each batch's
 * outcome in order once committed.
 */
export type CommitGroup = (take: () => PendingBatch[]) => Promise<AppendResult[]>;

/** A store's queue of batches waiting for a commit. */
export interface GroupCommit {
  /** Queues a batch; resolves with its outcome once its group committed, rejects if it did not. */
  enqueue(batch: PendingBatch): Promise<AppendResult>;
  /** Resolves once no batch waits and no group is being committed. */
  idle(): Promise<void>;
}

interface Waiting {
  batch: PendingBatch;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** Whether a failure says the database is away: every batch would meet it, so none is tried again alone. */
const isUnavailable = (error: unknown) => error instanceof StoreUnavailableError && error.reason === 'unavailable';

/**
 * A queue whose groups `commit` writes, up to `inFlight` groups at a time, each on a connection of
 * its own: while one group's transaction (or its commit's WAL flush) is in flight, the next group
 * starts. A conversation with a batch in a group in flight has none in another: its later batches
 * wait in the queue until that group settled (committed, or failed and tried again batch by batch),
 * so the batches of one conversation are stored in the order `enqueue` was called. A group that
 * fails for want of the database fails every batch in it; a group that fails otherwise (a batch the
 * database refuses, a lock that timed out) is tried again one batch per transaction, in order, so
 * only the batches that fail alone are refused; once a batch fails alone for a reason that passes,
 * the later batches of its conversation in the group are refused with it without another try.
 */
export function createGroupCommit(commit: CommitGroup, inFlight = GROUPS_IN_FLIGHT): GroupCommit {
  const queue: Waiting[] = [];
  /** The conversations of the groups in flight. */
  const busy = new Set<string>();
  /** The groups in flight, settled when every batch of theirs is answered. */
  const running = new Set<Promise<void>>();
  /** Whether a group waits for its connection (and has not taken its batches yet): one at a time. */
  let starting = false;

  /**
   * The waiting batches of conversations no group in flight holds, in order, as many as fit in
   * {@link GROUP_CHARACTERS} (at least one); their conversations are busy from now on.
   */
  const take = (): Waiting[] => {
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    let size = 0;
    let full = false;
    for (const waiting of queue) {
      if (!full && group.length > 0 && size + waiting.batch.size > GROUP_CHARACTERS) full = true;
      if (full || busy.has(waiting.batch.id)) rest.push(waiting);
      else {
        size += waiting.batch.size;
        group.push(waiting);
      }
    }
    queue.length = 0;
    for (const waiting of rest) queue.push(waiting);
    for (const waiting of group) busy.add(waiting.batch.id);
    return group;
  };

  const one = async (waiting: Waiting): Promise<unknown> => {
    try {
      const [result] = await commit(() => [waiting.batch]);
      waiting.resolve(result as AppendResult);
      return undefined;
    } catch (error) {
      waiting.reject(error);
      return error;
    }
  };

  /** Each batch of a failed group in a transaction of its own. */
  const alone = async (group: Waiting[]) => {
    const refused = new Map<string, unknown>();
    for (const [index, waiting] of group.entries()) {
      const earlier = refused.get(waiting.batch.id);
      if (earlier !== undefined) {
        waiting.reject(earlier);
        continue;
      }
      const error = await one(waiting);
      if (isUnavailable(error)) {
        for (const rest of group.slice(index + 1)) rest.reject(error);
        return;
      }
      if (error instanceof StoreUnavailableError) refused.set(waiting.batch.id, error);
    }
  };

  /** Commits one group; its conversations are free again once every batch of it is answered. */
  const run = async () => {
    let group: Waiting[] | undefined;
    try {
      const results = await commit(() => {
        group = take();
        starting = false;
        // The next group may start at once, on another connection, with the batches left.
        pump();
        return group.map((waiting) => waiting.batch);
      });
      for (const [index, waiting] of (group as Waiting[]).entries()) waiting.resolve(results[index] as AppendResult);
    } catch (error) {
      if (group === undefined) {
        // A failure before the group was taken (no connection) fails every waiting batch alike.
        starting = false;
        for (const waiting of queue.splice(0)) waiting.reject(error);
      } else if (group.length === 1 || isUnavailable(error)) for (const waiting of group) waiting.reject(error);
      else await alone(group);
    } finally {
      for (const waiting of group ?? []) busy.delete(waiting.batch.id);
    }
  };

  /** Starts a group while fewer than `inFlight` are in flight, none waits for its connection, and a batch can join one. */
  const pump = () => {
    while (!starting && running.size < inFlight && queue.some((waiting) => !busy.has(waiting.batch.id))) {
      starting = true;
      const settled: Promise<void> = run().finally(() => {
        running.delete(settled);
        pump();
      });
      running.add(settled);
    }
  };

  return {
    enqueue(batch) {
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        pump();
      });
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
