import { describe, expect, it } from 'vitest';
import { globMatcher, globToRegExp, matchesGlob } from './glob';

describe('matchesGlob', () => {
  it.each([
    // `*` and `?` stay inside one segment.
    ['*.md', 'README.md', true],
    ['*.md', 'docs/README.md', false],
    ['*.md', '.hidden.md', true],
    ['skills/?/SKILL.md', 'skills/a/SKILL.md', true],
    ['skills/?/SKILL.md', 'skills/ab/SKILL.md', false],
    ['a*b', 'a/b', false],
    // `**` spans segments, none included.
    ['**/*.md', 'README.md', true],
    ['**/*.md', 'a/b/c.md', true],
    ['**/*.md', 'a/b/c.json', false],
    ['plugins/**/hooks.json', 'plugins/hooks.json', true],
    ['plugins/**/hooks.json', 'plugins/ops/hooks/hooks.json', true],
    ['plugins/**/hooks.json', 'other/ops/hooks.json', false],
    ['plugins/**', 'plugins/ops/x', true],
    ['**', 'anything/at/all', true],
    // `**` inside a segment is `*`.
    ['a**b', 'axxb', true],
    ['a**b', 'ax/xb', false],
    // Braces, nested, and character classes.
    ['{skills,plugins}/**', 'plugins/x/plugin.json', true],
    ['{skills,plugins}/**', 'docs/x.md', false],
    ['*.{md,json}', 'x.json', true],
    ['*.{md,{yml,yaml}}', 'x.yaml', true],
    ['{solo}', '{solo}', true],
    ['[ab].md', 'b.md', true],
    ['[!ab].md', 'b.md', false],
    ['[!ab].md', 'c.md', true],
    ['[a-c]x', 'bx', true],
    ['[!a]', '/', false],
    // Escapes and characters a regular expression would read.
    ['\\*.md', '*.md', true],
    ['\\*.md', 'x.md', false],
    ['a+b(1).md', 'a+b(1).md', true],
    ['a.md', 'aXmd', false],
    ['[unclosed', '[unclosed', true],
    // A folder covers everything under it; `./`, `/` and a trailing slash are dropped.
    ['fixtures', 'fixtures/a/SKILL.md', true],
    ['fixtures/', 'fixtures/a/SKILL.md', true],
    ['./fixtures', 'fixtures/a/SKILL.md', true],
    ['/fixtures', 'fixtures', true],
    ['fixtures', 'fixtures-old/a.md', false],
    ['fixtures', 'test/fixtures/a.md', false],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matchesGlob(path, pattern)).toBe(expected);
  });

  it('compiles to an anchored regular expression', () => {
    expect(globToRegExp('a/*.md').source).toBe('^(?:a\\/[^/]*\\.md)(?:\\/.*)?$');
  });

  it('tests several patterns at once', () => {
    const ignored = globMatcher(['vendor/**', '**/*.snap']);
    expect(['vendor/x/y.md', 'a/b.snap', 'src/a.md'].map(ignored)).toEqual([true, true, false]);
    expect(globMatcher([])('anything')).toBe(false);
  });
});
