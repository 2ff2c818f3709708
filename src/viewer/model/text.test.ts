import { describe, expect, it } from 'vitest';
import { cutShort, foldLines, isHttpUrl, isSafeImageUrl, linkify, stripAnsi } from './text';

describe('viewer text helpers', () => {
  it('strips ANSI sequences, leaving other control characters for the page to show as escapes', () => {
    expect(stripAnsi('\u001b[32mok\u001b[0m\tdone\r\n\u0000\u009b2Jx\u001b]0;title\u0007\u202e')).toBe('ok\tdone\r\n\u0000x\u202e');
  });

  it('links only http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl(' JAVASCRIPT:alert(1)//http://x')).toBe(false);
    expect(isHttpUrl('data:text/html,<script>')).toBe(false);
    expect(linkify('see https://example.com/x?a=1, or javascript:alert(1) <a href="http://e.org">')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/x?a=1', href: 'https://example.com/x?a=1' },
      { text: ', or javascript:alert(1) <a href="' },
      { text: 'http://e.org', href: 'http://e.org' },
      { text: '">' },
    ]);
  });

  it('accepts raster data URLs for images, never SVG', () => {
    expect(isSafeImageUrl('data:image/jpeg;base64,/9j/4AAQ')).toBe(true);
    expect(isSafeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSafeImageUrl('file:///etc/passwd')).toBe(false);
  });

  it('cuts and folds', () => {
    expect(cutShort('  a\n b  ', 10)).toBe('a b');
    expect(cutShort('abcdefghij', 5)).toBe('abcd…');
    expect(foldLines('1\n2\n3\n', 2)).toEqual({ head: '1\n2', lines: 3, folded: true });
    expect(foldLines('1\n2', 2)).toEqual({ head: '1\n2', lines: 2, folded: false });
  });
});
