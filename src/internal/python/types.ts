/**
 * Python's types as the service meets them in the values `json.loads` and PyYAML give: their names
 * (`type(x).__name__`), their truth value, and pydantic's lax reading of a boolean. The one place
 * for these in every area. Edge-safe.
 * @module
 */

/**
 * Python's `type(value).__name__` for a value read from JSON or YAML: `NoneType`, `bool`, `int`,
 * `float`, `str`, `list`, `dict`, or `date` (a YAML date). JSON's `1.0` reaches JavaScript as `1`
 * and is named `int` here: only the raw text (see {@link describePythonType}) tells it from `1`.
 * Messages that say "empty" for `None` test for `null` themselves.
 */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (value instanceof Date) return 'date';
  return Array.isArray(value) ? 'list' : 'dict';
}

/**
 * The type of `value` with its article (`an int`, `a float`, `a dict`), `text` being Python's
 * `str()` of it, which tells a float from an int (YAML's `1.0` is a float although JavaScript
 * holds it as the number 1).
 */
export function describePythonType(value: unknown, text: string): string {
  let name = pythonTypeName(value);
  if (typeof value === 'number' && !/^[+-]?\d+$/.test(text)) name = 'float';
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** Python's truth value (`bool(value)`) of a JSON or YAML value. */
export function pythonTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length > 0;
  return true;
}

const TRUE_WORDS = /* @__PURE__ */ new Set(['1', 't', 'true', 'y', 'yes', 'on']);
const FALSE_WORDS = /* @__PURE__ */ new Set(['0', 'f', 'false', 'n', 'no', 'off']);

/** pydantic's lax reading of a string as a boolean (`"yes"`, `"off"`, `"T"` …), or `undefined`. */
export function laxBoolText(text: string): boolean | undefined {
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** pydantic's lax `bool`: booleans, 0 and 1, and the words it knows; `undefined` when it refuses the value. */
export function laxBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  return typeof value === 'string' ? laxBoolText(value) : undefined;
}
