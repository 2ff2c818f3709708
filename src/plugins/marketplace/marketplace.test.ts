import { describe, expect, it } from 'vitest';
import { parseMarketplace } from './marketplace';
import { MARKETPLACE_RULES } from './marketplace-rules';

const FILE = '.claude-plugin/marketplace.json';
const parse = (text: string) => parseMarketplace(text, { file: FILE });

/** The text of a fixture, one row per line. */
const lines = (...rows: string[]) => rows.join('\n');

/** Where `token` starts on line `line` (1-based) of `text`: the exact position a diagnostic must have. */
function at(text: string, line: number, token: string): { line: number; column: number } {
  const row = text.split('\n')[line - 1] ?? '';
  const index = row.indexOf(token);
  if (index < 0 || row.indexOf(token, index + 1) >= 0) throw new Error(`"${token}" must occur once on line ${line}`);
  return { line, column: index + 1 };
}

const head = ['{', '  "name": "team-tools",', '  "owner": { "name": "Tools Team" },'];
/** A marketplace whose plugins are the given rows (from line 5 on). */
const withPlugins = (...rows: string[]) => lines(...head, '  "plugins": [', ...rows, '  ]', '}');

/** The one diagnostic of a fixture, with its position. */
function only(text: string) {
  const result = parse(text);
  expect(result.diagnostics).toHaveLength(1);
  const [found] = result.diagnostics;
  return { result, found: found as NonNullable<typeof found> };
}

describe('parseMarketplace: valid files', () => {
  it('reads every field real catalogs use, with positions and extras', () => {
    const text = lines(
      '{',
      '  "$schema": "https://anthropic.com/claude-code/marketplace.schema.json",',
      '  "name": "team-tools",',
      '  "version": "2.0.0",',
      '  "owner": { "name": "Tools Team", "email": "tools@example.com" },',
      '  "description": "Team plugins",',
      '  "metadata": { "description": "d", "version": "1.0.0", "maintainer": "T" },',
      '  "plugins": [',
      '    { "name": "formatter", "source": "./plugins/formatter", "author": "Ada Lovelace <ada@example.com>", "keywords": ["fmt"], "category": "dev", "defaultEnabled": true },',
      '    { "name": "remote", "source": { "source": "github", "repo": "o/r", "ref": "v1", "path": "plugins/remote" }, "entry_command": "go", "license": "MIT" }',
      '  ],',
      '  "skills": [',
      '    { "name": "review", "source": "./skills/review", "description": "Reviews" }',
      '  ]',
      '}',
    );
    const result = parse(text);
    expect(result.diagnostics).toEqual([]);
    if (!result.ok) throw new Error('expected ok');
    const market = result.value;
    expect(market).toMatchObject({
      name: 'team-tools',
      version: '2.0.0',
      $schema: 'https://anthropic.com/claude-code/marketplace.schema.json',
      owner: { name: 'Tools Team', email: 'tools@example.com' },
      description: 'Team plugins',
      metadata: { description: 'd', version: '1.0.0', extra: { maintainer: 'T' } },
      file: FILE,
    });
    expect(market.plugins[0]).toMatchObject({
      name: 'formatter',
      source: { kind: 'path', path: './plugins/formatter' },
      author: { name: 'Ada Lovelace', email: 'ada@example.com' },
      keywords: ['fmt'],
      tags: [],
      strict: true,
      category: 'dev',
      extra: { defaultEnabled: true },
      index: 0,
      at: at(text, 9, '{ "name": "formatter"'),
      sourceAt: at(text, 9, '"./plugins/formatter"'),
    });
    expect(market.plugins[1]).toMatchObject({
      source: { kind: 'github', source: 'github', repo: 'o/r', ref: 'v1', path: 'plugins/remote', extra: {} },
      entry_command: 'go',
      license: 'MIT',
    });
    expect(market.skills).toMatchObject([
      { name: 'review', source: './skills/review', description: 'Reviews', at: at(text, 13, '{ "name": "review"') },
    ]);
  });

  it('keeps a __proto__ key as data', () => {
    const result = parse(withPlugins('    { "name": "x", "source": "./x", "__proto__": { "polluted": true } }'));
    expect(result.ok && Object.hasOwn(result.value.plugins[0]?.extra ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(result.diagnostics).toMatchObject([{ code: 'marketplace-unknown-field' }]);
  });
});

describe('parseMarketplace: the file as a whole', () => {
  it('passes on invalid JSON and duplicate keys from the JSON reader', () => {
    expect(parse('{"name": "a",}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json' }] });
    const text = lines('{', '  "name": "a",', '  "name": "b",', '  "owner": { "name": "o" }', '}');
    const result = parse(text);
    expect(result.ok && result.value.name).toBe('b');
    expect(result.diagnostics).toMatchObject([{ code: 'duplicate-json-key', ...at(text, 3, '"name"') }]);
  });

  it('refuses a byte-order mark as the service does', () => {
    expect(parse('\ufeff{"name": "a", "owner": {"name": "o"}}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json' }] });
  });

  it('marketplace-not-object', () => {
    expect(parse('[]')).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'marketplace-not-object', severity: 'error', line: 1, column: 1 }],
    });
  });

  it('marketplace-field-missing: owner (a Codex catalog shape)', () => {
    const text = lines('{', '  "name": "codex-style",', '  "plugins": []', '}');
    const { result, found } = only(text);
    expect(result.ok).toBe(false);
    expect(found).toMatchObject({ code: 'marketplace-field-missing', severity: 'error', line: 1, column: 1 });
    expect(found.message).toContain('`owner`');
  });

  it('marketplace-field-missing: owner.name, entry source, github repo', () => {
    const ownerless = lines('{', '  "name": "x",', '  "owner": { "email": "a@b" }', '}');
    expect(only(ownerless).found).toMatchObject({ code: 'marketplace-field-missing', ...at(ownerless, 3, '{ "email"') });
    const noSource = withPlugins('    { "name": "x" }');
    expect(only(noSource).found).toMatchObject({ code: 'marketplace-field-missing', ...at(noSource, 5, '{ "name"') });
    const noRepo = withPlugins('    { "name": "x", "source": { "source": "github" } }');
    const { result, found } = only(noRepo);
    expect(result.ok).toBe(false);
    expect(found).toMatchObject({ code: 'marketplace-field-missing', ...at(noRepo, 5, '{ "source": "github"') });
  });

  it('marketplace-wrong-type', () => {
    const text = withPlugins('    { "name": "x", "source": "./x", "keywords": "a, b" }');
    const { result, found } = only(text);
    expect(result.ok).toBe(false);
    expect(found).toMatchObject({ code: 'marketplace-wrong-type', severity: 'error', ...at(text, 5, '"a, b"') });
    expect(parse(withPlugins('    { "name": "x", "source": "./x", "strict": "yes" }')).ok).toBe(true);
    expect(parse(withPlugins('    { "name": "x", "source": "./x", "strict": "maybe" }')).ok).toBe(false);
    expect(parse(withPlugins('    { "name": 7, "source": "./x" }')).ok).toBe(false);
  });

  it('marketplace-ignored-field: renames, and dropped owner keys', () => {
    const text = lines(
      '{',
      '  "name": "x",',
      '  "owner": { "name": "o", "url": "https://o.dev" },',
      '  "renames": { "old": "new" },',
      '  "strict": true',
      '}',
    );
    const result = parse(text);
    expect(result.ok && result.value.extra).toEqual({ strict: true });
    expect(result.ok && result.value.renames).toEqual({ old: 'new' });
    expect(result.ok && result.value.owner.url).toBe('https://o.dev');
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['marketplace-ignored-field', 'info', ...Object.values(at(text, 3, '"url"'))],
      ['marketplace-ignored-field', 'info', ...Object.values(at(text, 4, '"renames"'))],
      ['marketplace-ignored-field', 'info', ...Object.values(at(text, 5, '"strict"'))],
    ]);
  });

  it('marketplace-unknown-field', () => {
    const text = withPlugins('    { "name": "x", "sorce": "./x", "source": "./x" }');
    expect(only(text).found).toMatchObject({ code: 'marketplace-unknown-field', severity: 'info', ...at(text, 5, '"sorce"') });
  });

  it('marketplace-duplicate-plugin and marketplace-duplicate-skill', () => {
    const text = lines(
      ...head,
      '  "plugins": [',
      '    { "name": "x", "source": "./a" },',
      '    { "name": "x", "source": "./b" }',
      '  ],',
      '  "skills": [',
      '    { "name": "s", "source": "./skills/a" },',
      '    { "name": "s", "source": "./skills/b" }',
      '  ]',
      '}',
    );
    const result = parse(text);
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['marketplace-duplicate-plugin', 'warning', ...Object.values(at(text, 6, '"x"'))],
      ['marketplace-duplicate-skill', 'warning', ...Object.values(at(text, 10, '"s"'))],
    ]);
  });
});

describe('MARKETPLACE_RULES', () => {
  it('has unique, prefixed codes with a title, description, hint and example', () => {
    const all = MARKETPLACE_RULES.map((r) => r.code);
    expect(new Set(all).size).toBe(all.length);
    for (const rule of MARKETPLACE_RULES) {
      expect(rule.code).toMatch(/^marketplace-[a-z0-9-]+$/);
      expect(rule.title && rule.description && rule.hint && rule.example).toBeTruthy();
    }
  });
});
