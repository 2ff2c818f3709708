import { describe, expect, it } from 'vitest';
import { parseJsonFrontmatter } from './frontmatter-json';
import { parseYamlSource } from './yaml-source';

function failure(text: string) {
  const result = parseYamlSource(text, 1, { pyyaml: true });
  if (result.ok) throw new Error(`${JSON.stringify(text)} was read`);
  return result.error;
}

function read(text: string) {
  const result = parseYamlSource(text, 1, { pyyaml: true });
  if (!result.ok) throw new Error(result.error.message);
  return result.source;
}

// Each expectation is what PyYAML 6 `safe_load` and python-frontmatter's `Post(**metadata)` do with the same text.
describe('PyYAML rules the yaml package does not follow', () => {
  it('rule 1: refuses control characters in the front matter, with their position', () => {
    for (const char of ['\0', '\x1b', '\x7f', '\x9f', '\f', '\ufffe']) {
      const error = failure(`name: a\ndescription: a${char}b\n`);
      expect(error.python).toMatchObject({ type: 'ReaderError', rule: 'yaml' });
      expect(error.at).toEqual({ line: 2, column: 15 });
    }
    expect(read('a: "tab\tand NEL \x85 and nbsp \xa0"\n').value).toBeTruthy();
  });

  it('rule 2: refuses tags the SafeLoader has no constructor for', () => {
    expect(failure('a: !!python/name:os.system x\n').python).toMatchObject({
      type: 'ConstructorError',
      message: "could not determine a constructor for the tag 'tag:yaml.org,2002:python/name:os.system'",
    });
    expect(failure('a: !custom x\n').python?.type).toBe('ConstructorError');
    expect(read('a: ! 1\n').pythonStr(['a'])).toBe('1');
  });

  it('rule 3: refuses a list or mapping as a key', () => {
    expect(failure('? [a, b]\n: c\n').python).toMatchObject({ type: 'ConstructorError', rule: 'yaml' });
    expect(failure('x:\n  {a: 1}: c\n').python?.message).toContain('unhashable key');
  });

  it('rule 4: an impossible date under any key, or as a key, is a ValueError', () => {
    expect(failure('a: 2024-02-30\n').python).toMatchObject({ type: 'ValueError', message: 'day is out of range for month', rule: 'date' });
    expect(failure('a:\n  b: [2024-13-01]\n').python?.message).toBe('month must be in 1..12');
    expect(failure('2023-02-29: a\n').python?.rule).toBe('date');
    expect(failure('a: 2024-01-01 25:00:00\n').python?.message).toBe('hour must be in 0..23');
    expect(read('a: "2024-02-30"\nb: 2024-02-29\n').pythonStr(['b'])).toBe('2024-02-29');
  });

  it('rule 5: top-level keys must be keyword names for Post()', () => {
    for (const key of ['1', 'true', 'null', '1.5', '2024-01-01', '~'])
      expect(failure(`${key}: x\n`).python).toMatchObject({ type: 'TypeError', message: 'keywords must be strings', rule: 'key' });
    expect(failure('content: x\n').python?.message).toBe("Post.__init__() got multiple values for argument 'content'");
    expect(failure('a: 1\nhandler: x\n').at).toEqual({ line: 2, column: 1 });
    expect(read('"1": x\nmetadata: {1: a}\n').pythonStr(['1'])).toBe('x');
  });

  it('rule 6: NEL, U+2028 and U+2029 break lines', () => {
    for (const char of ['\x85', '\u2028', '\u2029'])
      expect(parseYamlSource(`name: a\ndescription: c1${char}nel\n`, 1, { pyyaml: true }).ok).toBe(false);
    expect(parseYamlSource('name: a\ndescription: c1\u2028nel\n').ok).toBe(true);
    expect(read('a: x\u2028b: y\n').pythonStr(['b'])).toBe('y');
    expect(read('a: x\n# note\x85b: y\n').pythonStr(['b'])).toBe('y');
  });

  it('the yaml package itself refuses `%` starting a plain scalar and a block sequence on the line of its key', () => {
    expect(parseYamlSource('a: %percent\n', 1, { pyyaml: true }).ok).toBe(false);
    expect(parseYamlSource('triggers: - a\n  - b\n', 1, { pyyaml: true }).ok).toBe(false);
    expect(read('? a\n: - b\n').pythonStr(['a'])).toBe("['b']");
  });

  it('rule 7: a \\u escape must not name a surrogate', () => {
    expect(failure('a: "bad \\ud800 surrogate"\n').python?.message).toContain('invalid Unicode character escape code');
    expect(read('a: "ok \\u00e9 \\\\ud800"\n').pythonStr(['a'])).toBe('ok é \\ud800');
  });

  it('gives explicitly tagged values their Python types', () => {
    const source = read(
      'a: !!float 1\nb: !!binary aGk=\nc: !!omap [a: 1]\nd: !!set {a, b}\ne: 2024-01-01 10:00:00.5+02:00\nf: 2024-01-01T10:00:00Z\ng: 2024-01-01 10:00:00\n',
    );
    const str = (key: string) => source.pythonStr([key]);
    expect([str('a'), str('b'), str('c'), str('d')]).toEqual(['1.0', "b'hi'", "[('a', 1)]", "{'a', 'b'}"]);
    expect([str('e'), str('f'), str('g')]).toEqual([
      '2024-01-01 10:00:00.500000+02:00',
      '2024-01-01 10:00:00+00:00',
      '2024-01-01 10:00:00',
    ]);
  });

  it('merges `<<` keys as flatten_mapping does: merged keys first, own keys win', () => {
    const source = read('base: &b {name: base, description: from base}\nx:\n  <<: *b\n  name: own\n');
    expect(source.pythonStr(['x'])).toBe("{'name': 'own', 'description': 'from base'}");
    expect(source.pythonStr(['x', 'description'])).toBe('from base');
  });

  it('leaves the checks off unless asked (other readers are not PyYAML)', () => {
    expect(parseYamlSource('1: x\ncontent: y\n').ok).toBe(true);
  });
});

describe('parseJsonFrontmatter', () => {
  it('reads JSON front matter with positions in the file', () => {
    const result = parseJsonFrontmatter('{\n"name": "j", "description": "json front"\n}', 3);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.source.pythonStr(['description'])).toBe('json front');
    expect(result.source.locate(['name'], 'key')).toEqual({ line: 4, column: 1 });
  });

  it('fails as json.loads and Post() fail', () => {
    const bad = parseJsonFrontmatter('{\nnot json\n}', 1);
    expect(bad.ok || bad.error).toMatchObject({ type: 'JSONDecodeError', at: { line: 2, column: 1 } });
    const content = parseJsonFrontmatter('{\n"content": "x"\n}', 1);
    expect(content.ok || content.error.type).toBe('TypeError');
  });
});
