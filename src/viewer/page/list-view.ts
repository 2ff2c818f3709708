/**
 * The conversation list, newest activity first, refreshed while it is shown. Browser only.
 * @module
 */
import type { ConversationEntry } from '../model/types';
import { loadConversations } from './api';
import { h, localLink } from './dom';

/** How often the list is read again while shown. */
const REFRESH_MS = 2000;

/** A mounted list. */
export interface ListView {
  element: HTMLElement;
  close(): void;
}

function entryView(entry: ConversationEntry): HTMLElement {
  const badges: HTMLElement[] = [h('span', { class: `badge status-${entry.status}` }, entry.status)];
  if (entry.lastError) {
    badges.push(
      h(
        'span',
        { class: 'badge error', title: `${entry.lastError.kind}: ${entry.lastError.code} ${entry.lastError.detail}` },
        `${entry.errors} error${entry.errors === 1 ? '' : 's'} · ${entry.lastError.code || entry.lastError.kind}`,
      ),
    );
  }
  return h(
    'li',
    { 'data-id': entry.id },
    localLink(
      `#/c/${entry.id}`,
      { class: 'entry' },
      h('span', { class: 'title' }, entry.title || '(no user message yet)'),
      h(
        'span',
        { class: 'meta' },
        h('code', {}, entry.id),
        h('span', {}, `${entry.events} events`),
        h('time', { datetime: entry.lastAt ?? '' }, (entry.lastAt ?? '').replace('T', ' ').slice(0, 19)),
      ),
      h('span', { class: 'badges' }, ...badges),
    ),
  );
}

/** Shows the list; `onSignedOut` hears when the server refuses the session. */
export function openList(onError: (error: Error) => void): ListView {
  const list = h('ol', { class: 'conversations' });
  const empty = h(
    'p',
    { class: 'note' },
    'No conversations yet. Point the service’s webhook at this receiver; they appear here as events arrive.',
  );
  const element = h('main', { class: 'list' }, h('h1', {}, 'Conversations'), list);
  let signature = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  async function refresh(): Promise<void> {
    try {
      const entries = await loadConversations();
      const next = JSON.stringify(entries);
      if (next !== signature && !closed) {
        signature = next;
        const focused = document.activeElement?.closest('li')?.getAttribute('data-id');
        list.replaceChildren(...entries.map(entryView));
        if (entries.length === 0) list.replaceChildren(h('li', {}, empty));
        if (focused) list.querySelector<HTMLElement>(`li[data-id="${CSS.escape(focused)}"] a`)?.focus();
      }
    } catch (error) {
      onError(error as Error);
    }
    if (!closed) timer = setTimeout(refresh, REFRESH_MS);
  }
  void refresh();
  return {
    element,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
