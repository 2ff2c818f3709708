import { describe, expect, it } from 'vitest';
import { describePythonType, laxBool, laxBoolText, pythonTruthy, pythonTypeName } from './types';

describe('Python types', () => {
  it('names types as type(x).__name__ does', () => {
    expect([null, true, 1, 1.5, 's', [], {}, new Date(0)].map(pythonTypeName)).toEqual([
      'NoneType',
      'bool',
      'int',
      'float',
      'str',
      'list',
      'dict',
      'date',
    ]);
  });

  it('tells a float from an int by its text', () => {
    expect(describePythonType(1, '1')).toBe('an int');
    expect(describePythonType(1, '1.0')).toBe('a float');
    expect(describePythonType({}, '{}')).toBe('a dict');
  });

  it('gives the truth value bool() gives', () => {
    for (const value of [undefined, null, false, 0, '', [], {}]) expect(pythonTruthy(value)).toBe(false);
    for (const value of [true, 1, -1, Number.NaN, 'x', [0], { a: null }, new Date(0)]) expect(pythonTruthy(value)).toBe(true);
  });

  it('reads booleans as pydantic does in lax mode', () => {
    expect(['YES', 'on', 't', '1', 'off', 'No', 'F', '0', 'maybe', ''].map(laxBoolText)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      undefined,
      undefined,
    ]);
    expect([true, 0, 1, 2, 'y', null].map(laxBool)).toEqual([true, false, true, undefined, true, undefined]);
  });
});
