/**
 * Checking the kinds given to `on` and `removeListener`, so a misspelt kind in JavaScript is an
 * error that names the closest kind instead of a listener that never runs.
 * @module
 */
import { EVENT_KINDS, isEventKind } from '../events/index';
import { suggest } from '../internal/did-you-mean';

/**
 * The kinds of `kinds` (one kind or a list), each checked to be one of the 19 event kinds, and
 * the listener checked to be a function. Throws a `TypeError` naming the method, the bad value
 * and the closest kind.
 */
export function checkedKinds(method: string, kinds: unknown, listener: unknown): readonly string[] {
  const list: readonly unknown[] = Array.isArray(kinds) ? kinds : [kinds];
  for (const kind of list) {
    if (isEventKind(kind)) continue;
    if (typeof kind !== 'string') {
      throw new TypeError(`webhooks.${method}: the kind must be an event kind or a list of them, not ${describe(kind)}`);
    }
    const near = suggest(kind, EVENT_KINDS);
    throw new TypeError(
      `webhooks.${method}: unknown event kind '${kind}'.${near ? ` Did you mean '${near}'?` : ''} The kinds are ${EVENT_KINDS.join(', ')}.`,
    );
  }
  if (typeof listener !== 'function') throw new TypeError(`webhooks.${method}: the listener must be a function, not ${describe(listener)}`);
  return list as readonly string[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
