/**
 * Naming the Python type of a front matter value in a message, as the service's readers see it:
 * YAML's `1.0` is a float although JavaScript holds it as the number 1.
 * @module
 */
import { pythonTypeName } from '../../skills/python-types';

/**
 * The type of `value` with its article (`an int`, `a float`, `a dict`), `text` being Python's
 * `str()` of it (which tells a float from an int).
 */
export function describePythonType(value: unknown, text: string): string {
  let name = pythonTypeName(value);
  if (typeof value === 'number' && !/^[+-]?\d+$/.test(text)) name = 'float';
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
