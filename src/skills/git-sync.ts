/**
 * Bringing one remote into its cache folder with `simple-git`: a shallow clone the first time
 * (into a temporary folder renamed into place, so an interrupted clone leaves nothing), a fetch
 * and hard reset afterwards. Git runs without prompts, without the caller's `GIT_*` variables,
 * never above the cache folder, and within a time limit.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SimpleGit } from 'simple-git';
import { ConfigRepositoryError } from './config-repository-error';
import { type GitAuthorization, redactSecrets } from './git-auth';
import { classifyGitFailure, type GitFailureKind, gitFailureSummary } from './git-failure';
import type { GitRemote } from './git-remote';

/** A change of git's transfer progress. */
export interface GitTransferProgress {
  /** Git's stage, lower-cased first word: `counting`, `compressing`, `receiving`, `resolving`, `updating`. */
  stage: string;
  percent: number;
}

/** What {@link syncRepository} needs. */
export interface SyncOptions {
  remote: GitRemote;
  /** The cache folder of the remote. */
  directory: string;
  /** A branch, a tag or a 40-hex commit; the remote's default branch when absent. */
  ref?: string | undefined;
  authorization: GitAuthorization;
  timeoutMs: number;
  /** Called when a clone or fetch starts, and as git reports progress. */
  onProgress?: ((phase: 'cloning' | 'fetching', transfer?: GitTransferProgress) => void) | undefined;
}

/** The outcome: the checkout is ready, or why it is not (with git's message, credentials removed). */
export type SyncResult =
  | { status: 'ready'; commit: string; action: 'cloned' | 'fetched' }
  | { status: 'missing' | 'ref-missing' | 'unreachable'; message: string; timedOut: boolean };

/** A 40-hex commit id. */
export const COMMIT_ID = /^[0-9a-f]{40}$/i;

// A conservative subset of git's ref names: nothing git could read as an option, a range or a reflog.
const REF_NAME = /^[A-Za-z0-9_][A-Za-z0-9._/+-]*$/;

/** Throws a {@link ConfigRepositoryError} (`invalid-ref`) unless `ref` is a plain branch, tag or commit name. */
export function checkRef(ref: string): void {
  const plain =
    typeof ref === 'string' &&
    ref.length <= 255 &&
    REF_NAME.test(ref) &&
    !ref.includes('..') &&
    !ref.includes('//') &&
    !ref.endsWith('/') &&
    !ref.endsWith('.') &&
    !ref.endsWith('.lock') &&
    !ref.split('/').some((part) => part.startsWith('.'));
  if (!plain) {
    throw new ConfigRepositoryError('invalid-ref', `"${String(ref).slice(0, 100)}" is not a plain branch, tag or commit name.`);
  }
}

// Variables simple-git refuses to pass on (besides every GIT_* one): they could make git run a program.
const GUARDED = new Set(['editor', 'pager', 'prefix', 'ssh_askpass', 'visual']);

function gitEnvironment(directory: string, authorization: GitAuthorization): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    if (value !== undefined && !lower.startsWith('git_') && !GUARDED.has(lower)) env[key] = value;
  }
  return {
    ...env,
    ...authorization.env,
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GCM_INTERACTIVE: 'never',
    // Never search above the cache folder for a repository: a broken cache must not reach the caller's own.
    GIT_CEILING_DIRECTORIES: dirname(directory),
  };
}

const PROGRESS = /([A-Za-z][A-Za-z ]*?):\s+(\d{1,3})% \(\d+\/\d+\)/g;

/** The options of one sync, with its one deadline for every git command it runs. */
interface SyncContext extends SyncOptions {
  signal: AbortSignal;
}

class GitSession {
  private last = '';

  /** A session in `baseDir`; simple-git is loaded by the first sync, not by every program that imports the skills. */
  static async open(baseDir: string, options: SyncContext): Promise<GitSession> {
    const { simpleGit } = await import('simple-git');
    return new GitSession(simpleGit, baseDir, options);
  }

  readonly git: SimpleGit;

  private constructor(
    simpleGit: typeof import('simple-git').simpleGit,
    baseDir: string,
    private readonly options: SyncContext,
  ) {
    this.git = simpleGit({
      baseDir,
      abort: options.signal,
      maxConcurrentProcesses: 1,
      allowEnvironment: ['GIT_TERMINAL_PROMPT', 'GIT_CEILING_DIRECTORIES'],
    }).env(gitEnvironment(options.directory, options.authorization));
    const report = options.onProgress;
    if (report) {
      this.git.outputHandler((_command, _stdout, stderr) => {
        stderr.on('data', (chunk: Buffer) => {
          const found = [...chunk.toString('utf8').matchAll(PROGRESS)].at(-1);
          if (!found) return;
          const stage = (found[1] ?? '').trim().split(' ', 1)[0]?.toLowerCase() ?? 'unknown';
          const percent = Number(found[2]);
          const key = `${stage}:${percent}`;
          if (key === this.last) return;
          this.last = key;
          report(this.phase, { stage, percent });
        });
      });
    }
  }

  phase: 'cloning' | 'fetching' = 'cloning';

  /** Runs git with the authorization's global arguments first. */
  run(args: string[]): Promise<string> {
    return this.git.raw([...this.options.authorization.args, ...args]);
  }
}

// `--quiet` would silence the progress lines `--progress` asks for.
const progressFlag = (options: SyncOptions) => (options.onProgress ? ['--progress'] : ['--quiet']);

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function clone(options: SyncContext): Promise<SyncResult> {
  const { directory, ref, remote } = options;
  const parent = dirname(directory);
  await mkdir(parent, { recursive: true });
  const temporary = `${directory}~tmp-${randomBytes(6).toString('hex')}`;
  const session = await GitSession.open(parent, options);
  try {
    options.onProgress?.('cloning');
    const commit = ref !== undefined && COMMIT_ID.test(ref);
    const shape = commit ? ['--no-checkout'] : ['--depth', '1', ...(ref !== undefined ? [`--branch=${ref}`] : [])];
    await session.run(['clone', ...progressFlag(options), ...shape, '--', remote.url, temporary]);
    if (commit) await checkoutCommit(await GitSession.open(temporary, options), options, ref);
    await rm(directory, { recursive: true, force: true });
    await rename(temporary, directory);
    return { status: 'ready', commit: await headCommit(directory, options), action: 'cloned' };
  } catch (error) {
    const { kind: _kind, ...result } = failure(error, options);
    return result;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

async function checkoutCommit(session: GitSession, options: SyncContext, commit: string): Promise<void> {
  try {
    await session.run(['checkout', '--quiet', '--detach', commit]);
  } catch {
    // Not on a branch the clone brought: ask for the commit itself.
    await session.run(['fetch', '--quiet', '--', options.remote.url, commit]);
    await session.run(['checkout', '--quiet', '--detach', commit]);
  }
}

async function fetch(options: SyncContext): Promise<SyncResult | undefined> {
  const { directory, ref, remote } = options;
  const session = await GitSession.open(directory, options);
  session.phase = 'fetching';
  try {
    // The repository git finds must be the cache folder's own, never one around it.
    const gitDirectory = (await session.git.revparse(['--absolute-git-dir'])).trim();
    if (gitDirectory !== (await realpath(join(directory, '.git')))) return undefined;
    options.onProgress?.('fetching');
    const commit = ref !== undefined && COMMIT_ID.test(ref);
    const depth = commit ? [] : ['--depth', '1'];
    await session.run(['fetch', ...progressFlag(options), ...depth, '--no-tags', '--', remote.url, ref ?? 'HEAD']);
    await session.run(['reset', '--quiet', '--hard', 'FETCH_HEAD']);
    await session.run(['clean', '-ffdxq']);
    return { status: 'ready', commit: await headCommit(directory, options), action: 'fetched' };
  } catch (error) {
    const { kind, ...result } = failure(error, options);
    // A cache git cannot use (not a repository any more, a broken index) is cloned again.
    return kind === 'other' ? undefined : result;
  }
}

async function headCommit(directory: string, options: SyncContext): Promise<string> {
  const session = await GitSession.open(directory, options);
  return (await session.git.revparse(['HEAD'])).trim();
}

type Failure = Extract<SyncResult, { status: 'missing' | 'ref-missing' | 'unreachable' }> & { kind: GitFailureKind | 'timeout' };

function failure(error: unknown, options: SyncContext): Failure {
  const raw = error instanceof Error ? error.message : String(error);
  if (/spawn .*ENOENT/.test(raw))
    throw new ConfigRepositoryError('git-unavailable', 'The git program cannot be started (is git installed?).');
  if (options.signal.aborted) {
    const message = `git took longer than ${Math.round(options.timeoutMs / 1000)} s`;
    return { status: 'unreachable', message, timedOut: true, kind: 'timeout' };
  }
  const message = redactSecrets(gitFailureSummary(raw), options.authorization.secrets);
  const kind = classifyGitFailure(raw);
  // A token was sent and the server refused it: a configuration error, not a repository that is absent.
  if (kind === 'auth-failed' && options.authorization.args.length > 0) {
    throw new ConfigRepositoryError(
      'authentication-failed',
      `${options.remote.url} refused the token (HTTP 401 or 403): check that it is valid and can read the repository. git: ${message}`,
    );
  }
  // Without a token, a server that asks for credentials keeps the repository out of reach, as a missing one.
  const status = kind === 'missing' || kind === 'auth-failed' ? 'missing' : kind === 'ref-missing' ? kind : 'unreachable';
  return { status, message, timedOut: false, kind };
}

/**
 * Clones the remote into its cache folder, or fetches it there and resets the checkout to the
 * remote ref. The caller holds the cache lock. Never throws for a git failure (the result says
 * what happened) but one: a token the server refuses (`authentication-failed`); throws a
 * {@link ConfigRepositoryError} too when git cannot be started.
 */
export async function syncRepository(options: SyncOptions): Promise<SyncResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const context: SyncContext = { ...options, signal: controller.signal };
  try {
    if (await isDirectory(join(options.directory, '.git'))) {
      const fetched = await fetch(context);
      if (fetched) return fetched;
    }
    return await clone(context);
  } finally {
    clearTimeout(timer);
  }
}
