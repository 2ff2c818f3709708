import { describe, expect, it } from 'vitest';
import { parseMarketplace } from './marketplace';
import {
  AmbiguousPluginError,
  findPlugin,
  findPluginOrThrow,
  MarketplaceNotFoundError,
  PluginNotFoundError,
  PluginResolutionError,
  parsePluginSpecifier,
  type RegisteredMarketplace,
} from './plugin-specifier';

function registered(name: string, plugins: Record<string, unknown>[], source = `github:acme/${name}`): RegisteredMarketplace {
  const parsed = parseMarketplace(JSON.stringify({ name: `${name}-file`, owner: { name: 'o' }, plugins }), { file: `${name}.json` });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
  return { registration: { name, source, auto_load: false }, marketplace: parsed.value, root: `/cache/${name}` };
}

const team = registered('team', [
  { name: 'formatter', source: './plugins/formatter' },
  { name: 'linter', source: { source: 'github', repo: 'acme/linter', ref: 'v1' } },
  { name: 'subdir', source: { source: 'git-subdir', url: 'https://github.com/acme/mono.git', path: 'p' } },
]);
const community = registered('community', [
  { name: 'formatter', source: './formatter' },
  { name: 'theme', source: './theme' },
]);

describe('parsePluginSpecifier', () => {
  it('splits on the last @', () => {
    expect(parsePluginSpecifier('formatter@team')).toEqual({
      ok: true,
      value: { plugin: 'formatter', marketplace: 'team' },
      diagnostics: [],
    });
    expect(parsePluginSpecifier('@scope/pkg@team')).toEqual({
      ok: true,
      value: { plugin: '@scope/pkg', marketplace: 'team' },
      diagnostics: [],
    });
    expect(parsePluginSpecifier('formatter')).toEqual({ ok: true, value: { plugin: 'formatter' }, diagnostics: [] });
  });

  it('reference-specifier-invalid', () => {
    for (const text of ['', '@team', 'formatter@']) {
      expect(parsePluginSpecifier(text, { file: 'cli' })).toMatchObject({
        ok: false,
        diagnostics: [{ code: 'reference-specifier-invalid', severity: 'error', file: 'cli' }],
      });
    }
  });
});

describe('findPlugin', () => {
  it('finds plugin@marketplace by registration name, with both resolutions of its source', () => {
    const result = findPlugin('formatter@team', [team, community]);
    if (!result.ok) throw result.error;
    expect(result.plugin.name).toBe('formatter');
    expect(result.marketplace.registration.name).toBe('team');
    expect(result.resolution).toEqual({
      service: { ok: true, source: '/cache/team/plugins/formatter', ref: null, repo_path: null, opens: '/cache/team/plugins/formatter' },
      correct: {
        ok: true,
        reference: { source: 'github:acme/team', repo_path: 'plugins/formatter' },
        folder: '/cache/team/plugins/formatter',
      },
      differs: false,
    });
  });

  it('finds a bare name present in one marketplace', () => {
    const result = findPluginOrThrow('linter', [team, community]);
    expect(result.resolution.service).toEqual({ ok: true, source: 'github:acme/linter', ref: 'v1', repo_path: null });
  });

  it('reports a name found in several marketplaces as ambiguous', () => {
    const result = findPlugin('formatter', [team, community]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(AmbiguousPluginError);
    expect(result.error).toBeInstanceOf(PluginResolutionError);
    expect(result.error).toMatchObject({ pluginName: 'formatter', matchingMarketplaces: ['team', 'community'] });
    expect(result.error.message).toBe(
      "Plugin 'formatter' is ambiguous; found in multiple marketplaces: team, community. Use 'formatter@<marketplace-name>'.",
    );
  });

  it('reports missing plugins and marketplaces', () => {
    const missing = findPlugin('nothing', [team]);
    expect(!missing.ok && missing.error).toBeInstanceOf(PluginNotFoundError);
    expect(!missing.ok && missing.error.message).toBe("Plugin 'nothing' not found in any registered marketplace");
    const inOne = findPlugin('theme@team', [team, community]);
    expect(!inOne.ok && inOne.error).toMatchObject({ pluginName: 'theme', marketplaceName: 'team' });
    const noMarket = findPlugin('theme@elsewhere', [team]);
    expect(!noMarket.ok && noMarket.error).toBeInstanceOf(MarketplaceNotFoundError);
    expect(() => findPluginOrThrow('theme@elsewhere', [team])).toThrow("Marketplace 'elsewhere' is not registered");
  });

  it('refuses duplicate registration names and invalid specifiers as results', () => {
    const duplicate = findPlugin('theme', [community, community]);
    expect(!duplicate.ok && duplicate.error.message).toBe('Duplicate marketplace registration: community');
    const invalid = findPlugin('theme@', [community]);
    expect(!invalid.ok && invalid.error).toBeInstanceOf(PluginResolutionError);
  });

  it('finds a plugin the service cannot resolve, and says so in the resolution', () => {
    const result = findPluginOrThrow({ plugin: 'subdir', marketplace: 'team' }, [team]);
    expect(result.resolution.service.ok).toBe(false);
    expect(result.resolution.correct).toEqual({ ok: true, reference: { source: 'https://github.com/acme/mono.git', repo_path: 'p' } });
  });
});
