/**
 * One transcript item as DOM: messages, tool calls with their output, compact rows, branch
 * switches. Browser only.
 * @module
 */
import { foldLines } from '../model/text';
import type { BranchItem, MessageItem, RowItem, ToolItem, TranscriptItem } from '../model/types';
import { details, h, image, richText } from './dom';

/** Output lines shown before the rest is folded. */
export const VISIBLE_LINES = 8;

/** What the items call back to. */
export interface ItemActions {
  /** Shows the raw JSON of these events. */
  raw(ids: string[]): void;
  /** Shows another branch at a branch point. */
  branch(parentId: string, firstId: string): void;
}

function time(timestamp: string): HTMLElement {
  const element = h('time', { datetime: timestamp, title: timestamp }, timestamp.slice(11, 19));
  return element;
}

function rawButton(ids: string[], actions: ItemActions): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'raw', title: 'raw JSON (r)', 'aria-label': 'raw JSON' }, '{ }');
  button.addEventListener('click', () => actions.raw(ids));
  return button;
}

function output(key: string, text: string, isError: boolean): HTMLElement {
  const folded = foldLines(text, VISIBLE_LINES);
  const pre = h('pre', { class: isError ? 'output error' : 'output' }, folded.folded ? folded.head : text);
  if (!folded.folded) return pre;
  return h(
    'div',
    {},
    details(
      key,
      `${folded.lines} lines of output (${folded.lines - VISIBLE_LINES} more)`,
      h('pre', { class: isError ? 'output error' : 'output' }, text),
    ),
    pre,
  );
}

function messageView(item: MessageItem, actions: ItemActions): HTMLElement {
  return h(
    'article',
    { class: `item message ${item.role === 'user' ? 'user' : 'agent'}`, tabindex: '0', 'data-id': item.id },
    h(
      'header',
      {},
      h('span', { class: 'who' }, item.role),
      time(item.timestamp),
      ...item.skills.map((skill) => h('span', { class: 'chip' }, `skill ${skill}`)),
      rawButton([item.id], actions),
    ),
    item.thinking !== '' && details(`${item.id}:thinking`, 'thinking', h('pre', { class: 'thinking' }, item.thinking)),
    h('div', { class: 'text' }, richText(item.text)),
    item.images.length > 0 && h('div', { class: 'images' }, ...item.images.map((img) => image(img.url))),
    item.hiddenImages > 0 && h('p', { class: 'note' }, `${item.hiddenImages} image(s) not shown (not an http(s) or raster image URL)`),
  );
}

function toolView(item: ToolItem, actions: ItemActions): HTMLElement {
  const status = item.status === 'completed' && item.isError ? 'failed' : item.status;
  return h(
    'article',
    { class: `item tool ${status}`, tabindex: '0', 'data-id': item.id },
    h(
      'header',
      {},
      h('span', { class: 'tool-name' }, item.tool),
      h('span', { class: `risk risk-${item.risk.toLowerCase()}`, title: 'security risk' }, item.risk),
      h('span', { class: `status status-${status}` }, status),
      item.exitCode !== undefined && h('span', { class: 'exit' }, `exit ${item.exitCode}`),
      time(item.timestamp),
      rawButton(item.resultId ? [item.id, item.resultId] : [item.id], actions),
    ),
    item.thought !== '' && h('p', { class: 'thought' }, richText(item.thought)),
    item.thinking !== '' && details(`${item.id}:thinking`, 'thinking', h('pre', { class: 'thinking' }, item.thinking)),
    h('pre', { class: 'command' }, item.title),
    item.summary !== '' && h('p', { class: 'summary' }, item.summary),
    item.output !== '' && output(`${item.id}:output`, item.output, item.isError || item.status === 'error'),
    item.images.length > 0 && h('div', { class: 'images' }, ...item.images.map((img) => image(img.url))),
  );
}

function rowView(item: RowItem, actions: ItemActions): HTMLElement {
  const line = h('span', { class: 'row-text' }, richText(item.text));
  return h(
    'div',
    { class: `item row${item.isError ? ' error' : ''}`, tabindex: '0', 'data-id': item.id },
    h('span', { class: 'label' }, item.label),
    item.detail !== '' && item.detail !== item.text ? details(`${item.id}:detail`, line, h('pre', {}, item.detail)) : line,
    time(item.timestamp),
    rawButton([item.id], actions),
  );
}

function branchView(item: BranchItem, actions: ItemActions): HTMLElement {
  const group = h('div', { class: 'item branch', role: 'group', 'aria-label': 'branches', 'data-id': `branch:${item.id}` });
  group.append(h('span', { class: 'label' }, `${item.options.length} branches`));
  item.options.forEach((option, index) => {
    const button = h(
      'button',
      { type: 'button', 'aria-pressed': option.selected ? 'true' : 'false', title: `${option.events} events` },
      `${index + 1}. ${option.label}`,
    );
    button.addEventListener('click', () => actions.branch(item.id, option.id));
    group.append(button);
  });
  return group;
}

/** The DOM of one transcript item. */
export function renderItem(item: TranscriptItem, actions: ItemActions): HTMLElement {
  switch (item.type) {
    case 'message':
      return messageView(item, actions);
    case 'tool':
      return toolView(item, actions);
    case 'row':
      return rowView(item, actions);
    default:
      return branchView(item, actions);
  }
}
