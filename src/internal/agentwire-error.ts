/**
 * The root of every error agentwire throws (API, connection, validation, delivery, store, skills,
 * plugins, CLI usage). Mistakes in how a function is called (an argument of the wrong type) are
 * the standard `TypeError` and `RangeError`. Edge-safe.
 * @module
 */

const BRAND = /* @__PURE__ */ Symbol.for('agentwire.error');

/**
 * The base class of agentwire's errors. `error instanceof AgentwireError` also holds for an error
 * from the other build of the package (ESM and CommonJS copies loaded side by side), and so does
 * {@link isAgentwireError}.
 */
export class AgentwireError extends Error {
  /** The brand both builds share (a getter on the prototype: nothing to copy, nothing shown by `inspect`). */
  get [BRAND](): true {
    return true;
  }

  /** `instanceof AgentwireError` recognizes errors of either build; subclasses keep the usual check. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class `instanceof` asked about: a subclass inherits this method and keeps the usual check.
    // biome-ignore lint/complexity/noThisInStatic: the receiver must be the subclass, not AgentwireError
    return this === AgentwireError ? isAgentwireError(value) : super[Symbol.hasInstance](value);
  }
}

/** Whether a value is an error thrown by agentwire, from either build of the package. */
export function isAgentwireError(value: unknown): value is AgentwireError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
