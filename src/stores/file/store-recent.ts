/**
 * The file store's conversations by recent activity: an index in memory of each conversation's
 * latest activity, built from the files' modification times on first use and moved on by every
 * commit of this process. A store that holds the folder's writer lock trusts its index (it is the
 * only writer); any other looks at the folder again on each call (a `readdir` and a `stat` per
 * file, no file read). Only the summaries of the page asked for are read, incrementally. Node only.
 * @module
 */
import { lstat } from 'node:fs/promises';
import { mapConcurrent } from '../../internal/map-concurrent';
import { parsePageSize } from '../options';
import { createRecencyOrder, type RecencyOrder } from '../recency';
import type { ConversationPage, ConversationSummary, ConversationsOptions } from '../types';
import { isMissing } from './file-system';
import { summaryOf } from './store-read';
import { conversationIds, type FileStoreState, pathOf } from './store-state';

/** Files looked at, and summaries read, at once. */
const CONCURRENCY = 16;

/** Each conversation's latest activity (milliseconds since the epoch), and the modification times it was read from. */
export interface ActivityIndex {
  readonly order: RecencyOrder;
  /** The modification time each conversation had when the folder was last looked at. */
  readonly modified: Map<string, number>;
  /** The first look at the folder, once a store that holds the lock made it. */
  scanned: Promise<void> | undefined;
}

/** Creates the index of a store; each commit of the store makes its conversation the latest. */
export function createActivityIndex(state: FileStoreState): ActivityIndex {
  const order = createRecencyOrder();
  // Past the modification time of the write just committed (Date.now() drops the fraction of a
  // millisecond), and later than every time known: the commit order is kept, and a later look
  // at the folder never moves what this process wrote.
  state.hub.subscribe('*', (id) => order.touch(id, Math.max(Date.now() + 1, order.latest() + 0.001)));
  return { order, modified: new Map(), scanned: undefined };
}

/** Looks at the folder: files new or modified since the last look move to their modification time, removed ones leave. */
async function scan(state: FileStoreState, index: ActivityIndex): Promise<void> {
  const ids = await conversationIds(state);
  const present = new Set(ids);
  for (const id of index.modified.keys())
    if (!present.has(id)) {
      index.modified.delete(id);
      index.order.remove(id);
    }
  await mapConcurrent(ids, CONCURRENCY, async (id) => {
    let modified: number;
    try {
      const stats = await lstat(pathOf(state, id)); // never through a symbolic link, as the store reads
      if (!stats.isFile()) return;
      modified = stats.mtimeMs;
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    if (index.modified.get(id) === modified) return;
    index.modified.set(id, modified);
    if (!(modified <= (index.order.at(id) ?? -1))) index.order.touch(id, modified);
  });
}

/** Brings the index up to date: once for the store that holds the lock, on each call otherwise. */
async function refresh(state: FileStoreState, index: ActivityIndex): Promise<void> {
  const held = state.lock?.then(
    () => true,
    () => false,
  );
  const writes = held !== undefined && (await held);
  if (!writes) return scan(state, index);
  index.scanned ??= scan(state, index).catch((error: unknown) => {
    index.scanned = undefined;
    throw error;
  });
  return index.scanned;
}

/** `store.recentConversations`: a page of conversations, the latest activity first, each with its summary. */
export async function recentConversations(
  state: FileStoreState,
  index: ActivityIndex,
  options: ConversationsOptions = {},
): Promise<ConversationPage> {
  const limit = parsePageSize(options.limit);
  await refresh(state, index);
  const conversations: ConversationSummary[] = [];
  let cursor = options.after;
  // A conversation whose file holds no complete line yet is left out; the page is filled from the next ones.
  while (conversations.length < limit) {
    const page = index.order.page(cursor, limit - conversations.length);
    if (page.ids.length === 0) break;
    const summaries = await mapConcurrent(page.ids, CONCURRENCY, (id) => summaryOf(state, id));
    for (const summary of summaries) if (summary) conversations.push({ ...summary });
    cursor = page.cursor;
  }
  return { conversations, cursor };
}
