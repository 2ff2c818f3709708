/**
 * The typed error of configuration repository loading. It is thrown only for input that must not
 * reach git (an unsafe URL, a ref or token that could become an option), for a token the server
 * refuses, and for a machine that cannot run git; a repository that is missing or unreachable is a
 * diagnostic, not an error.
 * @module
 */
import { AgentwireError } from '../internal/agentwire-error';

/** Why a configuration repository could not be loaded at all. */
export type ConfigRepositoryErrorCode =
  /** The URL is not an `https:`, `ssh:`, `git@host:path` or `file:` URL, or could reach git as an option or a transport helper. */
  | 'unsafe-url'
  /** The URL carries a user name or password: pass the token through the `token` option instead. */
  | 'credentials-in-url'
  /** The ref is not a plain branch, tag or commit name. */
  | 'invalid-ref'
  /** The token holds whitespace or control characters (it would break the HTTP header). */
  | 'invalid-token'
  /** The server answered 401 or 403 to the token given: it is wrong, expired, or cannot read the repository. */
  | 'authentication-failed'
  /** The host or owner name is not one the hosts accept. */
  | 'invalid-owner'
  /** The `git` program cannot be started. */
  | 'git-unavailable'
  /** The cache folder cannot be created or stays locked by another process. */
  | 'cache-unavailable';

/** A configuration repository cannot be loaded; `code` says why. Messages never hold a credential. */
export class ConfigRepositoryError extends AgentwireError {
  override readonly name = 'ConfigRepositoryError';
  constructor(
    readonly code: ConfigRepositoryErrorCode,
    message: string,
  ) {
    super(message);
  }
}
