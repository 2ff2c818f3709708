/**
 * Keys that no model defines: the decode option that says what to do with them, and the report
 * of the ones a decode kept.
 * @module
 */

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
