/**
 * Adding and removing listeners of event kinds: each kind checked (a misspelt kind is a
 * `TypeError` naming the closest one), one list per kind.
 * @module
 */
import { checkedKinds } from '../event-kinds';
import type { HandlerState } from './state';

/** `handler.on`: adds `listener` to each kind of `kinds` (one kind or a list). */
export function addKindListener(state: HandlerState, kinds: unknown, listener: unknown): void {
  const byKind = state.listeners.byKind;
  for (const kind of checkedKinds('on', kinds, listener)) {
    const list = byKind.get(kind) ?? [];
    list.push(listener as never);
    byKind.set(kind, list);
  }
}

/** `handler.removeListener`: removes the latest registration of `listener` from each kind of `kinds`. */
export function removeKindListener(state: HandlerState, kinds: unknown, listener: unknown): void {
  for (const kind of checkedKinds('removeListener', kinds, listener)) {
    const list = state.listeners.byKind.get(kind);
    const at = list ? list.lastIndexOf(listener as never) : -1;
    if (list && at >= 0) list.splice(at, 1);
  }
}
