import { describe, expect, it } from 'vitest';
import { markdownKind, stemOf } from './markdown-files';

describe('markdownKind', () => {
  it('sees names as Path.suffix == ".md" does, readmes skipped in any case', () => {
    expect(['now.md', 'a.b.md', 'x.md'].map(markdownKind)).toEqual(['markdown', 'markdown', 'markdown']);
    expect(['README.md', 'readme.md', 'ReadMe.md'].map(markdownKind)).toEqual(['readme', 'readme', 'readme']);
    expect(['now.MD', 'now.Md'].map(markdownKind)).toEqual(['case-variant', 'case-variant']);
    // `.md` alone has no suffix to Python; `md`, `now.txt` and `now.md.bak` are not Markdown.
    expect(['.md', 'md', 'now.txt', 'now.md.bak'].map(markdownKind)).toEqual(['other', 'other', 'other', 'other']);
  });

  it('strips the suffix only', () => {
    expect(stemOf('a.b.md')).toBe('a.b');
  });
});
