/**
 * Reading the file store: pages of a conversation's events, pages of conversations with their
 * summaries (read incrementally), stored entries one at a time, and watches. Reads of a
 * conversation this store writes stop at its last synced line. Node only.
 * @module
 */
import type { Event } from '../../events/index';
import { createKindFilter, parsePageSize, toConversationId } from '../options';
import type {
  ConversationPage,
  ConversationSummary,
  ConversationsOptions,
  EventPage,
  ListOptions,
  StoredEntry,
  StoredEvent,
  WatchOptions,
} from '../types';
import type { EntriesOptions } from './file-store';
import { readSummary, type ScanRange, type SummaryProgress, scanEntries } from './read';
import { conversationIds, type FileStoreState, pathOf, reportNotAFile, syncedEnd } from './store-state';
import { type FileWatchContext, watchAll, watchConversation } from './watch';

/** Summaries kept between calls of `conversations` (a few hundred bytes each). */
const MAX_CACHED_SUMMARIES = 10_000;

/** A conversation's summary, reading only what was appended since the last call (all of it again if the file changed behind the store). */
export async function summaryOf(state: FileStoreState, id: string): Promise<ConversationSummary | undefined> {
  const { summaries } = state;
  const known = summaries.get(id);
  summaries.delete(id);
  const read = (from: SummaryProgress | undefined) =>
    readSummary(state.fs, id, pathOf(state, id), from, syncedEnd(state, id), (error) => reportNotAFile(state, error));
  const progress = await read(known).catch((error: unknown) => (known ? read(undefined) : Promise.reject(error)));
  if (progress) summaries.set(id, progress);
  if (summaries.size > MAX_CACHED_SUMMARIES) summaries.delete(summaries.keys().next().value as string);
  return progress?.summary;
}

async function* filterEntries(entries: AsyncIterable<StoredEntry>, matches: (event: Event) => boolean): AsyncGenerator<StoredEntry> {
  for await (const entry of entries) if (matches(entry.event)) yield entry;
}

/** A scan of a conversation from `after` to its last synced line (when this store writes it); an entry that is not a file is reported. */
function scanRange(state: FileStoreState, id: string, after: string | undefined): ScanRange {
  return { after, stopAt: syncedEnd(state, id), notAFile: (error) => reportNotAFile(state, error) };
}

/** `store.entries`: a conversation's stored events one at a time, each with its line as stored and its cursor. */
export function entries(state: FileStoreState, conversationId: string, options: EntriesOptions = {}): AsyncIterable<StoredEntry> {
  const id = toConversationId(conversationId);
  const matches = createKindFilter(options.kind);
  const scan = scanEntries(state.fs, pathOf(state, id), scanRange(state, id, options.after));
  return matches ? filterEntries(scan, matches) : scan;
}

/** `store.list`: a page of a conversation's events after a cursor (a byte offset). */
export async function listEvents(state: FileStoreState, conversationId: string, options: ListOptions = {}): Promise<EventPage> {
  const limit = parsePageSize(options.limit);
  const id = toConversationId(conversationId);
  const matches = createKindFilter(options.kind);
  const events: Event[] = [];
  let cursor = options.after;
  const lines = scanEntries(state.fs, pathOf(state, id), scanRange(state, id, options.after), (end) => {
    cursor = String(end);
  });
  for await (const { event } of lines) {
    if (matches && !matches(event)) continue;
    events.push(event);
    if (events.length === limit) break;
  }
  return { events, cursor };
}

/** `store.conversations`: a page of conversations in id order, each with its summary. */
export async function listConversations(state: FileStoreState, options: ConversationsOptions = {}): Promise<ConversationPage> {
  const limit = parsePageSize(options.limit);
  const after = options.after;
  const ids = (await conversationIds(state)).filter((id) => after === undefined || id > after).sort();
  const page = [];
  let cursor = after;
  for (const id of ids) {
    const summary = await summaryOf(state, id);
    cursor = id;
    if (summary) page.push({ ...summary });
    if (page.length === limit) break;
  }
  return { conversations: page, cursor };
}

/** What a watch needs from the store; it polls while the store does not hold the folder's lock. */
function watchContext(state: FileStoreState): FileWatchContext {
  return {
    fs: state.fs,
    intervalMs: state.intervalMs,
    hub: state.hub,
    pathOf: (id) => pathOf(state, id),
    syncedEnd: (id) => syncedEnd(state, id),
    conversationIds: () => conversationIds(state),
    notAFile: (error) => reportNotAFile(state, error),
    polls: () => state.lock === undefined,
  };
}

/** `store.watch`: newly stored events of one conversation (after a cursor), or of all. */
export function watch(state: FileStoreState, conversationId: string | undefined, options: WatchOptions = {}): AsyncIterable<StoredEvent> {
  return conversationId === undefined
    ? watchAll(watchContext(state), options)
    : watchConversation(watchContext(state), toConversationId(conversationId), options);
}
