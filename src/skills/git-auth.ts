/**
 * Giving git a token without writing it anywhere: the `Authorization` header lives in one
 * environment variable of the git process and is named by `--config-env`, scoped to the remote's
 * origin. It never appears in a URL, in git's command line, in `.git/config` or in a message.
 * @module
 */
import { ConfigRepositoryError } from './config-repository-error';
import type { GitRemote } from './git-remote';

/** The environment variable that carries the header to git. */
export const AUTHORIZATION_VARIABLE = 'AGENTWIRE_GIT_AUTHORIZATION';

/** What git needs to send a token, and what must never be shown. */
export interface GitAuthorization {
  /** Global git arguments (before the command). */
  args: string[];
  /** Variables to add to git's environment. */
  env: Record<string, string>;
  /** Every form of the secret that could show up in git's output, longest first. */
  secrets: string[];
}

const NO_AUTHORIZATION: GitAuthorization = { args: [], env: {}, secrets: [] };

/**
 * The user name sent with a token when none is given, as the hosts document it: `oauth2` on
 * GitLab, `x-token-auth` on Bitbucket Cloud, `x-access-token` elsewhere (GitHub, Azure DevOps and
 * most self-hosted servers accept any name with a token).
 */
export function defaultTokenUser(host: string): string {
  const name = host.replace(/:\d+$/, '');
  if (name === 'gitlab.com' || name.startsWith('gitlab.')) return 'oauth2';
  if (name === 'bitbucket.org') return 'x-token-auth';
  return 'x-access-token';
}

/**
 * The arguments and environment that make git send `token` to `remote` as HTTP basic
 * authentication. A token holding `:` is taken as `user:password`. Remotes other than `http(s):`
 * get nothing (ssh and local remotes do not use a token).
 */
export function gitAuthorization(remote: GitRemote, token: string | undefined, username?: string): GitAuthorization {
  if (token === undefined) return NO_AUTHORIZATION;
  // Printable ASCII only: anything else would break the header line (or add a header of its own).
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigRepositoryError('invalid-token', 'The token must be printable ASCII without spaces or line breaks.');
  }
  if (username !== undefined && !/^[\x21-\x39\x3b-\x7e]*$/.test(username)) {
    throw new ConfigRepositoryError('invalid-token', 'The token user name must be printable ASCII without spaces or ":".');
  }
  if (remote.origin === undefined) return { ...NO_AUTHORIZATION, secrets: [token] };
  const pair = token.includes(':') ? token : `${username ?? defaultTokenUser(remote.host)}:${token}`;
  const encoded = Buffer.from(pair, 'utf8').toString('base64');
  const secrets = [...new Set([encoded, pair, token, encodeURIComponent(token)])].sort((a, b) => b.length - a.length);
  return {
    args: [`--config-env=http.${remote.origin}.extraHeader=${AUTHORIZATION_VARIABLE}`],
    env: { [AUTHORIZATION_VARIABLE]: `Authorization: Basic ${encoded}` },
    secrets,
  };
}

/** The text with every secret replaced by `****`, and any `scheme://user:password@` credentials masked. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret.length > 0) result = result.split(secret).join('****');
  return result.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/@\s]+@/g, (whole, scheme: string) =>
    /^(?:https?|ftp):\/\/$/i.test(scheme) || whole.slice(scheme.length).includes(':') ? `${scheme}****@` : whole,
  );
}
