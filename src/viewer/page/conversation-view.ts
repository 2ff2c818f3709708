/**
 * One conversation: its transcript, kept live from the stream without losing the reader's place.
 * Browser only.
 * @module
 */
import type { Event } from '../../events/index';
import type { BranchChoices } from '../model/branches';
import { buildTranscript } from '../model/transcript';
import type { Transcript, TranscriptHeader } from '../model/types';
import { API, followEvents, loadEvents } from './api';
import { details, h, localLink } from './dom';
import { renderItem } from './render-items';

/** A mounted conversation view. */
export interface ConversationView {
  /** The view's element. */
  element: HTMLElement;
  /** The stored events so far, by id (for the raw view). */
  event(id: string): Event | undefined;
  /** Stops following the stream. */
  close(): void;
}

function headerView(header: TranscriptHeader): HTMLElement {
  return h(
    'section',
    { class: 'system', 'data-id': header.id },
    details(
      `${header.id}:prompt`,
      'system prompt',
      h('pre', {}, header.systemPrompt),
      header.dynamicContext !== '' && h('pre', {}, header.dynamicContext),
    ),
    details(
      `${header.id}:tools`,
      `${header.tools.length} tools`,
      h(
        'ul',
        {},
        ...header.tools.map((tool) => h('li', {}, h('strong', {}, tool.name), tool.description === '' ? '' : ` — ${tool.description}`)),
      ),
    ),
  );
}

/** The element at the top of the viewport and its offset, to put it back after a change. */
function anchorOf(list: HTMLElement): { element: Element; top: number } | undefined {
  for (const child of list.children) {
    const rect = child.getBoundingClientRect();
    if (rect.bottom > 0) return { element: child, top: rect.top };
  }
  return undefined;
}

/** Opens a conversation: loads its events, renders, then follows the stream. */
export function openConversation(id: string, raw: (events: Event[]) => void): ConversationView {
  const events: Event[] = [];
  const byId = new Map<string, Event>();
  let choices: BranchChoices = {};
  const rendered = new Map<string, { signature: string; element: HTMLElement }>();
  const status = h('span', { class: 'stream', role: 'status' }, 'loading…');
  const counts = h('span', { class: 'counts' });
  const top = h('div', { class: 'system-slot' });
  const list = h('div', { class: 'transcript', 'aria-live': 'polite' });
  const download = localLink(
    `${API}/conversations/${encodeURIComponent(id)}/events.jsonl`,
    { download: `${id}.jsonl`, class: 'button' },
    'download JSON Lines',
  );
  const element = h(
    'main',
    { class: 'conversation' },
    h(
      'nav',
      { class: 'bar' },
      localLink('#/', { class: 'button', title: 'back to the list (Esc)' }, '← conversations'),
      h('code', { class: 'cid' }, id),
      counts,
      status,
      download,
    ),
    top,
    list,
  );
  let stop: (() => void) | undefined;

  const actions = {
    raw: (ids: string[]) => raw(ids.flatMap((one) => byId.get(one) ?? [])),
    branch(parentId: string, firstId: string) {
      choices = { ...choices, [parentId]: firstId };
      render();
    },
  };

  function render(): void {
    const transcript: Transcript = buildTranscript(events, choices);
    const follow = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 40;
    const anchor = follow ? undefined : anchorOf(list);
    top.replaceChildren(...(transcript.header ? [headerView(transcript.header)] : []));
    const seen = new Set<string>();
    const children: HTMLElement[] = [];
    for (const item of transcript.items) {
      const key = item.type === 'branch' ? `branch:${item.id}` : item.id;
      seen.add(key);
      const signature = JSON.stringify(item);
      const old = rendered.get(key);
      if (old && old.signature === signature) {
        children.push(old.element);
        continue;
      }
      const fresh = renderItem(item, actions);
      // Folded blocks the reader opened stay open.
      for (const open of old?.element.querySelectorAll('details[open]') ?? []) {
        fresh.querySelector(`details[data-key="${CSS.escape(open.getAttribute('data-key') ?? '')}"]`)?.setAttribute('open', '');
      }
      rendered.set(key, { signature, element: fresh });
      children.push(fresh);
    }
    for (const key of [...rendered.keys()]) if (!seen.has(key)) rendered.delete(key);
    list.replaceChildren(...children);
    counts.textContent =
      transcript.shown === transcript.total ? `${transcript.total} events` : `${transcript.shown} of ${transcript.total} events shown`;
    if (follow) window.scrollTo(0, document.documentElement.scrollHeight);
    else if (anchor?.element.isConnected) window.scrollBy(0, anchor.element.getBoundingClientRect().top - anchor.top);
  }

  function add(batch: readonly Event[]): void {
    let added = false;
    for (const event of batch) {
      if (typeof event?.id !== 'string' || byId.has(event.id)) continue;
      byId.set(event.id, event);
      events.push(event);
      added = true;
    }
    if (added) render();
  }

  loadEvents(id).then(
    ({ events: stored, cursor }) => {
      add(stored);
      if (stored.length === 0) render();
      status.textContent = 'connecting…';
      stop = followEvents(id, cursor, add, (state) => {
        status.textContent = state === 'live' ? '● live' : 'reconnecting…';
        status.className = `stream ${state}`;
      });
    },
    (error: Error) => {
      status.textContent = `could not load: ${error.message}`;
    },
  );

  return {
    element,
    event: (eventId) => byId.get(eventId),
    close: () => stop?.(),
  };
}
