/**
 * The conversation list, the latest activity first, a page at a time, kept live by the list's
 * stream while it is shown. Browser only.
 * @module
 */
import type { ConversationEntry } from '../model/types';
import { type ConversationListPage, followConversations, loadConversations } from './api';
import { h, localLink } from './dom';

/** How often the first page is read again when the list's stream cannot be had. */
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

/**
 * Shows the list: its first page and each update from the list's stream, **more** for the next
 * page; when the stream cannot be had, the first page is read again every few seconds.
 * `onError` hears what failed (a `SignedOutError` when the server refuses the session).
 */
export function openList(onError: (error: Error) => void): ListView {
  const list = h('ol', { class: 'conversations' });
  const empty = h(
    'p',
    { class: 'note' },
    'No conversations yet. Point the service’s webhook at this receiver; they appear here as events arrive.',
  );
  const more = h('button', { type: 'button', class: 'button more', hidden: '' }, 'more');
  const element = h('main', { class: 'list' }, h('h1', {}, 'Conversations'), list, more);
  const shown = new Map<string, HTMLElement>();
  let cursor: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  /** Keeps the focus on the entry it was on when the list changes. */
  const keepingFocus = (change: () => void) => {
    const focused = document.activeElement?.closest('li')?.getAttribute('data-id');
    change();
    if (focused) shown.get(focused)?.querySelector<HTMLElement>('a')?.focus();
  };
  const setCursor = (next: string | null) => {
    cursor = next;
    more.toggleAttribute('hidden', next === null);
  };
  const showEmpty = () => {
    if (shown.size === 0) list.replaceChildren(h('li', {}, empty));
  };

  function showPage(page: ConversationListPage): void {
    if (closed) return;
    keepingFocus(() => {
      shown.clear();
      for (const entry of page.conversations) shown.set(entry.id, entryView(entry));
      list.replaceChildren(...shown.values());
      showEmpty();
    });
    setCursor(page.cursor);
  }

  function showOnTop(entry: ConversationEntry): void {
    if (closed) return;
    keepingFocus(() => {
      shown.get(entry.id)?.remove();
      if (shown.size === 0) list.replaceChildren();
      const view = entryView(entry);
      shown.set(entry.id, view);
      list.prepend(view);
    });
  }

  more.addEventListener('click', () => {
    if (cursor === null) return;
    loadConversations(cursor).then((page) => {
      if (closed) return;
      for (const entry of page.conversations) {
        if (shown.has(entry.id)) continue;
        const view = entryView(entry);
        shown.set(entry.id, view);
        list.append(view);
      }
      setCursor(page.cursor);
    }, onError);
  });

  // Without the stream: the first page every few seconds.
  const poll = () => {
    loadConversations().then(showPage, onError);
    if (!closed) timer = setTimeout(poll, REFRESH_MS);
  };
  const stop = followConversations(showPage, showOnTop, (state) => {
    if (state !== 'closed' || closed || timer !== undefined) return;
    poll();
  });
  return {
    element,
    close() {
      closed = true;
      stop();
      clearTimeout(timer);
    },
  };
}
