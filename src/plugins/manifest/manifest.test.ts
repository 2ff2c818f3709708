import { describe, expect, it } from 'vitest';
import { AGENT_PLUGINS_MANIFEST_SCHEMA, parsePluginManifest } from './manifest';
import { pluginEntryCommand } from './manifest-extensions';
import { MANIFEST_RULES } from './manifest-rules';

const SCHEMA = `"$schema": "${AGENT_PLUGINS_MANIFEST_SCHEMA}"`;
const parse = (text: string, service?: '1.43' | '1.49') =>
  parsePluginManifest(text, service ? { file: 'p/plugin.json', service } : { file: 'p/plugin.json' });
/** The diagnostics without the version note every manifest gets. */
const findings = (text: string) =>
  parse(text)
    .diagnostics.filter((found) => found.code !== 'manifest-root-ignored-before-1.49')
    .map(({ code, severity, line, column }) => ({ code, severity, line, column }));

describe('parsePluginManifest', () => {
  it('loads the full example manifest of the specification', () => {
    const text = `{
  ${SCHEMA},
  "name": "plugin-name",
  "version": "1.2.0",
  "description": "Brief plugin description",
  "author": { "name": "Author Name", "email": "author@example.com", "url": "https://example.com" },
  "homepage": "https://docs.example.com/plugin",
  "repository": "https://github.com/example/plugin",
  "license": "MIT",
  "keywords": ["keyword1", "keyword2"],
  "extensions": { "dev.openhands": { "entry_command": "report" } }
}`;
    const result = parse(text);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.value).toEqual({
      $schema: AGENT_PLUGINS_MANIFEST_SCHEMA,
      name: 'plugin-name',
      version: '1.2.0',
      description: 'Brief plugin description',
      author: { name: 'Author Name', email: 'author@example.com', url: 'https://example.com' },
      homepage: 'https://docs.example.com/plugin',
      repository: 'https://github.com/example/plugin',
      license: 'MIT',
      keywords: ['keyword1', 'keyword2'],
      extensions: { 'dev.openhands': { entry_command: 'report' } },
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'manifest-root-ignored-before-1.49', severity: 'info', line: 1, column: 1 }),
    ]);
    expect(result.ok && pluginEntryCommand(result.value)).toBe('report');
  });

  it('says that a 1.43 server loads the folder as a legacy plugin instead', () => {
    const result = parse(`{${SCHEMA}, "name": "a"}`, '1.43');
    expect(result.ok).toBe(true);
    expect(result.diagnostics[0]?.message).toMatch(/legacy plugin named after the folder/);
  });

  it('accepts metadata of the right JSON type whatever it says (no semver, URL or licence checks)', () => {
    const text = `{${SCHEMA}, "name": "a", "version": "next", "homepage": "not a url", "license": "mine", "author": {"email": "nope"}}`;
    expect(parse(text).ok).toBe(true);
    expect(findings(text)).toEqual([]);
  });

  it('tolerates a byte-order mark', () => {
    expect(parse(`\ufeff{${SCHEMA}, "name": "a"}`).ok).toBe(true);
  });

  it('rejects a missing $schema first, at the object', () => {
    const result = parse('{\n  "name": "a"\n}');
    expect(result.ok).toBe(false);
    expect(findings('{\n  "name": "a"\n}')).toEqual([{ code: 'manifest-schema-missing', severity: 'error', line: 1, column: 1 }]);
  });

  it('rejects another $schema, with a hint when it is the mcp.json schema', () => {
    const text = '{\n  "$schema": "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json",\n  "name": "a"\n}';
    const result = parse(text);
    expect(result.ok).toBe(false);
    expect(findings(text)).toEqual([{ code: 'manifest-schema-unsupported', severity: 'error', line: 2, column: 14 }]);
    expect(result.diagnostics.find((found) => found.code === 'manifest-schema-unsupported')?.hint).toMatch(/mcp\.json schema/);
    expect(findings(`{"$schema": 1, "name": "a"}`)).toEqual([
      { code: 'manifest-schema-unsupported', severity: 'error', line: 1, column: 13 },
    ]);
  });

  it('reports and ignores unknown top-level keys, and the plugin still loads', () => {
    const text = `{\n  ${SCHEMA},\n  "name": "a",\n  "entry_command": "run",\n  "__proto__": {"x": 1}\n}`;
    const result = parse(text);
    expect(result.ok && result.value).toEqual({ $schema: AGENT_PLUGINS_MANIFEST_SCHEMA, name: 'a' });
    expect(findings(text)).toEqual([
      { code: 'manifest-unknown-key', severity: 'warning', line: 4, column: 3 },
      { code: 'manifest-unknown-key', severity: 'warning', line: 5, column: 3 },
    ]);
    expect(result.diagnostics[1]?.hint).toMatch(/dev\.openhands/);
  });

  it('reports and ignores a non-object extensions field', () => {
    const text = `{${SCHEMA},\n"name": "a",\n"extensions": ["dev.openhands"]}`;
    const result = parse(text);
    expect(result.ok && result.value.extensions).toBeUndefined();
    expect(findings(text)).toEqual([{ code: 'manifest-extensions-not-object', severity: 'warning', line: 3, column: 15 }]);
  });

  it('rejects a namespace whose value is not an object', () => {
    const text = `{${SCHEMA},\n"name": "a",\n"extensions": {"com.example": true}}`;
    expect(parse(text).ok).toBe(false);
    expect(findings(text)).toEqual([{ code: 'manifest-extension-not-object', severity: 'error', line: 3, column: 31 }]);
  });

  it('passes other namespaces through unvalidated, with a note', () => {
    const text = `{${SCHEMA},\n"name": "a",\n"extensions": {"com.example": {"anything": [1, {"deep": null}]}}}`;
    const result = parse(text);
    expect(result.ok && result.value.extensions).toEqual({ 'com.example': { anything: [1, { deep: null }] } });
    expect(findings(text)).toEqual([{ code: 'manifest-extension-unused', severity: 'info', line: 3, column: 16 }]);
  });

  it('reports what the service ignores in dev.openhands', () => {
    const text = `{${SCHEMA},\n"name": "a",\n"extensions": {"dev.openhands": {\n"entry_command": 7,\n"hooks": "./h.json"}}}`;
    const result = parse(text);
    expect(result.ok).toBe(true);
    expect(result.ok && pluginEntryCommand(result.value)).toBeUndefined();
    expect(findings(text)).toEqual([
      { code: 'manifest-openhands-extension-ignored', severity: 'warning', line: 4, column: 18 },
      { code: 'manifest-openhands-extension-ignored', severity: 'warning', line: 5, column: 1 },
    ]);
    const slash = `{${SCHEMA}, "name": "a", "extensions": {"dev.openhands": {"entry_command": "/run"}}}`;
    expect(findings(slash)).toEqual([
      { code: 'manifest-entry-command-invalid', severity: 'warning', line: 1, column: slash.indexOf(`"/run"`) + 1 },
    ]);
  });

  it('rejects an extra author key', () => {
    const text = `{${SCHEMA}, "name": "a",\n"author": {"name": "Ada",\n  "github": "ada"}}`;
    expect(parse(text).ok).toBe(false);
    expect(findings(text)).toEqual([{ code: 'manifest-author-extra-key', severity: 'error', line: 3, column: 3 }]);
  });

  it.each([
    ['"My-Plugin"', /uppercase/, 'my-plugin'],
    ['"-start"', /starts with "-"/, 'start'],
    ['"has--double"', /"--"/, 'has-double'],
    ['"too.many..dots"', /"\.\."/, 'too.many.dots'],
    ['""', /is empty/, undefined],
    [`"${'a'.repeat(65)}"`, /65 characters/, 'a'.repeat(64)],
    ['"my plugin"', /" "/, 'my-plugin'],
  ])('rejects the name %s', (name, reason, suggestion) => {
    const text = `{${SCHEMA},\n  "name": ${name}}`;
    const result = parse(text);
    expect(result.ok).toBe(false);
    expect(findings(text)).toEqual([{ code: 'manifest-name-invalid', severity: 'error', line: 2, column: 11 }]);
    const found = result.diagnostics.find((item) => item.code === 'manifest-name-invalid');
    expect(found?.message).toMatch(reason);
    if (suggestion) expect(found?.hint).toContain(`"${suggestion}"`);
  });

  it.each(['my-plugin', 'acme.tools', 'lint3r', 'a'])('accepts the name %s', (name) => {
    expect(parse(`{${SCHEMA}, "name": "${name}"}`).ok).toBe(true);
  });

  it('warns, without rejecting, about a name that only the service accepts (a trailing newline)', () => {
    const text = `{${SCHEMA}, "name": "my-plugin\\n"}`;
    expect(parse(text).ok).toBe(true);
    expect(findings(text)).toEqual([{ code: 'manifest-name-invalid', severity: 'warning', line: 1, column: 83 }]);
  });

  it('rejects a missing name and JSON type mismatches', () => {
    expect(findings(`{${SCHEMA}}`)).toEqual([{ code: 'manifest-name-missing', severity: 'error', line: 1, column: 1 }]);
    const text = `{${SCHEMA},\n"name": 1,\n"version": 1.2,\n"keywords": ["a", 2],\n"author": "Ada"}`;
    expect(parse(text).ok).toBe(false);
    expect(findings(text)).toEqual([
      { code: 'manifest-wrong-type', severity: 'error', line: 2, column: 9 },
      { code: 'manifest-wrong-type', severity: 'error', line: 3, column: 12 },
      { code: 'manifest-wrong-type', severity: 'error', line: 4, column: 19 },
      { code: 'manifest-wrong-type', severity: 'error', line: 5, column: 11 },
    ]);
  });

  it('rejects a document that is not an object, and reports invalid JSON', () => {
    expect(parse('["a"]')).toMatchObject({ ok: false, diagnostics: [{ code: 'manifest-not-object', line: 1, column: 1 }] });
    expect(parse('{"name": "a",}')).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-json' }] });
  });

  it('keeps __proto__ as data inside extensions', () => {
    const result = parse(`{${SCHEMA}, "name": "a", "extensions": {"__proto__": {"polluted": true}}}`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.value.extensions ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('needs a file name', () => {
    expect(() => parsePluginManifest('{}', {} as { file: string })).toThrow(TypeError);
  });

  it('has one rule per code, every code prefixed', () => {
    const codes = MANIFEST_RULES.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^manifest-[a-z0-9.-]+$/);
  });
});
