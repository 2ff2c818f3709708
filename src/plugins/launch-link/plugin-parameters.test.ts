import { describe, expect, it } from 'vitest';
import type { PluginSpec } from '../plugin-reference';
import { formatPluginParameters, pluginDisplayName } from './plugin-parameters';

// Expected texts were produced by the server's own formatting (f-strings over the dict that
// Python's json reads from the JSON the app sends).
describe('formatPluginParameters', () => {
  it('prints one plugin as `- key: value` lines after the heading', () => {
    const plugins = [
      { source: 'github:jpshackelford/openhands-sample-plugins', repo_path: 'plugins/city-weather', parameters: { city: 'Tokyo' } },
    ];
    expect(formatPluginParameters(plugins)).toBe('\n\nPlugin Configuration Parameters:\n- city: Tokyo');
  });

  it("prints every value type as Python's str() does", () => {
    const parameters = {
      s: 'text',
      t: true,
      f: false,
      n: null,
      i: 3,
      x: 1.5,
      big: 1e21,
      small: 1e-7,
      neg: -0,
      list: [1, 'a', null, true],
      obj: { a: 1, b: "it's", c: { d: [] } },
      empty: '',
      quote: 'say "hi"',
      uni: '整理 🚀',
    };
    expect(formatPluginParameters([{ source: 'github:o/r', parameters }])).toBe(
      '\n\nPlugin Configuration Parameters:\n- s: text\n- t: True\n- f: False\n- n: None\n- i: 3\n- x: 1.5\n- big: 1e+21\n- small: 1e-07\n' +
        "- neg: 0\n- list: [1, 'a', None, True]\n- obj: {'a': 1, 'b': \"it's\", 'c': {'d': []}}\n- empty: \n- quote: say \"hi\"\n- uni: 整理 🚀",
    );
  });

  it('groups several plugins under their display names, skipping those without parameters', () => {
    const plugins: PluginSpec[] = [
      { source: 'github:o/first', parameters: { a: 1 } },
      { source: 'github:o/none', parameters: {} },
      { source: 'github:o/nul', parameters: null },
      { source: 'https://github.com/o/r.git', repo_path: 'x/y', parameters: { b: true, c: null } },
      { source: 'local', parameters: { d: 'e' } },
      { source: 'github:o/r/', parameters: { z: 0 } },
    ];
    expect(formatPluginParameters(plugins)).toBe(
      '\n\nPlugin Configuration Parameters:\nfirst:\n  - a: 1\nr.git:\n  - b: True\n  - c: None\nlocal:\n  - d: e\n:\n  - z: 0',
    );
  });

  it('uses the one-plugin form when only one plugin of several has parameters', () => {
    const plugins: PluginSpec[] = [
      { source: 'github:o/a' },
      { source: 'github:o/b', parameters: { k: 'v' } },
      { source: 'github:o/c', parameters: {} },
    ];
    expect(formatPluginParameters(plugins)).toBe('\n\nPlugin Configuration Parameters:\n- k: v');
  });

  it('gives an empty string when no plugin has parameters ({} and null are falsy in Python)', () => {
    expect(formatPluginParameters([])).toBe('');
    expect(formatPluginParameters([{ source: 'a', parameters: {} }, { source: 'b', parameters: null }, { source: 'c' }])).toBe('');
  });

  it('keeps the order the app sends keys in (JSON.stringify puts integer-like keys first)', () => {
    const parameters = { b: 1, 2: 'two', a: 3 };
    expect(Object.keys(JSON.parse(JSON.stringify(parameters)))).toEqual(['2', 'b', 'a']);
    expect(formatPluginParameters([{ source: 's', parameters }])).toBe('\n\nPlugin Configuration Parameters:\n- 2: two\n- b: 1\n- a: 3');
  });

  it('ignores parameters that are not an object, which the server would refuse', () => {
    expect(
      formatPluginParameters([
        { source: 's', parameters: [1] as never },
        { source: 't', parameters: 'x' as never },
      ]),
    ).toBe('');
  });

  it('prints keys as they are, `__proto__` included', () => {
    const parameters = JSON.parse('{"__proto__": "p", "new\\nline": "v"}');
    expect(formatPluginParameters([{ source: 's', parameters }])).toBe(
      '\n\nPlugin Configuration Parameters:\n- __proto__: p\n- new\nline: v',
    );
  });
});

describe('pluginDisplayName', () => {
  it.each([
    ['github:owner/repo', 'repo'],
    ['https://github.com/owner/repo.git', 'repo.git'],
    ['/local/path', 'path'],
    ['name', 'name'],
    ['github:o/r/', ''],
  ])('%s → %j', (source, name) => {
    expect(pluginDisplayName(source)).toBe(name);
  });
});
