import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_VARIABLE, defaultTokenUser, gitAuthorization, redactSecrets } from './git-auth';
import { parseGitRemote } from './git-remote';

describe('gitAuthorization', () => {
  it('names the header by --config-env, scoped to the origin, so the token is in no argument', () => {
    const auth = gitAuthorization(parseGitRemote('https://github.com/acme/.agents.git'), 'ghp_abc');
    const encoded = Buffer.from('x-access-token:ghp_abc').toString('base64');
    expect(auth.args).toEqual([`--config-env=http.https://github.com/.extraHeader=${AUTHORIZATION_VARIABLE}`]);
    expect(auth.env).toEqual({ [AUTHORIZATION_VARIABLE]: `Authorization: Basic ${encoded}` });
    expect(auth.args.join(' ')).not.toContain('ghp_abc');
    expect(auth.secrets).toEqual([encoded, 'x-access-token:ghp_abc', 'ghp_abc']);
  });

  it('picks the user name by host, and takes user:password as is', () => {
    expect(defaultTokenUser('gitlab.com')).toBe('oauth2');
    expect(defaultTokenUser('gitlab.example.com:8443')).toBe('oauth2');
    expect(defaultTokenUser('bitbucket.org')).toBe('x-token-auth');
    expect(defaultTokenUser('github.com')).toBe('x-access-token');
    const pair = gitAuthorization(parseGitRemote('https://bitbucket.org/ws/.agents.git'), 'me:secret');
    expect(pair.env[AUTHORIZATION_VARIABLE]).toBe(`Authorization: Basic ${Buffer.from('me:secret').toString('base64')}`);
    const named = gitAuthorization(parseGitRemote('https://git.example.com/o/r.git'), 't', 'bot');
    expect(named.env[AUTHORIZATION_VARIABLE]).toBe(`Authorization: Basic ${Buffer.from('bot:t').toString('base64')}`);
  });

  it('gives ssh and file remotes nothing, and refuses tokens that would break the header', () => {
    expect(gitAuthorization(parseGitRemote('git@github.com:acme/x.git'), 'tok')).toEqual({ args: [], env: {}, secrets: ['tok'] });
    expect(gitAuthorization(parseGitRemote('file:///srv/x.git'), undefined)).toEqual({ args: [], env: {}, secrets: [] });
    for (const token of ['a b', 'a\r\nX-Evil: 1', '', 'é']) {
      expect(() => gitAuthorization(parseGitRemote('https://github.com/a/b'), token)).toThrow(
        expect.objectContaining({ code: 'invalid-token' }),
      );
    }
    expect(() => gitAuthorization(parseGitRemote('https://github.com/a/b'), 't', 'a:b')).toThrow(
      expect.objectContaining({ code: 'invalid-token' }),
    );
  });
});

describe('redactSecrets', () => {
  it('masks every form of the secret and URL credentials', () => {
    const auth = gitAuthorization(parseGitRemote('https://github.com/acme/x.git'), 'ghp_abc');
    const text = `fatal: header ${auth.env[AUTHORIZATION_VARIABLE]} for ghp_abc at https://x-access-token:ghp_abc@github.com/acme`;
    const redacted = redactSecrets(text, auth.secrets);
    expect(redacted).toBe('fatal: header Authorization: Basic **** for **** at https://****@github.com/acme');
    expect(redactSecrets('https://someone@host/x and ssh://git@host/x and ssh://u:p@host/x', [])).toBe(
      'https://****@host/x and ssh://git@host/x and ssh://****@host/x',
    );
  });
});
