/**
 * `loadConfigRepository`: one organization or user configuration repository, fetched into a
 * cache and read as the service reads it: `skills/` first (SKILL.md folders and legacy files; one
 * bad file costs the whole folder), then the legacy `microagents/` for names `skills/` lacks.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../internal/diagnostic';
import { nodeFileSystem, type SkillFileSystem } from '../internal/node/file-system';
import { withCacheLock } from './cache-lock';
import { ConfigRepositoryError } from './config-repository-error';
import { gitAuthorization } from './git-auth';
import { cachePath, type GitRemote, parseGitRemote } from './git-remote';
import { checkRef, type SyncResult, syncRepository } from './git-sync';
import { loadSkillsDirectory } from './load-directory';
import {
  CONFIG_REPOSITORY_LEGACY,
  CONFIG_REPOSITORY_MISSING,
  CONFIG_REPOSITORY_REF_MISSING,
  CONFIG_REPOSITORY_UNREACHABLE,
  SHADOWED_SKILL,
} from './rules';
import type { Skill } from './types';

/** A step of a load, for a progress display. */
export interface ConfigRepositoryProgress {
  /** `cloning` (first load) or `fetching` (cache present), then `reading`, then `done`. */
  phase: 'cloning' | 'fetching' | 'reading' | 'done';
  /** The repository URL (it never holds credentials). */
  repository: string;
  /** During `cloning` and `fetching`: git's stage (`receiving`, `resolving`…) and how far it is. */
  stage?: string;
  percent?: number;
}

/** Options of {@link loadConfigRepository}. */
export interface LoadConfigRepositoryOptions {
  /** `https://…`, `ssh://…`, `git@host:path` or `file:///…` (plain `http:` only to loopback addresses). */
  url: string;
  /** A branch, tag or 40-hex commit (default: the default branch, which is what the service reads). */
  ref?: string;
  /** A token for `http(s):` remotes, sent as HTTP basic authentication; `user:password` is sent as is. */
  token?: string;
  /** The user name sent with the token (default by host: `oauth2` on GitLab, `x-token-auth` on Bitbucket Cloud, else `x-access-token`). */
  tokenUser?: string;
  /** The cache root; the checkout lives in `<cacheDir>/<host>/<owner>/<repository>`. */
  cacheDir: string;
  onProgress?: (event: ConfigRepositoryProgress) => void;
  /** Read only front matter (`frontmatter`, the default) or whole files (`full`). */
  scan?: 'frontmatter' | 'full';
  /** Files larger than this (default 1 MiB) are reported and only their front matter is read. */
  maxFileSize?: number;
  /** The file access used to read the checkout (git always works on the real disk). */
  fs?: SkillFileSystem;
  /** The time limit of the git commands of one load (default 120 s, as the service's clone). */
  timeoutMs?: number;
  /** When the remote cannot be reached, read the checkout a previous load left (default `false`: no skills, as the service). */
  staleOnError?: boolean;
  /** How messages name the repository (default: its path in the URL, such as `acme/.agents`). */
  label?: string;
}

/** Where a configuration repository is, and where its checkout is cached. */
export interface ConfigRepository {
  url: string;
  host: string;
  /** Its path on the host (`acme/.agents`). */
  path: string;
  cacheDirectory: string;
}

/** What a load found: `loaded`; `missing` (does not exist, or the credentials do not reach it); `ref-missing`; `unreachable`; `stale` (unreachable, an earlier checkout read). */
export type ConfigRepositoryStatus = 'loaded' | 'missing' | 'ref-missing' | 'unreachable' | 'stale';

/** One configuration repository, loaded. */
export interface ConfigRepositoryResult {
  repository: ConfigRepository;
  status: ConfigRepositoryStatus;
  /** The skills the service takes from it, one per name. */
  skills: Skill[];
  diagnostics: Diagnostic[];
  /** The commit read. */
  commit?: string;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const IN_FOLDER_REASON = 'in a project or user folder a legacy file beats a SKILL.md';

function describe(remote: GitRemote, cacheDirectory: string, label: string | undefined): ConfigRepository {
  return { url: remote.url, host: remote.host, path: label ?? remote.segments.join('/'), cacheDirectory };
}

function syncDiagnostic(repository: ConfigRepository, sync: Exclude<SyncResult, { status: 'ready' }>, ref: string | undefined): Diagnostic {
  const { url, path } = repository;
  if (sync.status === 'missing') {
    const message = `${path} (${url}) does not exist or cannot be read with the credentials given; the service loads no skills from it. git: ${sync.message}`;
    return diagnostic(CONFIG_REPOSITORY_MISSING, { file: url, message });
  }
  if (sync.status === 'ref-missing') {
    const message = `${path} (${url}) has no branch, tag or commit "${ref ?? 'HEAD'}"; nothing is loaded from it. git: ${sync.message}`;
    return diagnostic(CONFIG_REPOSITORY_REF_MISSING, { file: url, message });
  }
  const message = `${path} (${url}) cannot be fetched; the service would load no skills from it now. git: ${sync.message}`;
  return diagnostic(CONFIG_REPOSITORY_UNREACHABLE, { file: url, message });
}

/** Reads a checkout as the service does: `skills/`, then `microagents/` for names not yet seen. */
export async function readConfigCheckout(
  checkout: string,
  options: Pick<LoadConfigRepositoryOptions, 'scan' | 'maxFileSize' | 'fs'> = {},
): Promise<{ skills: Skill[]; diagnostics: Diagnostic[] }> {
  const fs = options.fs ?? nodeFileSystem;
  const shared = {
    root: checkout,
    fs,
    ...(options.scan !== undefined && { scan: options.scan }),
    ...(options.maxFileSize !== undefined && { maxFileSize: options.maxFileSize }),
  };
  const main = await loadSkillsDirectory(join(checkout, 'skills'), { ...shared, scope: 'organization' });
  const diagnostics = [...main.diagnostics];
  const skills = [...main.skills];
  const legacyDirectory = join(checkout, 'microagents');
  if ((await fs.kind(legacyDirectory))?.kind !== 'directory') return { skills, diagnostics };
  // In microagents/ the service keeps the first skill of a name, as in a user folder.
  const legacy = await loadSkillsDirectory(legacyDirectory, { ...shared, scope: 'user' });
  const kept = new Map(skills.map((skill) => [skill.name, skill]));
  let added = 0;
  for (const found of legacy.diagnostics) {
    const reworded = found.message.replace(IN_FOLDER_REASON, 'in microagents/ the service keeps a legacy file over a SKILL.md');
    diagnostics.push({ ...found, message: reworded });
  }
  for (const skill of legacy.skills) {
    const winner = kept.get(skill.name);
    if (winner) {
      const message = `"${skill.name}" is hidden by ${winner.file}: the service reads microagents/ only for names skills/ does not have.`;
      const related = [{ file: winner.file, line: 1, column: 1, message: 'the skill the service keeps' }];
      diagnostics.push(diagnostic(SHADOWED_SKILL, { file: skill.file, message, related }));
      continue;
    }
    const organization: Skill = { ...skill, scope: 'organization' };
    kept.set(skill.name, organization);
    skills.push(organization);
    added++;
  }
  const message = `${legacyDirectory} is the legacy folder: the service still reads it after skills/ (${added} skill${added === 1 ? '' : 's'} from it).`;
  diagnostics.push(diagnostic(CONFIG_REPOSITORY_LEGACY, { file: legacyDirectory, message }));
  return { skills, diagnostics };
}

/**
 * Loads one configuration repository as the service does, through a cache: a shallow clone the
 * first time, a fetch and hard reset to the remote ref afterwards. A missing repository, a
 * missing ref or a network failure is a diagnostic; an unsafe URL, ref or token (checked before
 * git runs), a token the server answers 401 or 403 to (`authentication-failed`), a machine
 * without git or an unusable cache folder throw a {@link ConfigRepositoryError}.
 */
export async function loadConfigRepository(options: LoadConfigRepositoryOptions): Promise<ConfigRepositoryResult> {
  const remote = parseGitRemote(options.url);
  if (options.ref !== undefined) checkRef(options.ref);
  const authorization = gitAuthorization(remote, options.token, options.tokenUser);
  if (typeof options.cacheDir !== 'string' || options.cacheDir === '') {
    throw new ConfigRepositoryError('cache-unavailable', 'cacheDir must name a folder.');
  }
  const directory = cachePath(resolve(options.cacheDir), remote);
  const repository = describe(remote, directory, options.label);
  const progress = (event: Omit<ConfigRepositoryProgress, 'repository'>) => options.onProgress?.({ ...event, repository: remote.url });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    await mkdir(dirname(directory), { recursive: true });
  } catch (error) {
    throw new ConfigRepositoryError(
      'cache-unavailable',
      `Cannot create the cache folder ${dirname(directory)}: ${(error as Error).message}`,
    );
  }
  return withCacheLock(
    directory,
    async () => {
      const sync = await syncRepository({
        remote,
        directory,
        ref: options.ref,
        authorization,
        timeoutMs,
        onProgress: (phase, transfer) => progress({ phase, ...transfer }),
      });
      const result: ConfigRepositoryResult = { repository, status: 'loaded', skills: [], diagnostics: [] };
      if (sync.status !== 'ready') {
        result.status = sync.status;
        result.diagnostics.push(syncDiagnostic(repository, sync, options.ref));
        const fs = options.fs ?? nodeFileSystem;
        const cached = sync.status === 'unreachable' && options.staleOnError === true && (await fs.kind(join(directory, '.git')));
        if (!cached) {
          progress({ phase: 'done' });
          return result;
        }
        result.status = 'stale';
      } else {
        result.commit = sync.commit;
      }
      progress({ phase: 'reading' });
      const read = await readConfigCheckout(directory, options);
      result.skills = read.skills;
      result.diagnostics.push(...read.diagnostics);
      progress({ phase: 'done' });
      return result;
    },
    { waitMs: timeoutMs },
  );
}
