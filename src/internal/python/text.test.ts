import { describe, expect, it } from 'vitest';
import { comparePython, pythonLength, pythonSplit, pythonStrip } from './text';

describe('Python string methods', () => {
  it('strips what Python counts as whitespace', () => {
    expect(pythonStrip('\u3000\t x \u2028')).toBe('x');
    expect(pythonStrip('\ufeffx')).toBe('\ufeffx');
    expect(pythonStrip('\x1c\x85a b\xa0')).toBe('a b');
  });

  it('splits on runs of whitespace as str.split() does', () => {
    expect(pythonSplit('  Bash(git:*)\u3000Read\n\tWrite ')).toEqual(['Bash(git:*)', 'Read', 'Write']);
    expect(pythonSplit(' \t ')).toEqual([]);
  });

  it('counts and orders by code point', () => {
    expect(pythonLength('a🚀')).toBe(2);
    expect(['\uff61', '🚀', 'a'].sort(comparePython)).toEqual(['a', '\uff61', '🚀']);
  });
});
