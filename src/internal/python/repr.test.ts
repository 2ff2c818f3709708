import { describe, expect, it } from 'vitest';
import { PythonDate, PythonFloat, pythonFloatRepr, pythonRepr, pythonStr } from './repr';

describe('Python str() and repr()', () => {
  it.each([
    [1, '1.0'],
    [0.1, '0.1'],
    [1e-4, '0.0001'],
    [1e-5, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [1e16, '1e+16'],
    [9999999999999998, '9999999999999998.0'],
    [123456.789, '123456.789'],
    [-2.5, '-2.5'],
    [-0, '-0.0'],
    [Number.POSITIVE_INFINITY, 'inf'],
    [Number.NaN, 'nan'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
  ])('repr(float(%s)) is %s', (value, expected) => {
    expect(pythonFloatRepr(value)).toBe(expected);
  });

  it('prints JSON values the way the service prints launch-link parameters', () => {
    expect([true, false, null, 3, 2.5, 1e21, 'text'].map(pythonStr)).toEqual(['True', 'False', 'None', '3', '2.5', '1e+21', 'text']);
    expect(pythonStr({ a: 1, b: [true, null, 'x'] })).toBe("{'a': 1, 'b': [True, None, 'x']}");
    expect(pythonStr(new PythonFloat(1))).toBe('1.0');
    expect(pythonStr(new PythonDate(2024, 1, 5))).toBe('2024-01-05');
    expect(pythonRepr(new PythonDate(2024, 1, 5))).toBe('datetime.date(2024, 1, 5)');
    expect(pythonStr(new Date(Date.UTC(2001, 11, 14, 21, 59, 43, 100)))).toBe('2001-12-14 21:59:43.100000');
  });

  it('prints the JSON values of error messages as an f-string does', () => {
    expect([pythonStr('a'), pythonStr(5), pythonStr(1.5), pythonStr(true), pythonStr(null)]).toEqual(['a', '5', '1.5', 'True', 'None']);
    expect(pythonStr({ a: [1, "it's"], b: { c: false } })).toBe(`{'a': [1, "it's"], 'b': {'c': False}}`);
    expect(pythonStr(['line\n', 1e-5])).toBe("['line\\n', 1e-05]");
  });

  it('prints containers past 64 levels as ... rather than exhausting the stack', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level++) deep = [deep];
    const text = pythonRepr(deep);
    expect(text.startsWith(`${'['.repeat(64)}...]`)).toBe(true);
    let shallow: unknown = 1;
    for (let level = 0; level < 64; level++) shallow = [shallow];
    expect(pythonRepr(shallow)).toBe(`${'['.repeat(64)}1${']'.repeat(64)}`);
  });

  it('quotes and escapes strings as repr does', () => {
    expect(pythonRepr("it's")).toBe(`"it's"`);
    expect(pythonRepr(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(pythonRepr('a\\b\n\t\u0000é🚀\u200b')).toBe("'a\\\\b\\n\\t\\x00é🚀\\u200b'");
  });
});
