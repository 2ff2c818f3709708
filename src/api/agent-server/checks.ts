/**
 * The agent server's rules for profile names and paths, checked before a request is sent: a bad
 * argument rejects the call with a `TypeError`, and nothing reaches the server.
 * @module
 */

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A POSIX path from the root, a Windows path from a drive's root (`C:\`, `C:/`), or a UNC path. */
const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

const prefix = (what: string | undefined) => (what ? `${what}: ` : '');

/**
 * Throws a `TypeError` when a profile name breaks the server's rule: 1–64 letters, digits, `.`,
 * `_` or `-`, starting with a letter or digit. `what` names the call in the message.
 */
export function checkProfileName(name: string, what?: string): void {
  if (typeof name !== 'string' || !PROFILE_NAME.test(name)) {
    throw new TypeError(
      `${prefix(what)}invalid profile name ${JSON.stringify(name) ?? String(name)}: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
}

/** Throws a `TypeError` unless a rename's body is `{ new_name }` with a valid profile name. */
export function checkProfileRename(body: { new_name: string }, what?: string): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new TypeError(`${prefix(what)}the body must be an object { new_name }`);
  }
  checkProfileName(body.new_name, what);
}

/**
 * Throws a `TypeError` unless `path` is absolute: the agent server refuses a relative path (400),
 * since it would be read from its own working folder.
 */
export function checkAbsolutePath(path: string, what?: string): void {
  if (typeof path !== 'string' || !ABSOLUTE_PATH.test(path)) {
    throw new TypeError(`${prefix(what)}path must be an absolute path, not ${JSON.stringify(path) ?? String(path)}`);
  }
}
