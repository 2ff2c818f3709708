import { describe, expect, it } from 'vitest';
import { parseMarketplace } from './marketplace';

const lines = (...rows: string[]) => rows.join('\n');
const head = ['{', '  "name": "team-tools",', '  "owner": { "name": "Tools Team" },'];
/** A marketplace whose plugins are the given rows, from line 5 on. */
const withPlugins = (...rows: string[]) => lines(...head, '  "plugins": [', ...rows, '  ]', '}');
const parse = (text: string) => parseMarketplace(text, { file: 'marketplace.json' });

function at(text: string, line: number, token: string): { line: number; column: number } {
  const row = text.split('\n')[line - 1] ?? '';
  const index = row.indexOf(token);
  if (index < 0 || row.indexOf(token, index + 1) >= 0) throw new Error(`"${token}" must occur once on line ${line}`);
  return { line, column: index + 1 };
}

/** The fixture's diagnostics as [code, severity, line, column]. */
const found = (text: string) => parse(text).diagnostics.map((d) => [d.code, d.severity, d.line, d.column]);
const expected = (text: string, line: number, token: string, code: string, severity: string) => {
  const { column } = at(text, line, token);
  return [code, severity, line, column];
};

describe('plugin sources the service cannot load', () => {
  it('git-subdir (83 entries of a large public catalog): error, and the url + path form to use', () => {
    const text = withPlugins(
      '    { "name": "semgrep", "source": { "source": "git-subdir", "url": "https://github.com/semgrep/mcp-marketplace.git", "path": "plugin", "ref": "v1", "sha": "426442e17e135a302b220e43b57c102cb33b39bb" } }',
    );
    const result = parse(text);
    expect(result.ok).toBe(true);
    expect(found(text)).toEqual([expected(text, 5, '"git-subdir"', 'marketplace-source-unsupported', 'error')]);
    expect(result.diagnostics[0]?.hint).toBe(
      'Write {"source": "url", "url": "https://github.com/semgrep/mcp-marketplace.git", "path": "plugin", "ref": "426442e17e135a302b220e43b57c102cb33b39bb"}.',
    );
    expect(result.ok && result.value.plugins[0]?.source).toEqual({
      kind: 'git-subdir',
      source: 'git-subdir',
      url: 'https://github.com/semgrep/mcp-marketplace.git',
      path: 'plugin',
      ref: 'v1',
      sha: '426442e17e135a302b220e43b57c102cb33b39bb',
      extra: {},
    });
  });

  it('local (Codex catalogs), npm, pip and unknown kinds', () => {
    const text = withPlugins(
      '    { "name": "a", "source": { "source": "local", "path": "./plugins/a" } },',
      '    { "name": "b", "source": { "source": "npm", "package": "@acme/b", "version": "1.2.0" } },',
      '    { "name": "c", "source": { "source": "pip", "package": "acme-c" } },',
      '    { "name": "d", "source": { "source": "hg", "where": "x" } }',
    );
    const result = parse(text);
    expect(found(text)).toEqual([
      expected(text, 5, '"local"', 'marketplace-source-unsupported', 'error'),
      expected(text, 6, '"npm"', 'marketplace-source-unsupported', 'error'),
      expected(text, 7, '"pip"', 'marketplace-source-unsupported', 'error'),
      expected(text, 8, '"hg"', 'marketplace-source-unsupported', 'error'),
    ]);
    expect(result.diagnostics[0]?.hint).toBe('Write the source as the text "./plugins/a".');
    expect(result.ok && result.value.plugins.map((p) => p.source)).toEqual([
      { kind: 'local', source: 'local', path: './plugins/a', extra: {} },
      { kind: 'npm', source: 'npm', package: '@acme/b', version: '1.2.0', extra: {} },
      { kind: 'pip', source: 'pip', package: 'acme-c', extra: {} },
      { kind: 'other', source: 'hg', extra: { where: 'x' } },
    ]);
  });
});

describe('the lstrip("./") path bug', () => {
  it('marketplace-source-lstrip: a dot folder loses its dot', () => {
    const text = withPlugins('    { "name": "x", "source": "./.claude/plugins/x" }');
    expect(found(text)).toEqual([expected(text, 5, '"./.claude/plugins/x"', 'marketplace-source-lstrip', 'error')]);
    expect(parse(text).diagnostics[0]?.message).toContain('opens <marketplace>/claude/plugins/x');
  });

  it('marketplace-source-escapes-root: ../x, and inner .. parts', () => {
    const text = withPlugins('    { "name": "x", "source": "../x" },', '    { "name": "y", "source": "plugins/../../y" }');
    expect(found(text)).toEqual([
      expected(text, 5, '"../x"', 'marketplace-source-escapes-root', 'error'),
      expected(text, 6, '"plugins/../../y"', 'marketplace-source-escapes-root', 'error'),
    ]);
    const [first, second] = parse(text).diagnostics;
    expect(first?.message).toContain('the service opens <marketplace>/x');
    expect(second?.message).toContain('a folder outside the marketplace');
  });

  it('leaves plain relative paths alone', () => {
    const text = withPlugins(
      '    { "name": "x", "source": "./plugins/x" },',
      '    { "name": "y", "source": "plugins/y/" },',
      '    { "name": "z", "source": "./" }',
    );
    expect(found(text)).toEqual([]);
  });

  it('marketplace-source-absolute', () => {
    const text = withPlugins('    { "name": "x", "source": "/opt/plugins/x" },', '    { "name": "y", "source": "~/plugins/y" }');
    expect(found(text)).toEqual([
      expected(text, 5, '"/opt/plugins/x"', 'marketplace-source-absolute', 'error'),
      expected(text, 6, '"~/plugins/y"', 'marketplace-source-absolute', 'error'),
    ]);
  });

  it('marketplace-source-shorthand-string: github:o/r is a folder name', () => {
    const text = withPlugins('    { "name": "x", "source": "github:owner/repo" }');
    expect(found(text)).toEqual([expected(text, 5, '"github:owner/repo"', 'marketplace-source-shorthand-string', 'error')]);
  });

  it('marketplace-source-url-string, with the source rules of the URL', () => {
    const text = withPlugins(
      '    { "name": "x", "source": "https://github.com/o/r.git" },',
      '    { "name": "y", "source": "ssh://git@host/o/r" }',
    );
    expect(found(text)).toEqual([
      expected(text, 5, '"https://github.com/o/r.git"', 'marketplace-source-url-string', 'warning'),
      expected(text, 6, '"ssh://git@host/o/r"', 'marketplace-source-invalid', 'error'),
      expected(text, 6, '"ssh://git@host/o/r"', 'marketplace-source-url-string', 'warning'),
    ]);
  });

  it('marketplace-plugin-root-ignored: bare names under metadata.pluginRoot', () => {
    const text = lines(
      ...head,
      '  "metadata": { "pluginRoot": "./plugins" },',
      '  "plugins": [',
      '    { "name": "x", "source": "formatter" }',
      '  ]',
      '}',
    );
    expect(found(text)).toEqual([expected(text, 6, '"formatter"', 'marketplace-plugin-root-ignored', 'warning')]);
    expect(parse(text).diagnostics[0]?.message).toContain(
      'Claude Code opens <marketplace>/plugins/formatter, the service opens <marketplace>/formatter',
    );
    const unused = lines(
      ...head,
      '  "metadata": { "pluginRoot": "./skills" },',
      '  "plugins": [',
      '    { "name": "x", "source": "./skills/x" }',
      '  ]',
      '}',
    );
    expect(found(unused)).toEqual([expected(unused, 4, '"pluginRoot"', 'marketplace-ignored-field', 'info')]);
  });
});

describe('github and url source objects', () => {
  it('marketplace-source-sha-ignored, with the ref to write', () => {
    const text = withPlugins(
      '    { "name": "x", "source": { "source": "url", "url": "https://github.com/o/r.git", "sha": "d16d14ac7f817336e21bf9392cf51b6cac6194d8" } }',
    );
    expect(found(text)).toEqual([
      expected(text, 5, '"d16d14ac7f817336e21bf9392cf51b6cac6194d8"', 'marketplace-source-sha-ignored', 'warning'),
    ]);
    expect(parse(text).diagnostics[0]?.hint).toBe('Write "ref": "d16d14ac7f817336e21bf9392cf51b6cac6194d8".');
  });

  it('marketplace-source-invalid: a repo that is not owner/repo, a url that is not git', () => {
    const text = withPlugins(
      '    { "name": "x", "source": { "source": "github", "repo": "o/r/plugins/x" } },',
      '    { "name": "y", "source": { "source": "url", "url": "o/r" } }',
    );
    expect(found(text)).toEqual([
      expected(text, 5, '"o/r/plugins/x"', 'marketplace-source-invalid', 'error'),
      expected(text, 6, '"o/r"', 'marketplace-source-invalid', 'error'),
    ]);
    expect(parse(text).ok).toBe(true);
  });

  it('marketplace-source-path-invalid', () => {
    const text = withPlugins(
      '    { "name": "x", "source": { "source": "url", "url": "https://github.com/o/r.git", "path": "../x" } },',
      '    { "name": "y", "source": { "source": "github", "repo": "o/r", "path": "/abs" } }',
    );
    expect(found(text)).toEqual([
      expected(text, 5, '"../x"', 'marketplace-source-path-invalid', 'error'),
      expected(text, 6, '"/abs"', 'marketplace-source-path-invalid', 'error'),
    ]);
  });

  it('credentials in a url stay out of messages', () => {
    const text = withPlugins('    { "name": "x", "source": { "source": "url", "url": "https://oauth2:SECRET@gitlab.com/o/r.git" } }');
    expect(found(text)).toEqual([expected(text, 5, '"https://oauth2:SECRET@gitlab.com/o/r.git"', 'source-credentials', 'warning')]);
    expect(JSON.stringify(parse(text).diagnostics)).not.toContain('SECRET');
  });

  it('a source object with a wrong field type rejects the whole marketplace', () => {
    const text = withPlugins('    { "name": "x", "source": { "source": "github", "repo": "o/r", "ref": 1 } }');
    expect(found(text)).toEqual([
      expected(text, 5, ' 1 }', 'marketplace-wrong-type', 'error').map((v, i) => (i === 3 ? (v as number) + 1 : v)),
    ]);
    expect(parse(text).ok).toBe(false);
  });
});

describe('entry fields the service ignores', () => {
  it('marketplace-strict-ignored and marketplace-inline-components-ignored (LSP plugins of a large catalog)', () => {
    const text = withPlugins(
      '    { "name": "clangd-lsp", "source": "./plugins/clangd-lsp", "strict": false, "lspServers": { "clangd": { "command": "clangd" } } }',
    );
    expect(found(text)).toEqual([
      expected(text, 5, 'false', 'marketplace-strict-ignored', 'info'),
      expected(text, 5, '"lspServers"', 'marketplace-inline-components-ignored', 'warning'),
    ]);
    const result = parse(text);
    expect(result.ok && result.value.plugins[0]).toMatchObject({ strict: false, lspServers: { clangd: { command: 'clangd' } } });
  });

  it('reads mcp_config as mcpServers', () => {
    const result = parse(withPlugins('    { "name": "x", "source": "./x", "mcp_config": { "s": { "command": "run" } } }'));
    expect(result.ok && result.value.plugins[0]?.mcpServers).toEqual({ s: { command: 'run' } });
  });
});

describe('standalone skills', () => {
  const withSkills = (...rows: string[]) => lines(...head, '  "skills": [', ...rows, '  ]', '}');

  it('marketplace-skill-source-invalid and the path rules, resolved without the plugin bug', () => {
    const text = withSkills(
      '    { "name": "a", "source": "https://gitlab.com/o/r" },',
      '    { "name": "b", "source": "https://github.com/o/r/tree/main/skills/b" },',
      '    { "name": "c", "source": "../c" },',
      '    { "name": "d", "source": "./.agents/skills/d" },',
      '    { "name": "e", "source": "file:///srv/skills/e" },',
      '    { "name": "f", "source": "github:o/r" }',
    );
    expect(found(text)).toEqual([
      expected(text, 5, '"https://gitlab.com/o/r"', 'marketplace-skill-source-invalid', 'error'),
      expected(text, 7, '"../c"', 'marketplace-source-escapes-root', 'error'),
      expected(text, 9, '"file:///srv/skills/e"', 'marketplace-source-absolute', 'warning'),
      expected(text, 10, '"github:o/r"', 'marketplace-source-shorthand-string', 'error'),
    ]);
  });

  it('a skill source object rejects the whole marketplace', () => {
    const text = withSkills('    { "name": "a", "source": { "source": "github", "repo": "o/r" } }');
    expect(found(text)).toEqual([expected(text, 5, '{ "source"', 'marketplace-wrong-type', 'error')]);
    expect(parse(text).ok).toBe(false);
  });
});
