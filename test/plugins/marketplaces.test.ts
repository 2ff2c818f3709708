/**
 * The examples of docs/marketplaces.md, run through the public entry: a marketplace in the shapes
 * real catalogs use, registered, looked up by name, and resolved into a new conversation.
 */
import {
  AmbiguousPluginError,
  checkPluginReference,
  findPlugin,
  formatPluginSource,
  parseMarketplace,
  parseMarketplaceRegistration,
  parsePluginSource,
  type RegisteredMarketplace,
  resolveConversationPlugins,
  resolveMarketplaceSource,
  toAgentServerRegistration,
} from 'agentwire/plugins';
import { describe, expect, it } from 'vitest';

const catalog = `{
  "$schema": "https://anthropic.com/claude-code/marketplace.schema.json",
  "name": "acme-tools",
  "owner": { "name": "Acme Tools Team", "email": "tools@acme.dev" },
  "renames": { "fmt": "formatter" },
  "plugins": [
    { "name": "formatter", "source": "./plugins/formatter" },
    { "name": "hidden", "source": "./.claude/plugins/hidden" },
    { "name": "outside", "source": "../shared/plugin" },
    { "name": "linter", "source": { "source": "github", "repo": "acme/linter", "ref": "v2" } },
    { "name": "scanner", "source": { "source": "git-subdir", "url": "https://github.com/acme/mono.git", "path": "plugins/scanner", "sha": "0123456789abcdef0123456789abcdef01234567" } },
    { "name": "clangd-lsp", "source": "./plugins/clangd-lsp", "strict": false, "lspServers": { "clangd": { "command": "clangd" } } }
  ]
}`;

describe('docs/marketplaces.md, end to end', () => {
  it('parses a marketplace and reports what the service does with each entry', () => {
    const result = parseMarketplace(catalog, { file: '.claude-plugin/marketplace.json' });
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      '5:3 info marketplace-ignored-field',
      '8:35 error marketplace-source-lstrip',
      '9:36 error marketplace-source-escapes-root',
      '11:48 error marketplace-source-unsupported',
      '12:73 info marketplace-strict-ignored',
      '12:80 warning marketplace-inline-components-ignored',
    ]);
  });

  it('resolves a source as the service does and as it should be', () => {
    const result = parseMarketplace(catalog, { file: 'marketplace.json' });
    if (!result.ok) throw new Error('expected a marketplace');
    const hidden = result.value.plugins.find((p) => p.name === 'hidden');
    if (!hidden) throw new Error('expected hidden');
    const resolution = resolveMarketplaceSource(hidden, {
      marketplaceRoot: '/cache/acme-tools',
      marketplace: { source: 'github:acme/tools', ref: 'main' },
    });
    expect(resolution).toEqual({
      service: {
        ok: true,
        source: '/cache/acme-tools/claude/plugins/hidden',
        ref: null,
        repo_path: null,
        opens: '/cache/acme-tools/claude/plugins/hidden',
      },
      correct: {
        ok: true,
        reference: { source: 'github:acme/tools', ref: 'main', repo_path: '.claude/plugins/hidden' },
        folder: '/cache/acme-tools/.claude/plugins/hidden',
      },
      differs: true,
    });
  });

  it('parses sources and checks references', () => {
    const source = parsePluginSource('https://oauth2:TOKEN@gitlab.com/acme/tools');
    expect(source.ok && source.value.display).toBe('https://****@gitlab.com/acme/tools.git');
    expect(source.ok && formatPluginSource(source.value)).toBe('https://oauth2:TOKEN@gitlab.com/acme/tools.git');
    expect(checkPluginReference({ source: '/srv/plugins/x', repo_path: 'sub' }).diagnostics.map((d) => d.code)).toEqual([
      'source-local-path',
      'reference-repo-path-local',
    ]);
  });

  it('registers, finds by name and decides the plugins of a new conversation', () => {
    const registration = parseMarketplaceRegistration(
      { name: 'acme', source: 'github:acme/tools', auto_load: ['formatter', 'scanner'], scope: 'org' },
      { canRegister: (scope) => scope !== 'instance' },
    );
    if (!registration.ok) throw new Error('expected a registration');
    expect(registration.diagnostics.map((d) => d.code)).toEqual(['registration-auto-load-list']);
    expect(toAgentServerRegistration(registration.value)).toEqual({
      name: 'acme',
      source: 'github:acme/tools',
      auto_load: ['formatter', 'scanner'],
    });

    const parsed = parseMarketplace(catalog, { file: 'marketplace.json' });
    if (!parsed.ok) throw new Error('expected a marketplace');
    const acme: RegisteredMarketplace = {
      registration: registration.value,
      marketplace: parsed.value,
      root: '/cache/acme',
      owner: 'acme-org',
    };
    const other: RegisteredMarketplace = { ...acme, registration: { ...registration.value, name: 'mirror' } };

    const found = findPlugin('linter@acme', [acme, other]);
    expect(found.ok && found.resolution.service).toEqual({ ok: true, source: 'github:acme/linter', ref: 'v2', repo_path: null });
    const ambiguous = findPlugin('linter', [acme, other]);
    expect(!ambiguous.ok && ambiguous.error).toBeInstanceOf(AmbiguousPluginError);

    const plugins = resolveConversationPlugins({
      scope: { user: 'ada', org: 'acme-org' },
      registrations: [acme],
      attachments: [{ reference: { source: 'github:ada/tools', repo_path: 'plugins/formatter' }, via: 'launch-link' }],
    });
    expect(plugins.plugins.filter((p) => p.reason !== 'not-auto-loaded').map((p) => [p.name, p.layer, p.included, p.reason])).toEqual([
      ['formatter', 'marketplace', false, 'shadowed'],
      ['scanner', 'marketplace', false, 'unresolvable'],
      ['formatter', 'attachment', true, 'attachment'],
    ]);
    expect(plugins.needsTrust).toBe(true);
    expect(resolveConversationPlugins({ scope: { user: 'ada', org: 'acme-org' }, registrations: [acme], running: true }).loaded).toEqual(
      [],
    );
  });
});
