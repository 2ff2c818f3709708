/**
 * What a failed git command means, read from its message: the server refused the credentials (or
 * asked for some), the repository does not exist (or the credentials do not reach it), the ref
 * does not exist, the network failed, or something else.
 * Git runs with `LC_ALL=C`, so its messages are the English ones matched here.
 * @module
 */

/** The kinds of failure a configuration repository load tells apart. */
export type GitFailureKind = 'auth-failed' | 'missing' | 'ref-missing' | 'unreachable' | 'other';

const REF_MISSING = [
  /Remote branch .* not found in upstream/i,
  /couldn't find remote ref/i,
  /reference is not a tree/i,
  /did not match any file\(s\) known to git/i,
  /not our ref/i,
  /unadvertised object/i,
  /unknown revision/i,
  /bad object/i,
];

const UNREACHABLE = [
  /Could not resolve host/i,
  /Could not resolve hostname/i,
  /Failed to connect/i,
  /Connection (?:refused|timed out|reset|closed)/i,
  /Operation timed out/i,
  /Network is unreachable/i,
  /No route to host/i,
  /SSL|TLS|certificate/i,
  /early EOF/i,
  /RPC failed/i,
  /The requested URL returned error: 5\d\d/i,
  /unexpected disconnect/i,
];

/** An HTTP server's 401 or 403: it wants credentials, or refuses the ones sent. */
const AUTH_FAILED = [
  /Authentication failed/i,
  /could not read (?:Username|Password)/i,
  /terminal prompts disabled/i,
  /The requested URL returned error: 40[13]/i,
  /HTTP Basic: Access denied/i,
  /Invalid username or (?:password|token)/i,
];

const MISSING = [
  /Repository not found/i,
  /repository '.*' not found/i,
  /does not appear to be a git repository/i,
  /Could not read from remote repository/i,
  /The requested URL returned error: 404/i,
  /Permission denied/i,
  /access denied/i,
  /not authorized/i,
  /does not exist/i,
  /TF401019/,
];

/**
 * Classifies a git error message. Ref and network problems are checked first: their messages can
 * also say "could not read from remote"; then an HTTP server's refusal of credentials, which only
 * a caller that sent some tells from a repository it cannot see.
 */
export function classifyGitFailure(message: string): GitFailureKind {
  if (REF_MISSING.some((pattern) => pattern.test(message))) return 'ref-missing';
  if (UNREACHABLE.some((pattern) => pattern.test(message))) return 'unreachable';
  if (AUTH_FAILED.some((pattern) => pattern.test(message))) return 'auth-failed';
  if (MISSING.some((pattern) => pattern.test(message))) return 'missing';
  return 'other';
}

/** The lines of a git message worth showing: `fatal:`, `error:` and `remote:` lines, or the last line. */
export function gitFailureSummary(message: string): string {
  const lines = message
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const telling = lines.filter((line) => /^(?:fatal|error|remote|ERROR):/.test(line));
  const chosen = telling.length > 0 ? telling : lines.slice(-1);
  return chosen.join(' ').slice(0, 500);
}
