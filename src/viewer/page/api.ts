/**
 * The page's side of the read endpoints (`docs/viewer.md`): the conversation list, a
 * conversation's events page by page, and its live stream. Browser only.
 * @module
 */
import type { Event } from '../../events/index';
import type { ConversationEntry } from '../model/types';

/** Where the read endpoints are. */
export const API = '/viewer/api';

/** The largest page the page asks for. */
const PAGE = 1000;

/** The server refused the request: the session is not (or no longer) signed in. */
export class SignedOutError extends Error {}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${API}${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (response.status === 401) throw new SignedOutError('not signed in');
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

/** A page of the conversation list, and the cursor of the next (`null` after the last). */
export interface ConversationListPage {
  conversations: ConversationEntry[];
  cursor: string | null;
}

/** A page of conversations, the latest activity first, after the cursor of an earlier page. */
export function loadConversations(after?: string): Promise<ConversationListPage> {
  return getJson<ConversationListPage>(`/conversations${after === undefined ? '' : `?${new URLSearchParams({ after })}`}`);
}

/**
 * Follows the list: `onList` hears the first page (again after each reconnect), `onEntry` each
 * conversation that got events since, the latest last; `onState` hears `closed` when the browser
 * stopped reconnecting.
 */
export function followConversations(
  onList: (page: ConversationListPage) => void,
  onEntry: (entry: ConversationEntry) => void,
  onState: (state: StreamState | 'closed') => void,
): () => void {
  const source = new EventSource(`${API}/conversations/stream`);
  const read = <T>(message: unknown, use: (value: T) => void) => {
    try {
      use(JSON.parse((message as MessageEvent<string>).data) as T);
    } catch {
      // A message that is not JSON is left out.
    }
  };
  source.addEventListener('open', () => onState('live'));
  // Closed: the browser gave up (the answer was not a stream: signed out, or a receiver without it).
  source.addEventListener('error', () => onState(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting'));
  source.addEventListener('list', (message) => read(message, onList));
  source.addEventListener('entry', (message) => read(message, onEntry));
  return () => source.close();
}

/** All stored events of a conversation, and the cursor after the last. */
export async function loadEvents(id: string): Promise<{ events: Event[]; cursor: string | undefined }> {
  const events: Event[] = [];
  let cursor: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (cursor !== undefined) query.set('after', cursor);
    const page = await getJson<{ events: Event[]; cursor: string | null }>(`/conversations/${encodeURIComponent(id)}/events?${query}`);
    events.push(...page.events);
    if (page.cursor !== null) cursor = page.cursor;
    if (page.events.length < PAGE) return { events, cursor };
  }
}

/** The state of a live stream, as shown to the reader. */
export type StreamState = 'live' | 'reconnecting';

/**
 * Follows a conversation's stream from `after`; the browser reconnects by itself and resumes from
 * the last event id (the cursor) it saw. Events arrive in batches (one per animation frame).
 */
export function followEvents(
  id: string,
  after: string | undefined,
  onEvents: (events: Event[]) => void,
  onState: (state: StreamState) => void,
): () => void {
  const query = after === undefined ? '' : `?${new URLSearchParams({ after })}`;
  const source = new EventSource(`${API}/conversations/${encodeURIComponent(id)}/stream${query}`);
  let pending: Event[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    if (batch.length > 0) onEvents(batch);
  };
  source.addEventListener('open', () => onState('live'));
  source.addEventListener('error', () => onState('reconnecting'));
  source.addEventListener('event', (message) => {
    try {
      pending.push(JSON.parse((message as MessageEvent<string>).data) as Event);
    } catch {
      return;
    }
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 50);
    }
  });
  return () => source.close();
}
