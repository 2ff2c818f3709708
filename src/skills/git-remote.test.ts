import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigRepositoryError } from './config-repository-error';
import { cachePath, cacheSegment, parseGitRemote } from './git-remote';

const codeOf = (url: string) => {
  try {
    parseGitRemote(url);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigRepositoryError);
    return (error as ConfigRepositoryError).code;
  }
};

describe('parseGitRemote', () => {
  it('splits https, ssh, scp-like and file URLs into host and path', () => {
    expect(parseGitRemote('https://github.com/acme/.agents.git')).toEqual({
      url: 'https://github.com/acme/.agents.git',
      scheme: 'https',
      host: 'github.com',
      segments: ['acme', '.agents'],
      origin: 'https://github.com/',
    });
    expect(parseGitRemote('https://GitLab.example.com:8443/group/sub/service-config.git')).toMatchObject({
      host: 'gitlab.example.com:8443',
      segments: ['group', 'sub', 'service-config'],
      origin: 'https://gitlab.example.com:8443/',
    });
    expect(parseGitRemote('https://dev.azure.com/org/service-config/_git/service-config')).toMatchObject({
      segments: ['org', 'service-config', '_git', 'service-config'],
    });
    expect(parseGitRemote('ssh://git@github.com:22/acme/.agents.git')).toEqual({
      url: 'ssh://git@github.com:22/acme/.agents.git',
      scheme: 'ssh',
      host: 'github.com:22',
      segments: ['acme', '.agents'],
    });
    expect(parseGitRemote('git@github.com:acme/.agents.git')).toEqual({
      url: 'git@github.com:acme/.agents.git',
      scheme: 'ssh',
      host: 'github.com',
      segments: ['acme', '.agents'],
    });
    expect(parseGitRemote('file:///srv/git/acme/.agents.git')).toEqual({
      url: 'file:///srv/git/acme/.agents.git',
      scheme: 'file',
      host: '',
      segments: ['srv', 'git', 'acme', '.agents'],
    });
    expect(parseGitRemote('http://127.0.0.1:9418/acme/x.git')).toMatchObject({ scheme: 'http', origin: 'http://127.0.0.1:9418/' });
    expect(parseGitRemote('http://localhost/acme/x')).toMatchObject({ scheme: 'http', segments: ['acme', 'x'] });
  });

  it('refuses anything git could read as an option, a transport helper or a local path', () => {
    const refused = [
      '--upload-pack=touch /tmp/x',
      '-oProxyCommand=touch /tmp/x',
      '-u',
      'ext::sh -c touch% /tmp/x',
      'ext::sh',
      'fd::0',
      'transport::anything',
      'ssh://-oProxyCommand=touch%20x/acme/repo',
      'ssh://host/-path',
      'git@-oProxyCommand=x:repo',
      'host:-repo',
      '-host:repo',
      'C:\\repos\\x',
      'c:/repos/x',
      '/srv/git/x.git',
      './x',
      '../x',
      'x',
      'git://github.com/acme/x',
      'ftp://example.com/x',
      'http://github.com/acme/x.git',
      'https://github.com/acme/x.git?upload-pack=x',
      'https://github.com/acme/x.git#frag',
      'https://github.com/acme/x .git',
      'https://github.com/acme/x\n.git',
      'file://otherhost/srv/x',
      'https://github.com/',
      'https://-github.com/acme/x',
      '',
      `https://github.com/${'a'.repeat(3000)}`,
    ];
    for (const url of refused) expect(codeOf(url), url).toBe('unsafe-url');
  });

  it('refuses credentials in http(s) URLs without repeating them', () => {
    for (const url of ['https://ghp_abc@github.com/acme/x.git', 'https://user:pass@github.com/acme/x.git', 'ssh://git:pass@host/x']) {
      expect(codeOf(url), url).toBe('credentials-in-url');
      expect(() => parseGitRemote(url)).toThrow(/pass the token through/);
      try {
        parseGitRemote(url);
      } catch (error) {
        expect((error as Error).message).not.toMatch(/ghp_abc|pass@/);
      }
    }
  });
});

describe('cachePath', () => {
  const cacheDir = join(sep, 'cache');
  const inside = (url: string) => {
    const path = cachePath(cacheDir, parseGitRemote(url));
    const rel = relative(cacheDir, path);
    expect(rel.startsWith('..'), url).toBe(false);
    expect(rel.split(sep)).toHaveLength(3);
    return rel.split(sep);
  };

  it('keys the cache by host, owner and repository', () => {
    expect(inside('https://github.com/acme/.agents.git')).toEqual(['github.com', 'acme', '.agents']);
    expect(inside('git@github.com:acme/.agents')).toEqual(['github.com', 'acme', '.agents']);
    expect(inside('https://gitlab.example.com:8443/group/sub/service-config.git')).toEqual([
      'gitlab.example.com%3A8443',
      'group+sub',
      'service-config',
    ]);
    expect(inside('file:///srv/git/acme/.agents.git')).toEqual(['~file', 'srv+git+acme', '.agents']);
  });

  it('never leaves the cache folder and never gives two owners one folder', () => {
    // The URL parser resolves dot segments of URLs; scp-like paths keep them, encoded.
    expect(inside('ssh://host/../../etc/x')).toEqual(['host', 'etc', 'x']);
    expect(inside('git@host:../../../x')).toEqual(['host', '~%2E%2E+~%2E%2E+~%2E%2E', 'x']);
    expect(inside('https://host/a%2F..%2F..%2Fb/c')).toEqual(['host', 'a%2F..%2F..%2Fb', 'c']);
    expect(inside('ssh://host/%2E%2E/x')).toEqual(['host', '~', 'x']);
    expect(inside('git@host:x/..')).toEqual(['host', 'x', '~%2E%2E']);
    expect(inside('git@host:./x')).toEqual(['host', '~%2E', 'x']);
    expect(() => parseGitRemote('ssh://host/x/..')).toThrow(expect.objectContaining({ code: 'unsafe-url' }));
    expect(inside('ssh://host/a+b/c')[1]).not.toBe(inside('ssh://host/a/b/c')[1]);
    expect(inside('https://host/r%C3%A9po/x')).toEqual(['host', 'r%C3%A9po', 'x']);
    expect(inside('https://host/repo.git')).toEqual(['host', '~', 'repo']);
  });

  it('makes any segment one safe folder name', () => {
    expect(cacheSegment('')).toBe('~');
    expect(cacheSegment('.')).toBe('~%2E');
    expect(cacheSegment('..')).toBe('~%2E%2E');
    expect(cacheSegment('a/b\\c%d')).toBe('a%2Fb%5Cc%25d');
    expect(cacheSegment('~')).toBe('%7E');
    const long = cacheSegment('x'.repeat(500));
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).not.toBe(cacheSegment(`${'x'.repeat(499)}y`));
  });
});
