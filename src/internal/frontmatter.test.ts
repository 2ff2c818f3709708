import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from './frontmatter';

// Expected values checked against Python's `frontmatter` splitting rules (re `^-{3,}\s*$`, multiline).
describe('splitFrontmatter', () => {
  it('splits a plain file and says on which lines the parts start', () => {
    expect(splitFrontmatter('---\nname: x\n---\nbody\n')).toMatchObject({ yaml: '\nname: x\n', body: 'body', yamlLine: 1, bodyLine: 4 });
  });

  it('strips surrounding whitespace first and lets the delimiters swallow blank lines, as the service does', () => {
    const split = splitFrontmatter('\n\n  ---  \n\n\nname: x\n----\n\n\nbody ---\n---\nmore');
    expect(split).toMatchObject({ yaml: '\nname: x\n', body: 'body ---\n---\nmore', yamlLine: 5, bodyLine: 10 });
  });

  it('normalizes CRLF line endings as a text-mode read does', () => {
    expect(splitFrontmatter('---\r\nname: y\r\n---\r\nbody\r\n')).toMatchObject({ yaml: '\nname: y\n', body: 'body' });
  });

  it.each([
    ['\ufeff---\nname: x\n---\nb', 'bom'],
    ['---js\nmodule.exports = {}\n---\nb', 'language'],
    ['---\nname: x\n', 'unclosed'],
  ] as const)('sees no front matter in %j, and says why (%s)', (text, missed) => {
    const split = splitFrontmatter(text);
    expect(split.yaml).toBeUndefined();
    expect(split.missed).toBe(missed);
    expect(split.body).toBe(text.trim() === text ? text : text.replace(/\n$/, ''));
  });

  it('accepts an empty block and longer dash lines with trailing spaces', () => {
    expect(splitFrontmatter('---\n---\nbody')).toMatchObject({ yaml: '\n', body: 'body' });
    expect(splitFrontmatter('----- \t\nk: v\n---x\n---\nz')).toMatchObject({ yaml: '\nk: v\n---x\n', body: 'z' });
  });
});

describe('splitFrontmatter with JSON front matter (python-frontmatter JSONHandler)', () => {
  it('takes a first line `{` up to the next `{` or `}` line as JSON', () => {
    const split = splitFrontmatter('\n{\n"name": "j"\n}\n\nBody {\n}\n');
    expect(split).toMatchObject({ yaml: undefined, json: '{\n"name": "j"\n}', yamlLine: 2, body: 'Body {\n}', bodyLine: 6 });
  });

  it('reads no front matter when there is no second boundary line', () => {
    expect(splitFrontmatter('{\n"name": "j"\n').json).toBeUndefined();
    expect(splitFrontmatter('{ "name": "j" }\n}\n').json).toBeUndefined();
  });
});
