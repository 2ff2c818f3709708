import { describe, expect, it } from 'vitest';
import { legacyManifestFor, parseAuthorString, parseLegacyPluginManifest } from './legacy-manifest';

const parse = (text: string) => parseLegacyPluginManifest(text, { file: 'p/.claude-plugin/plugin.json' });
const findings = (text: string) => parse(text).diagnostics.map(({ code, severity, line, column }) => ({ code, severity, line, column }));

describe('parseLegacyPluginManifest', () => {
  it('fills in the defaults the service fills in', () => {
    expect(parse('{"name": "Any Name At All!"}')).toEqual({
      ok: true,
      value: { name: 'Any Name At All!', version: '1.0.0', description: '', author: null, entry_command: null, extras: {} },
      diagnostics: [],
    });
  });

  it('reads a full manifest, splitting an author string', () => {
    const result = parse(
      '{"name": "city-weather", "version": "2.0", "description": "Weather", "author": "Ada Lovelace <ada@example.com>", "entry_command": "now", "license": "MIT", "keywords": ["x"]}',
    );
    expect(result.ok && result.value).toEqual({
      name: 'city-weather',
      version: '2.0',
      description: 'Weather',
      author: { name: 'Ada Lovelace', email: 'ada@example.com', url: null },
      entry_command: 'now',
      extras: { license: 'MIT', keywords: ['x'] },
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('reads an author object and reports keys the service ignores there', () => {
    const text = '{"name": "a",\n "author": {"name": "Ada", "url": null,\n  "twitter": "@ada"}}';
    const result = parse(text);
    expect(result.ok && result.value.author).toEqual({ name: 'Ada', email: null, url: null });
    expect(findings(text)).toEqual([{ code: 'manifest-author-extra-key', severity: 'warning', line: 3, column: 3 }]);
  });

  it('warns at each Claude Code component field, and keeps it', () => {
    const text =
      '{\n  "name": "a",\n  "commands": ["./extra/cmd.md"],\n  "hooks": "./config/hooks.json",\n  "mcpServers": {},\n  "userConfig": {}\n}';
    const result = parse(text);
    expect(result.ok && Object.keys(result.value.extras)).toEqual(['commands', 'hooks', 'mcpServers', 'userConfig']);
    expect(findings(text)).toEqual([
      { code: 'manifest-field-not-honoured', severity: 'warning', line: 3, column: 3 },
      { code: 'manifest-field-not-honoured', severity: 'warning', line: 4, column: 3 },
      { code: 'manifest-field-not-honoured', severity: 'warning', line: 5, column: 3 },
      { code: 'manifest-field-not-honoured', severity: 'warning', line: 6, column: 3 },
    ]);
    expect(result.diagnostics[1]?.hint).toBe('Put hooks in hooks/hooks.json.');
  });

  it('stays quiet about a component field that names the default folder', () => {
    const text =
      '{"name": "a", "skills": "./skills/", "commands": ["commands"], "hooks": "./hooks/hooks.json", "agents": "./custom-agents/"}';
    expect(findings(text)).toEqual([{ code: 'manifest-field-not-honoured', severity: 'warning', line: 1, column: 95 }]);
  });

  it('notes other unknown keys at info level and keeps quiet about Claude Code metadata', () => {
    const text = '{"name": "a", "homepage": "h", "repository": "r", "$schema": "s",\n"owner": "x"}';
    expect(findings(text)).toEqual([{ code: 'manifest-unknown-key', severity: 'info', line: 2, column: 1 }]);
  });

  it('warns about an entry_command the launch message cannot use', () => {
    expect(findings('{"name": "a", "entry_command": "/now"}')).toEqual([
      { code: 'manifest-entry-command-invalid', severity: 'warning', line: 1, column: 32 },
    ]);
  });

  it('fails without a name', () => {
    expect(parse('{"version": "1.0.0"}')).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'manifest-name-missing', line: 1, column: 1 }],
    });
  });

  it.each([
    ['{"name": 3}', 1, 10],
    ['{"name": "a", "version": null}', 1, 26],
    ['{"name": "a", "description": ["d"]}', 1, 30],
    ['{"name": "a", "author": 42}', 1, 25],
    ['{"name": "a", "author": {"name": null}}', 1, 34],
    ['{"name": "a", "author": {"email": 1}}', 1, 35],
    ['{"name": "a", "entry_command": 1}', 1, 32],
  ])('fails on a wrong type: %s', (text, line, column) => {
    expect(parse(text)).toMatchObject({ ok: false });
    expect(findings(text)).toEqual([{ code: 'manifest-wrong-type', severity: 'error', line, column }]);
  });

  it('refuses a byte-order mark, as the service reads plain UTF-8', () => {
    expect(parse('\ufeff{"name": "a"}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json' }] });
  });

  it('fails on a document that is not an object', () => {
    expect(parse('"a"')).toMatchObject({ ok: false, diagnostics: [{ code: 'manifest-not-object' }] });
  });

  it('keeps a __proto__ key as extra data', () => {
    const result = parse('{"name": "a", "__proto__": {"polluted": true}}');
    expect(result.ok && Object.keys(result.value.extras)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseAuthorString', () => {
  it.each([
    ['Ada Lovelace <ada@example.com>', { name: 'Ada Lovelace', email: 'ada@example.com', url: null }],
    ['  Ada  ', { name: 'Ada', email: null, url: null }],
    ['Ada <ada@example.com', { name: 'Ada <ada@example.com', email: null, url: null }],
    ['A <b<c> d', { name: 'A', email: 'b', url: null }],
    ['a > b < c', { name: 'a > b', email: 'c', url: null }],
    ['\x1cAda\x85', { name: 'Ada', email: null, url: null }],
  ])('splits %j as the service does', (text, author) => {
    expect(parseAuthorString(text)).toEqual(author);
  });
});

describe('legacyManifestFor', () => {
  it('makes up the manifest of a folder without one', () => {
    expect(legacyManifestFor('city-weather')).toEqual({
      name: 'city-weather',
      version: '1.0.0',
      description: 'Plugin loaded from city-weather',
      author: null,
      entry_command: null,
      extras: {},
    });
  });
});
