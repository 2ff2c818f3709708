import { describe, expect, it } from 'vitest';
import { parseMarketplace } from './marketplace';
import type { Marketplace } from './marketplace-types';
import type { RegisteredMarketplace } from './plugin-specifier';
import type { MarketplaceRegistration } from './registration';
import { type ConversationPlugins, pluginNameOf, resolveConversationPlugins } from './resolve-plugins';

function marketplace(plugins: Record<string, unknown>[]): Marketplace {
  const parsed = parseMarketplace(JSON.stringify({ name: 'm', owner: { name: 'o' }, plugins }), { file: 'm.json' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.value;
}

function registered(
  registration: Partial<MarketplaceRegistration> & { name: string },
  plugins: Record<string, unknown>[],
  owner?: string,
): RegisteredMarketplace {
  const full: MarketplaceRegistration = { source: `github:acme/${registration.name}`, auto_load: false, ...registration };
  return {
    registration: full,
    marketplace: marketplace(plugins),
    root: `/cache/${registration.name}`,
    ...(owner === undefined ? {} : { owner }),
  };
}

const summary = (result: ConversationPlugins) => result.plugins.map((p) => [p.name, p.layer, p.included, p.reason]);
const scope = { user: 'ada', org: 'acme' };

describe('resolveConversationPlugins', () => {
  it('registering alone loads nothing', () => {
    const result = resolveConversationPlugins({
      scope,
      registrations: [registered({ name: 'team', scope: 'personal' }, [{ name: 'fmt', source: './fmt' }], 'ada')],
    });
    expect(summary(result)).toEqual([['fmt', 'marketplace', false, 'not-auto-loaded']]);
    expect(result.plugins[0]?.message).toContain('registering alone loads nothing');
    expect(result.loaded).toEqual([]);
  });

  it('Auto-Load adds all plugins, or the listed ones, without a trust prompt', () => {
    const all = registered({ name: 'all', auto_load: true, scope: 'instance' }, [
      { name: 'a', source: './a' },
      { name: 'b', source: { source: 'github', repo: 'acme/b', ref: 'v1' } },
    ]);
    const some = registered(
      { name: 'some', auto_load: ['d'], scope: 'org' },
      [
        { name: 'c', source: './c' },
        { name: 'd', source: './d' },
      ],
      'acme',
    );
    const result = resolveConversationPlugins({ scope, registrations: [all, some] });
    expect(summary(result)).toEqual([
      ['a', 'marketplace', true, 'auto-load'],
      ['b', 'marketplace', true, 'auto-load'],
      ['c', 'marketplace', false, 'not-auto-loaded'],
      ['d', 'marketplace', true, 'auto-load'],
    ]);
    expect(result.needsTrust).toBe(false);
    expect(result.plugins[0]?.reference).toEqual({ source: '/cache/all/a' });
    expect(result.plugins[1]?.reference).toEqual({ source: 'github:acme/b', ref: 'v1' });
  });

  it('applies personal registrations to their owner, org ones to their organization', () => {
    const mine = registered({ name: 'mine', auto_load: true, scope: 'personal' }, [{ name: 'p', source: './p' }], 'ada');
    const theirs = registered({ name: 'theirs', auto_load: true, scope: 'personal' }, [{ name: 'q', source: './q' }], 'bob');
    const otherOrg = registered({ name: 'other', auto_load: true, scope: 'org' }, [{ name: 'r', source: './r' }], 'globex');
    const ownerless = registered({ name: 'ownerless', auto_load: true, scope: 'org' }, [{ name: 's', source: './s' }]);
    const direct = registered({ name: 'direct', auto_load: true }, [{ name: 't', source: './t' }]);
    const result = resolveConversationPlugins({ scope: { user: 'ada' }, registrations: [mine, theirs, otherOrg, ownerless, direct] });
    expect(summary(result)).toEqual([
      ['p', 'marketplace', true, 'auto-load'],
      ['q', 'marketplace', false, 'out-of-scope'],
      ['r', 'marketplace', false, 'out-of-scope'],
      ['s', 'marketplace', false, 'out-of-scope'],
      ['t', 'marketplace', true, 'auto-load'],
    ]);
  });

  it('layers the instance catalog, marketplaces and attachments; later ones shadow by name', () => {
    const instanceCatalog = {
      name: 'extensions',
      marketplace: marketplace([
        { name: 'github', source: './skills/github', defaultEnabled: true },
        { name: 'jira', source: './skills/jira' },
        { name: 'review', source: './plugins/review', defaultEnabled: true },
      ]),
      root: '/cache/extensions',
    };
    const team = registered({ name: 'team', auto_load: true }, [{ name: 'review', source: './review' }]);
    const result = resolveConversationPlugins({
      scope,
      instanceCatalog,
      registrations: [team],
      attachments: [{ reference: { source: 'github:ada/github-tools', repo_path: 'plugins/github' }, via: 'launch-link' }],
    });
    expect(summary(result)).toEqual([
      ['github', 'instance', false, 'shadowed'],
      ['jira', 'instance', false, 'not-enabled'],
      ['review', 'instance', false, 'shadowed'],
      ['review', 'marketplace', true, 'auto-load'],
      ['github', 'attachment', true, 'attachment'],
    ]);
    expect(result.plugins[2]?.shadowedBy).toEqual({ name: 'review', layer: 'marketplace', marketplace: 'team' });
    expect(result.plugins[3]?.shadows).toEqual({ name: 'review', layer: 'instance', marketplace: 'extensions' });
    expect(result.plugins[4]).toMatchObject({
      needsTrust: true,
      via: 'launch-link',
      shadows: { name: 'github', layer: 'instance', marketplace: 'extensions' },
    });
    expect(result.loaded.map((p) => `${p.layer}:${p.name}`)).toEqual(['marketplace:review', 'attachment:github']);
    expect(result.needsTrust).toBe(true);
  });

  it('enables instance catalog entries by list or all at once', () => {
    const catalog = (enabled: boolean | string[]) => ({
      name: 'c',
      marketplace: marketplace([
        { name: 'a', source: './a' },
        { name: 'b', source: './b' },
      ]),
      enabled,
    });
    expect(resolveConversationPlugins({ scope, instanceCatalog: catalog(['b']) }).loaded.map((p) => p.name)).toEqual(['b']);
    expect(resolveConversationPlugins({ scope, instanceCatalog: catalog(true) }).loaded.map((p) => p.name)).toEqual(['a', 'b']);
    expect(resolveConversationPlugins({ scope, instanceCatalog: catalog(false) }).loaded).toEqual([]);
  });

  it('reports a source the service cannot resolve, with the working alternative', () => {
    const team = registered({ name: 'team', auto_load: true }, [
      { name: 'semgrep', source: { source: 'git-subdir', url: 'https://github.com/semgrep/mcp.git', path: 'plugin' } },
    ]);
    const result = resolveConversationPlugins({ scope, registrations: [team] });
    expect(summary(result)).toEqual([['semgrep', 'marketplace', false, 'unresolvable']]);
    expect(result.plugins[0]?.message).toContain('missing required field');
    expect(result.plugins[0]?.message).toContain('"repo_path":"plugin"');
  });

  it('reports an attachment the service cannot fetch', () => {
    const result = resolveConversationPlugins({
      scope,
      attachments: [{ reference: { source: 'github:o/r', repo_path: '../x' }, via: 'api', name: 'x' }],
    });
    expect(summary(result)).toEqual([['x', 'attachment', false, 'invalid-reference']]);
  });

  it('adds nothing to a running conversation, saying why', () => {
    const team = registered({ name: 'team', auto_load: true }, [{ name: 'a', source: './a' }]);
    const result = resolveConversationPlugins({
      scope,
      running: true,
      registrations: [team],
      attachments: [{ reference: { source: 'github:o/r' }, via: 'plugin-directory' }],
    });
    expect(summary(result)).toEqual([
      ['a', 'marketplace', false, 'running'],
      ['r', 'attachment', false, 'running'],
    ]);
    expect(result.plugins[0]?.message).toContain('already running');
    expect(result.loaded).toEqual([]);
    expect(result.needsTrust).toBe(false);
  });

  it('needs the conversation scope', () => {
    expect(() => resolveConversationPlugins({} as never)).toThrow(TypeError);
  });
});

describe('pluginNameOf', () => {
  it('takes the last folder of repo_path, else the repository or folder name', () => {
    expect(pluginNameOf({ source: 'github:o/r', repo_path: 'plugins/pr-review/' })).toBe('pr-review');
    expect(pluginNameOf({ source: 'github:o/city-weather' })).toBe('city-weather');
    expect(pluginNameOf({ source: 'https://gitlab.com/o/tools.git' })).toBe('tools');
    expect(pluginNameOf({ source: 'git@host:o/x.git' })).toBe('x');
    expect(pluginNameOf({ source: '/srv/plugins/local/' })).toBe('local');
  });
});
