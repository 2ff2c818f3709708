/**
 * Group commit for the PostgreSQL store: the batches that arrive while a transaction is in flight
 * wait, and the next transaction commits every one of them (of any conversation) together. Each
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
 * A queue whose groups `commit` writes, one group at a time. The batches of one conversation are
 * stored in the order `enqueue` was called. A group that fails for want of the database fails
 * every batch in it; a group that fails otherwise (a batch the database refuses, a lock that timed
 * out) is tried again one batch per transaction, in order, so only the batches that fail alone are
 * refused; once a batch fails alone for a reason that passes, the later batches of its
 * conversation in the group are refused with it without another try.
 */
export function createGroupCommit(commit: CommitGroup): GroupCommit {
  const queue: Waiting[] = [];
  let running: Promise<void> | undefined;

  /** The waiting batches in order, as many as fit in {@link GROUP_CHARACTERS} (at least one). */
  const take = (): Waiting[] => {
    let size = 0;
    let count = 0;
    for (const waiting of queue) {
      if (count > 0 && size + waiting.batch.size > GROUP_CHARACTERS) break;
      size += waiting.batch.size;
      count++;
    }
    return queue.splice(0, count);
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

  const next = async () => {
    let group: Waiting[] | undefined;
    try {
      const results = await commit(() => {
        group = take();
        return group.map((waiting) => waiting.batch);
      });
      for (const [index, waiting] of (group as Waiting[]).entries()) waiting.resolve(results[index] as AppendResult);
    } catch (error) {
      // A failure before the group was taken (no connection) fails every waiting batch alike.
      if (group === undefined) for (const waiting of queue.splice(0)) waiting.reject(error);
      else if (group.length === 1 || isUnavailable(error)) for (const waiting of group) waiting.reject(error);
      else await alone(group);
    }
  };

  /** Commits groups until the queue is empty; `running` is cleared in the turn the queue is seen empty. */
  const drain = async () => {
    try {
      while (queue.length > 0) await next();
    } finally {
      running = undefined;
    }
  };

  return {
    enqueue(batch) {
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        running ??= drain();
      });
    },
    async idle() {
      while (running) await running;
    },
  };
}
