import { describe, expect, it } from 'vitest';
import { readJsonDocument } from './json-document';

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
