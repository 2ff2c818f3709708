/**
 * The viewer page: a list of conversations and one conversation at a time (`#/c/<id>`), with a
 * raw JSON view and keyboard navigation. Bundled into `dist/viewer/app.js`. Browser only.
 * @module
 */
import type { Event } from '../../events/index';
import { escapeControls } from '../../internal/control-characters';
import { SignedOutError } from './api';
import { type ConversationView, openConversation } from './conversation-view';
import { h } from './dom';
import { type ListView, openList } from './list-view';

const HELP = 'Keys: j / k next / previous item · o open or fold · r raw JSON · g / G top / bottom · Esc back';

/** Mounts the viewer on `#app` and follows the location hash. */
export function start(): void {
  const root = document.getElementById('app') as HTMLElement;
  const dialog = h('dialog', { class: 'raw-dialog', 'aria-label': 'raw JSON' });
  const rawText = h('pre', {});
  const close = h('button', { type: 'button', class: 'button' }, 'close (Esc)');
  close.addEventListener('click', () => dialog.close());
  dialog.append(h('header', {}, h('strong', {}, 'raw JSON'), close), rawText);
  const footer = h('footer', { class: 'help' }, HELP);
  document.body.append(dialog, footer);
  let current: ConversationView | ListView | undefined;

  const showRaw = (events: Event[]) => {
    // Still JSON of the same values, with control and bidirectional characters as \u escapes.
    rawText.textContent = escapeControls(events.map((event) => JSON.stringify(event, null, 2)).join('\n\n'));
    dialog.showModal();
  };
  const onError = (error: Error) => {
    if (error instanceof SignedOutError)
      root.replaceChildren(
        h('main', { class: 'list' }, h('h1', {}, 'Signed out'), h('p', {}, 'Open the viewer URL that agentwire serve printed.')),
      );
  };

  function route(): void {
    current?.close();
    const match = /^#\/c\/([0-9A-Za-z-]{1,64})$/.exec(location.hash);
    if (match?.[1]) {
      const view = openConversation(match[1], showRaw);
      current = view;
      root.replaceChildren(view.element);
      document.title = `${match[1].slice(0, 8)} · agentwire`;
    } else {
      const view = openList(onError);
      current = view;
      root.replaceChildren(view.element);
      document.title = 'Conversations · agentwire';
      window.scrollTo(0, 0);
    }
  }

  const items = () => [...document.querySelectorAll<HTMLElement>('.transcript > .item, .conversations a.entry')];
  function move(step: number): void {
    const all = items();
    if (all.length === 0) return;
    const at = all.findIndex((item) => item === document.activeElement || item.contains(document.activeElement));
    const next = all[at === -1 ? (step > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + step))];
    next?.focus();
    next?.scrollIntoView({ block: 'nearest' });
  }

  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || dialog.open) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.item');
    switch (event.key) {
      case 'j':
        move(1);
        break;
      case 'k':
        move(-1);
        break;
      case 'g':
        window.scrollTo(0, 0);
        break;
      case 'G':
        window.scrollTo(0, document.documentElement.scrollHeight);
        break;
      case 'o':
        focused?.querySelector('details')?.toggleAttribute('open');
        break;
      case 'r':
        focused?.querySelector<HTMLButtonElement>('button.raw')?.click();
        break;
      case 'Escape':
        if (location.hash.startsWith('#/c/')) location.hash = '#/';
        break;
      default:
        return;
    }
    event.preventDefault();
  });
  window.addEventListener('hashchange', route);
  route();
}
