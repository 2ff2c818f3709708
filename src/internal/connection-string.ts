/**
 * Database connection strings as node-postgres reads them, and as they may be shown: with every
 * password masked, wherever the string holds one.
 * @module
 */

/** What replaces a password in a connection string shown. */
const MASK = '***';

/** A query parameter that carries a secret: `password`, `sslpassword` (any case, once decoded). */
const isSecretKey = (key: string): boolean => key.toLowerCase().includes('password');

/**
 * The URL node-postgres makes of a connection string (it encodes spaces and stray `%` first, and
 * puts up with an empty host), or `undefined` when it cannot make one.
 */
export function parseConnectionUrl(text: string): URL | undefined {
  const encoded = /[ ]|%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(text) ? encodeURI(text).replace(/%25(\d\d)/g, '%$1') : text;
  for (const candidate of [encoded, encoded.replace('@/', '@___DUMMY___/')]) {
    try {
      return new URL(candidate);
    } catch {
      // tried next without a host, then given up
    }
  }
  return undefined;
}

/** Whether a connection string carries a password: in its user part (`user:pw@`) or as a `password` parameter. */
export function hasConnectionPassword(text: string): boolean {
  const url = parseConnectionUrl(text);
  if (url === undefined) return /password\s*=/i.test(text) || /:\/\/[^/?#]*:[^@]*@/.test(text);
  return url.password !== '' || [...url.searchParams.keys()].some(isSecretKey);
}

/**
 * A connection string fit to show: the password of `user:pw@` and the value of every query
 * parameter whose name holds `password` (`password`, `sslpassword`, in any case or URL encoding)
 * replaced by `***`. A `passfile` or `sslkey` is a path and stays. A string that is not a URL is
 * shown as its scheme only (`postgres://…`), a key=value string with its `password=` values masked.
 */
export function maskConnectionString(text: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(text)?.[1];
  if (scheme === undefined) return text.replace(/(password\s*=\s*)(?:'(?:[^'\\]|\\.)*'|\S*)/gi, `$1${MASK}`);
  const url = parseConnectionUrl(text);
  if (url === undefined) return `${scheme}//…`;
  if (url.password !== '') url.password = MASK;
  const entries = [...url.searchParams.entries()];
  if (entries.some(([key]) => isSecretKey(key))) {
    const query = new URLSearchParams();
    for (const [key, value] of entries) query.append(key, isSecretKey(key) ? MASK : value);
    url.search = query.toString().replaceAll('%2A', '*');
  }
  return url.toString().replace('@___DUMMY___/', '@/');
}

/** The passwords a connection string holds, decoded (to remove them from text that might echo them). */
export function connectionSecrets(text: string): string[] {
  const url = parseConnectionUrl(text);
  if (url === undefined) return [];
  const secrets = [...url.searchParams.entries()].filter(([key]) => isSecretKey(key)).map(([, value]) => value);
  if (url.password !== '') secrets.push(decodeURIComponent(url.password), url.password);
  return secrets;
}
