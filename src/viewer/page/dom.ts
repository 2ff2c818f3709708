/**
 * Building DOM without markup: every text goes in through `textContent`, attributes are set one by
 * one (event handlers never as attributes), and links only to http(s) URLs. Texts and attribute
 * values go in with their control characters and bidirectional controls shown as escapes
 * (`\u202e`), so none of them reorders or hides what the page shows. Browser only.
 * @module
 */
import { escapeControls } from '../../internal/control-characters';
import { isHttpUrl, linkify } from '../model/text';

/** Attributes of {@link h}: strings set with `setAttribute` (never `on…`, never `href`/`src`: see {@link link}). */
export type Attributes = Record<string, string | boolean | undefined>;

/** A child: an element, a text (added as a text node), or nothing. */
export type Child = Node | string | false | null | undefined;

const FORBIDDEN = /^(?:on|href$|src$|srcdoc$|style$|formaction$|action$)/i;

/** Creates an element with attributes and children; text children become text nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false || FORBIDDEN.test(name)) continue;
    element.setAttribute(name, value === true ? '' : escapeControls(value));
  }
  append(element, children);
  return element;
}

/** A text node of `value`, its control characters shown as escapes. */
function textNode(value: string): Text {
  return document.createTextNode(escapeControls(value));
}

/** Appends children (texts as text nodes). */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? textNode(child) : child);
  }
}

/** A link to an http(s) URL, opened in a new tab without a referrer; any other URL stays plain text. */
export function link(url: string, label = url): Node {
  if (!isHttpUrl(url)) return textNode(label);
  const anchor = h('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }, label);
  anchor.href = url;
  return anchor;
}

/** A link inside the viewer (a `#/…` route or a same-origin path). */
export function localLink(path: string, attributes: Attributes, ...children: Child[]): HTMLAnchorElement {
  const anchor = h('a', attributes, ...children);
  if (path.startsWith('#/') || path.startsWith('/viewer/')) anchor.setAttribute('href', path);
  return anchor;
}

/** Text with its http(s) URLs as links. */
export function richText(value: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const piece of linkify(value)) fragment.appendChild(piece.href ? link(piece.href, piece.text) : textNode(piece.text));
  return fragment;
}

/** An image from a URL already checked by the view model (http(s) or a raster data URL). */
export function image(url: string): HTMLImageElement {
  const element = h('img', { alt: 'image', loading: 'lazy', referrerpolicy: 'no-referrer' });
  element.src = url;
  return element;
}

/** A `<details>` block; `key` keeps its open state across re-renders. */
export function details(key: string, summary: Child, ...children: Child[]): HTMLDetailsElement {
  return h('details', { 'data-key': key }, h('summary', {}, summary), ...children);
}
