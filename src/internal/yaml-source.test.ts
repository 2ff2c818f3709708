import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_COUNT, parseYamlSource } from './yaml-source';

function parse(text: string, firstLine = 1) {
  const result = parseYamlSource(text, firstLine);
  if (!result.ok) throw new Error(result.error.message);
  return result.source;
}

// Every expectation below is what PyYAML 6 `safe_load` and Python `str()` give for the same text.
describe('parseYamlSource', () => {
  const text = [
    'a: 1.0',
    'b: 0x1F',
    'c: 1_000',
    'd: yes',
    'e: y',
    'f: 2024-01-01',
    'g: 1:30',
    'h: ~',
    'i: .inf',
    'j: 0o17',
    'k: 017',
    'l: "1.0"',
    'm: [1, 2.50, 1e5, 1.0e+5, n, ON]',
    'n: 09',
    "o: {x: 1.0, 'y': [a, 'b']}",
    'p: 2001-12-14 21:59:43.10',
    'q:',
  ].join('\n');

  it('resolves scalars as PyYAML does and prints them as Python str() does', () => {
    const source = parse(text);
    const expected: Record<string, string> = {
      a: '1.0',
      b: '31',
      c: '1000',
      d: 'True',
      e: 'y',
      f: '2024-01-01',
      g: '90',
      h: 'None',
      i: 'inf',
      j: '0o17',
      k: '15',
      l: '1.0',
      m: "[1, 2.5, '1e5', 100000.0, 'n', True]",
      n: '09',
      o: "{'x': 1.0, 'y': ['a', 'b']}",
      p: '2001-12-14 21:59:43.100000',
      q: 'None',
    };
    for (const [key, value] of Object.entries(expected)) expect([key, source.pythonStr([key])]).toEqual([key, value]);
    expect((source.value as Record<string, unknown>).e).toBe('y');
    expect((source.value as Record<string, unknown>).d).toBe(true);
  });

  it('gives positions in the lines of the surrounding file', () => {
    const source = parse(text, 2);
    expect(source.locate(['m'], 'key')).toEqual({ line: 14, column: 1 });
    expect(source.locate(['m', 3])).toEqual({ line: 14, column: 19 });
    expect(source.locate(['o', 'y', 1])).toEqual({ line: 16, column: 22 });
    expect(source.locate(['missing'])).toEqual({ line: 2, column: 1 });
  });

  it('lets the last duplicate key win, as PyYAML does', () => {
    expect(parse('a: 1\na: 2\n').value).toEqual({ a: 2 });
  });

  it('refuses an alias bomb at the alias cap and reports syntax errors with their line', () => {
    const rows = ['a: &a [x,x,x,x,x,x,x,x,x]'];
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
    ]) {
      rows.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    // 9^7 nodes if expanded: refused once the expansion passes the cap, never built.
    const bomb = parseYamlSource(rows.join('\n'));
    expect(bomb).toMatchObject({
      ok: false,
      error: { kind: 'aliases', message: expect.stringMatching(new RegExp(`^Aliases expand past ${MAX_ALIAS_COUNT} nodes `)) },
    });
    expect(parseYamlSource('a: [1,\nb: 2\n', 3)).toMatchObject({ ok: false, error: { at: { line: 4, column: 1 } } });
  });
});
