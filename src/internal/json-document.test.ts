import { describe, expect, it } from 'vitest';
import { readJsonDocument, requireText } from './json-document';

describe('readJsonDocument', () => {
  it('reads JSON and reports duplicate keys where the later one is', () => {
    const result = readJsonDocument('{\n  "name": "a",\n  "name": "b"\n}', 'plugin.json');
    expect(result.ok && result.source.value).toEqual({ name: 'b' });
    expect(result.diagnostics).toMatchObject([
      { code: 'duplicate-json-key', severity: 'warning', file: 'plugin.json', line: 3, column: 3 },
    ]);
  });

  it('reports invalid JSON at its position', () => {
    const result = readJsonDocument('{\n  "name": "a",\n}', 'x.json');
    expect(result).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json', line: 3, column: 1 }] });
  });

  it('strips a byte-order mark only when asked to', () => {
    expect(readJsonDocument('\ufeff{}', 'x.json', 'strip').ok).toBe(true);
    expect(readJsonDocument('\ufeff{}', 'x.json')).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'invalid-json', line: 1, column: 1 }],
    });
  });
});

describe('requireText', () => {
  it('lets text through and names what it got otherwise', () => {
    expect(() => requireText('{}', 'parseX')).not.toThrow();
    expect(() => requireText({}, 'parseX')).toThrow("parseX takes the file's text, not a value of type object:");
    expect(() => requireText([], 'parseX')).toThrow("parseX takes the file's text, not an array:");
    expect(() => requireText(new Uint8Array(1), 'parseX')).toThrow("parseX takes the file's text, not bytes:");
    expect(() => requireText(null, 'parseX')).toThrow("parseX takes the file's text, not null:");
  });
});
