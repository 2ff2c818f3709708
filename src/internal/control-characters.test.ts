import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsInLine } from './control-characters';

describe('escapeControls', () => {
  it('shows control characters and bidirectional controls as escapes', () => {
    expect(escapeControls('a\u001b[31mb\u0007\u0000\u007f\u009b')).toBe('a\\u001b[31mb\\u0007\\u0000\\u007f\\u009b');
    expect(escapeControls('x\u202ey\u2066z\u200f\u061c\u200e\u202a\u2069')).toBe('x\\u202ey\\u2066z\\u200f\\u061c\\u200e\\u202a\\u2069');
  });

  it('keeps tabs, line ends and ordinary Unicode', () => {
    expect(escapeControls('a\tb\nc\r\nd — ünï 😀 中文 \u00a0\u200b')).toBe('a\tb\nc\r\nd — ünï 😀 中文 \u00a0\u200b');
  });

  it('turns JSON text into JSON of the same value', () => {
    const value = { 'k\u202e': ['\u001b]52;c;aGk=\u0007', '\\\u009b2J', '\u007f\u0085\u2066x\u2069', 'a\r\nb\tc'] };
    const text = escapeControls(JSON.stringify(value, null, 2));
    expect(text).not.toMatch(/[\u007f-\u009f\u202e\u2066\u2069]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('escapeControlsInLine', () => {
  it('also writes line feeds, carriage returns and tabs as escapes', () => {
    expect(escapeControlsInLine('ok\rFAKE\nline\tx\u001b[2J\u202e')).toBe('ok\\rFAKE\\nline\\tx\\u001b[2J\\u202e');
  });
});
