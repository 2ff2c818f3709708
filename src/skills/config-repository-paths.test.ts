import { describe, expect, it } from 'vitest';
import { configRepositoryPaths, gitHostKind } from './config-repository-paths';

describe('configRepositoryPaths', () => {
  it('gives GitHub-style hosts every dotted name in load order, the last one winning', () => {
    expect(configRepositoryPaths({ host: 'github.com', owner: 'acme' })).toEqual([
      { path: 'acme/.agents', url: 'https://github.com/acme/.agents.git', kind: 'github', legacy: false },
    ]);
    expect(configRepositoryPaths({ host: 'github.com', owner: 'acme', preset: 'openhands' })).toEqual([
      { path: 'acme/.openhands', url: 'https://github.com/acme/.openhands.git', kind: 'github', legacy: true },
      { path: 'acme/.agents', url: 'https://github.com/acme/.agents.git', kind: 'github', legacy: false },
    ]);
    expect(configRepositoryPaths({ host: 'bitbucket.org', owner: 'team', preset: 'openhands' }).map((entry) => entry.url)).toEqual([
      'https://bitbucket.org/team/.openhands.git',
      'https://bitbucket.org/team/.agents.git',
    ]);
  });

  it('gives GitLab one repository per group, subgroups included', () => {
    expect(configRepositoryPaths({ host: 'gitlab.com', owner: 'group/sub' })).toEqual([
      { path: 'group/sub/service-config', url: 'https://gitlab.com/group/sub/service-config.git', kind: 'gitlab', legacy: false },
    ]);
    expect(configRepositoryPaths({ host: 'git.example.com', owner: 'g', kind: 'gitlab', preset: 'openhands' })).toEqual([
      { path: 'g/openhands-config', url: 'https://git.example.com/g/openhands-config.git', kind: 'gitlab', legacy: false },
    ]);
  });

  it('gives Azure DevOps the project and repository of the preset', () => {
    expect(configRepositoryPaths({ host: 'dev.azure.com', owner: 'org', preset: 'openhands' })).toEqual([
      {
        path: 'org/openhands-config/openhands-config',
        url: 'https://dev.azure.com/org/openhands-config/_git/openhands-config',
        kind: 'azure',
        legacy: false,
      },
    ]);
    expect(configRepositoryPaths({ host: 'org.visualstudio.com', owner: 'org' })[0]?.url).toBe(
      'https://org.visualstudio.com/service-config/_git/service-config',
    );
  });

  it('puts owners under a base URL when given one', () => {
    expect(configRepositoryPaths({ host: 'git.example.com', owner: 'acme', baseUrl: 'https://git.example.com/scm/' })[0]?.url).toBe(
      'https://git.example.com/scm/acme/.agents.git',
    );
    expect(configRepositoryPaths({ host: 'github.com', owner: 'acme', baseUrl: 'file:///srv/git' })[0]?.url).toBe(
      'file:///srv/git/acme/.agents.git',
    );
  });

  it('refuses hosts and owners that are not names', () => {
    const refused: [string, string, ('gitlab' | undefined)?][] = [
      ['github.com', '../x'],
      ['github.com', 'a/b'],
      ['github.com', '-acme'],
      ['github.com', ''],
      ['github.com', 'acme?x'],
      ['github.com', 'a b'],
      ['gitlab.com', 'group//sub', 'gitlab'],
      ['gitlab.com', 'group/../x', 'gitlab'],
      ['github.com/evil', 'acme'],
      ['-oProxyCommand=x', 'acme'],
      ['user@github.com', 'acme'],
    ];
    for (const [host, owner, kind] of refused) {
      expect(() => configRepositoryPaths({ host, owner, ...(kind && { kind }) }), `${host} ${owner}`).toThrow(
        expect.objectContaining({ code: 'invalid-owner' }),
      );
    }
    expect(() => configRepositoryPaths({ host: 'github.com', owner: 'acme', baseUrl: 'ext::sh' })).toThrow(
      expect.objectContaining({ code: 'unsafe-url' }),
    );
  });
});

describe('gitHostKind', () => {
  it('knows the public hosts and treats the rest as GitHub-style', () => {
    expect(gitHostKind('gitlab.com')).toBe('gitlab');
    expect(gitHostKind('GitLab.com:443')).toBe('gitlab');
    expect(gitHostKind('dev.azure.com')).toBe('azure');
    expect(gitHostKind('acme.visualstudio.com')).toBe('azure');
    expect(gitHostKind('github.com')).toBe('github');
    expect(gitHostKind('bitbucket.org')).toBe('github');
    expect(gitHostKind('gitlab.example.com')).toBe('github');
  });
});
