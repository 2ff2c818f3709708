/**
 * The conversations of a source, the latest activity first, a page at a time: the store's
 * `recentConversations` when it has one; otherwise every summary read by id and sorted by the
 * last event's timestamp (a store of your own without an index of activity). Node only.
 * @module
 */
import { type ConversationPage, type ConversationSummary, InvalidCursorError } from '../../stores/index';
import { SOURCE_PAGE, type ViewerSource } from './source';

/** Which page. */
export interface RecentOptions {
  /** A cursor of an earlier page. */
  after?: string | undefined;
  /** At most this many (1 to the stores' largest page). */
  limit: number;
}

/** A cursor of the fallback order: the page's last summary's timestamp and id. */
const FALLBACK = /^sorted:(.*)\|([0-9a-f-]{36})$/;

/** Latest timestamp first, then the greater id (a timestamp missing sorts last). */
function newer(a: ConversationSummary, b: ConversationSummary): number {
  const x = a.lastAt ?? '';
  const y = b.lastAt ?? '';
  if (x !== y) return x < y ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** Every summary of a source without `recentConversations`, sorted; a page after the cursor. */
async function sortedPage(source: ViewerSource, options: RecentOptions): Promise<ConversationPage> {
  let from: ConversationSummary | undefined;
  if (options.after !== undefined) {
    const match = FALLBACK.exec(options.after);
    if (!match) throw new InvalidCursorError(options.after);
    from = { id: match[2] as string, events: 0, firstAt: null, lastAt: match[1] === '' ? null : (match[1] as string), lastKind: '' };
  }
  const all: ConversationSummary[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await source.conversations({ limit: SOURCE_PAGE, ...(after === undefined ? {} : { after }) });
    all.push(...page.conversations);
    if (page.conversations.length < SOURCE_PAGE || page.cursor === undefined) break;
    after = page.cursor;
  }
  const start = from;
  const conversations = all
    .filter((summary) => start === undefined || newer(summary, start) > 0)
    .sort(newer)
    .slice(0, options.limit);
  const last = conversations.at(-1);
  return { conversations, cursor: last ? `sorted:${last.lastAt ?? ''}|${last.id}` : options.after };
}

/** A page of conversations, the latest activity first. */
export function recentPage(source: ViewerSource, options: RecentOptions): Promise<ConversationPage> {
  const query = { limit: options.limit, ...(options.after === undefined ? {} : { after: options.after }) };
  return source.recentConversations ? source.recentConversations(query) : sortedPage(source, options);
}
