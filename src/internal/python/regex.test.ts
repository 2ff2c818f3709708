import { describe, expect, it } from 'vitest';
import { PythonRegexError, translatePythonRegex } from './regex';

describe('translatePythonRegex', () => {
  it.each([
    ['terminal', '^(?:terminal)$', ''],
    ['(?P<tool>file)_(?P=tool)', '^(?:(?<tool>file)_\\k<tool>)$', ''],
    ['(?i)(?s)A.b', '^(?:A[\\s\\S]b)$', 'is'],
    ['(?ims)x', '^(?:x)$', 'ims'],
    ['a.b', '^(?:a[^\\n]b)$', ''],
    ['[.]', '^(?:[.])$', ''],
    ['a{,3}', '^(?:a{0,3})$', ''],
    ['a{2,}', '^(?:a{2,})$', ''],
    ['[]a]', '^(?:[\\]a])$', ''],
    ['[^]a]', '^(?:[^\\]a])$', ''],
    ['[[a]', '^(?:[\\[a])$', ''],
    ['\\Aa\\Z', '^(?:^a(?![\\s\\S]))$', ''],
    ['\\a', '^(?:\\x07)$', ''],
    ['\\U0001F600', '^(?:\u{1F600})$', ''],
    ['\\U0000002E', '^(?:\\.)$', ''],
    ['a(?#comment)b', '^(?:ab)$', ''],
    ['(?:a|b)(?=c)(?!d)(?<=e)(?<!f)', '^(?:(?:a|b)(?=c)(?!d)(?<=e)(?<!f))$', ''],
    ['\\-\\d\\w[\\b]', '^(?:\\-\\d\\w[\\b])$', ''],
  ])('translates %j', (pattern, source, flags) => {
    expect(translatePythonRegex(pattern)).toEqual({ source, flags });
  });

  it.each([
    ['a\\q', 'invalid'],
    ['(?<name>a)', 'invalid'],
    ['a(?i)b', 'invalid'],
    ['[abc', 'invalid'],
    ['a\\', 'invalid'],
    ['\\U0011', 'invalid'],
    ['(?#open', 'invalid'],
    ['(?x)a b', 'unsupported'],
    ['(?>a)', 'unsupported'],
    ['(a)(?(1)b|c)', 'unsupported'],
    ['(?i:a)', 'unsupported'],
    ['a++', 'unsupported'],
    ['\\N{LATIN SMALL LETTER A}', 'unsupported'],
  ])('refuses %j as %s', (pattern, kind) => {
    let thrown: unknown;
    try {
      translatePythonRegex(pattern);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PythonRegexError);
    expect(thrown).toMatchObject({ name: 'PythonRegexError', kind });
  });
});
