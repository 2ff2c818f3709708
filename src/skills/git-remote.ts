/**
 * Git remote URLs checked before git sees them, and the cache folder each one maps to. Only
 * `https:`, `ssh:`, `user@host:path` and `file:` URLs pass (plain `http:` only to a loopback
 * address); nothing that git could read as an option (`-…`), a transport helper (`ext::…`) or a
 * local path gets through, and a URL that carries credentials is refused.
 * @module
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ConfigRepositoryError } from './config-repository-error';

/** A remote URL that passed the checks. */
export interface GitRemote {
  /** The URL given to git, as passed. It holds no credentials. */
  url: string;
  scheme: 'https' | 'http' | 'ssh' | 'file';
  /** The lower-cased host with its port (`github.com`, `127.0.0.1:8080`); empty for `file:` URLs. */
  host: string;
  /** The path segments, percent-decoded; the last one without its `.git` suffix. */
  segments: string[];
  /** For `http(s):` URLs, the origin a token is scoped to (`https://github.com/`). */
  origin?: string;
}

const MAX_URL_LENGTH = 2048;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const TRANSPORT_HELPER = /^[A-Za-z][A-Za-z0-9+.-]*::/;
// `[user@]host:path`, which git reads as ssh when a colon comes before any slash.
const SCP_LIKE = /^(?:([^@/:]+)@)?([^@/:[\]]+|\[[0-9A-Fa-f:.]+\]):(.+)$/;
const HOST_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const USER_NAME = /^[A-Za-z0-9_][A-Za-z0-9._~-]*$/;
// Control characters and whitespace never belong in a URL given to git.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f]/;

const unsafe = (message: string) => new ConfigRepositoryError('unsafe-url', message);

/** Whether a host name is a loopback address (where plain `http:` is allowed, for local mirrors and tests). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

function splitPath(path: string, decode: boolean): string[] {
  const parts = path.split('/').filter((part) => part !== '');
  if (!decode) return parts;
  return parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
}

function finish(remote: Omit<GitRemote, 'segments'>, parts: string[]): GitRemote {
  const last = parts.at(-1);
  if (last === undefined) throw unsafe(`${remote.url} names no repository.`);
  const name = last.endsWith('.git') && last.length > 4 ? last.slice(0, -4) : last;
  return { ...remote, segments: [...parts.slice(0, -1), name] };
}

function parseSchemeUrl(url: string, scheme: string): GitRemote {
  if (!['https', 'http', 'ssh', 'file'].includes(scheme)) {
    throw unsafe(`${url} uses the ${scheme}: scheme; only https:, ssh:, user@host:path and file: URLs are allowed.`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw unsafe(`${url} is not a valid URL.`);
  }
  if (parsed.password !== '' || (parsed.username !== '' && scheme !== 'ssh')) {
    throw new ConfigRepositoryError(
      'credentials-in-url',
      `A ${scheme}: repository URL carries credentials; remove them from the URL and pass the token through the \`token\` option.`,
    );
  }
  if (parsed.search !== '' || parsed.hash !== '') throw unsafe(`${url} has a query or a fragment, which git does not use.`);
  const hostname = parsed.hostname.toLowerCase();
  if (scheme === 'file') {
    if (hostname !== '' && hostname !== 'localhost') throw unsafe(`${url} names a host; a file: URL must be file:///absolute/path.`);
    return finish({ url, scheme: 'file', host: '' }, splitPath(parsed.pathname, true));
  }
  const bare = hostname.startsWith('[') ? hostname : hostname.replace(/\.$/, '');
  if (!(HOST_NAME.test(bare) || /^\[[0-9a-f:.]+\]$/.test(bare))) throw unsafe(`${url} has an invalid host name.`);
  if (scheme === 'ssh' && parsed.username !== '' && !USER_NAME.test(decodeURIComponent(parsed.username))) {
    throw unsafe(`${url} has an invalid user name.`);
  }
  if (scheme === 'http' && !isLoopback(bare)) {
    throw unsafe(`${url} uses plain http:, which is allowed only for loopback addresses; use https:.`);
  }
  if (scheme === 'ssh' && /^\/+-/.test(parsed.pathname)) throw unsafe(`${url} has a path starting with "-".`);
  const host = parsed.host.toLowerCase();
  const remote: Omit<GitRemote, 'segments'> = { url, scheme: scheme as GitRemote['scheme'], host };
  if (scheme !== 'ssh') remote.origin = `${scheme}://${host}/`;
  return finish(remote, splitPath(parsed.pathname, true));
}

/**
 * Checks a remote URL and splits it into host and path. Throws a {@link ConfigRepositoryError}
 * (`unsafe-url` or `credentials-in-url`) for anything else; the check runs before git does.
 */
export function parseGitRemote(url: string): GitRemote {
  if (typeof url !== 'string' || url.length === 0) throw unsafe('The repository URL is empty.');
  if (url.length > MAX_URL_LENGTH) throw unsafe(`The repository URL is longer than ${MAX_URL_LENGTH} characters.`);
  if (url.startsWith('-')) throw unsafe(`"${url}" starts with "-": git would read it as an option.`);
  if (UNSAFE_CHARACTERS.test(url)) throw unsafe('The repository URL holds whitespace or control characters.');
  if (TRANSPORT_HELPER.test(url)) throw unsafe(`"${url}" names a git transport helper ("…::"), which can run commands.`);
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) return parseSchemeUrl(url, scheme);
  const scp = SCP_LIKE.exec(url);
  if (!scp) throw unsafe(`"${url}" is not a remote URL; only https:, ssh:, user@host:path and file: URLs are allowed.`);
  const [, user, hostname = '', path = ''] = scp;
  if (user !== undefined && !USER_NAME.test(user)) throw unsafe(`"${url}" has an invalid user name.`);
  // One letter before the colon is a Windows drive, which git reads as a local path.
  if (hostname.length < 2 || !(HOST_NAME.test(hostname) || hostname.startsWith('['))) throw unsafe(`"${url}" has an invalid host name.`);
  if (path.startsWith('-')) throw unsafe(`"${url}" has a path starting with "-".`);
  return finish({ url, scheme: 'ssh', host: hostname.toLowerCase() }, splitPath(path, false));
}

const MAX_SEGMENT_LENGTH = 120;

/**
 * A path segment made safe as one folder name: characters other than ASCII letters, digits, `.`,
 * `_` and `-` are percent-encoded (so `/`, `\` and `%` cannot survive), `.` and `..` are encoded,
 * and long names are cut and given a hash. Different segments never give the same name.
 */
export function cacheSegment(segment: string): string {
  let encoded = '';
  for (const byte of new TextEncoder().encode(segment)) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9._-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (encoded === '' || encoded === '.' || encoded === '..') encoded = `~${encoded.replaceAll('.', '%2E')}`;
  if (encoded.length > MAX_SEGMENT_LENGTH) {
    encoded = `${encoded.slice(0, 80)}~${createHash('sha256').update(segment).digest('hex').slice(0, 16)}`;
  }
  return encoded;
}

/**
 * The cache folder of a remote: `<cacheDir>/<host>/<owner>/<repository>`, where the owner is every
 * path segment but the last (GitLab subgroups, Azure projects) joined by `+`. Every part is one
 * folder name made by {@link cacheSegment}, so nothing escapes `cacheDir`, and two owners never
 * share a folder. `file:` URLs live under `~file`.
 */
export function cachePath(cacheDir: string, remote: GitRemote): string {
  const host = remote.scheme === 'file' ? '~file' : cacheSegment(remote.host);
  const owner = remote.segments.slice(0, -1).map(cacheSegment).join('+') || '~';
  return join(cacheDir, host, owner, cacheSegment(remote.segments.at(-1) ?? ''));
}
