/**
 * Keys that no model defines: the decode option that says what to do with them, and the report
 * of the ones a decode kept.
 * @module
 */
import type { KeptKey } from './service-issue';

/**
 * What to do with a key that no model defines.
 * - `'reject'` (the default) answers as the service does: a closed model (events, actions,
 *   observations, `TextContent`, `ErrorClassification`) refuses the key (`extra_forbidden`), an open
 *   model drops it silently, and the few models the service keeps whole keep it.
 * - `'keep'` accepts such keys everywhere, keeps their values in the decoded output (after the
 *   model's own fields, before `kind`, in input order), so that `encodeEvent` writes them back, and
 *   reports each one in the `unknownFields` of a safe decode's result.
 */
export type UnknownFieldsMode = 'reject' | 'keep';

/** A key that no model defines, kept by a decode with `unknownFields: 'keep'`. */
export interface UnknownField {
  /** The model whose object held the key: `'AgentErrorEvent'`, `'TerminalAction'`, `'ErrorClassification'`, … */
  readonly model: string;
  /** The key. */
  readonly key: string;
  /**
   * Where the key is in the input, ending with the key itself: `['action', 'sandbox']` for an
   * event, `[3, 'action', 'sandbox']` for the fourth event of a batch.
   */
  readonly path: readonly (string | number)[];
}

/**
 * Where each kept key is: walks `input` in order and reports every kept key of every object met,
 * at its place (an object met at two places is reported at both). Internal.
 */
export function locateUnknownFields(input: unknown, kept: readonly KeptKey[]): UnknownField[] {
  const byObject = new Map<object, Map<string, string>>();
  for (const { object, model, key } of kept) {
    const keys = byObject.get(object) ?? new Map<string, string>();
    keys.set(key, model);
    byObject.set(object, keys);
  }
  const found: UnknownField[] = [];
  const path: (string | number)[] = [];
  const open = new Set<object>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || open.has(value)) return;
    open.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i]);
        path.pop();
      }
    } else {
      const keys = byObject.get(value);
      for (const key of Object.keys(value)) {
        path.push(key);
        const model = keys?.get(key);
        // A kept value was not decoded, so nothing inside it was kept.
        if (model !== undefined) found.push({ model, key, path: [...path] });
        else visit((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
    open.delete(value);
  };
  visit(input);
  return found;
}
