/**
 * `server.files`: the generated operations of the agent server's `/api/file`, with `archive`
 * resolving to the archive's bytes together with what its `X-Archive-*` headers say.
 * @module
 */
import { APIPromise } from '../api-promise';
import type { ClientCore } from '../core';
import { type AgentServerFilesOperations, createAgentServerFilesOperations } from '../generated/agent-server/files';
import type { ArchiveDirectoryParams } from '../generated/agent-server/index';
import type { RequestOptions } from '../request-options';

/** A directory archived by `files.archive`: the bytes, and the repository they come from. */
export interface DirectoryArchive {
  /** The archive: a git patch (`git-delta`) or a gzip tarball (`tar.gz`). */
  bytes: Uint8Array;
  /** The file name the server gave (`<repository>.patch`, `<repository>.tar.gz`). */
  filename: string | undefined;
  /** The repository's remote URL (`X-Archive-Repo-Remote`). */
  repoRemote: string | undefined;
  /** The branch checked out (`X-Archive-Branch`). */
  branch: string | undefined;
  /** The commit checked out (`X-Archive-Head-Commit`). */
  headCommit: string | undefined;
  /** The repository's root folder on the agent server (`X-Archive-Repo-Root`). */
  repoRoot: string | undefined;
  /** For `git-delta`: the commit the patch applies to (`X-Archive-Base-Commit`). */
  baseCommit: string | undefined;
  /** For `git-delta`: the base ref as asked, or `auto` when the server chose it (`X-Archive-Base-Ref`). */
  baseRef: string | undefined;
}

/** `server.files`: upload, download, create folders, list subfolders, archive a folder, download a trajectory. */
export interface AgentServerFilesResource extends Omit<AgentServerFilesOperations, 'archive'> {
  /**
   * Archives a workspace folder: a git patch of the working tree against a base ref
   * (`format: 'git-delta'`, the default; the folder must be a git repository) or a tarball of the
   * whole folder (`format: 'tar.gz'`). Resolves to the bytes and the repository the server
   * reported. `path` must be absolute.
   *
   * `GET /api/file/archive`
   */
  archive(path: string, params?: ArchiveDirectoryParams, options?: RequestOptions): APIPromise<DirectoryArchive>;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first, then `filename=`). */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
  return plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
}

/** The archive and what the answer's headers say of it. */
function archiveOf(bytes: Uint8Array, headers: Headers): DirectoryArchive {
  const header = (name: string) => headers.get(`x-archive-${name}`) || undefined;
  return {
    bytes,
    filename: filenameOf(headers.get('content-disposition')),
    repoRemote: header('repo-remote'),
    branch: header('branch'),
    headCommit: header('head-commit'),
    repoRoot: header('repo-root'),
    baseCommit: header('base-commit'),
    baseRef: header('base-ref'),
  };
}

/** Creates `server.files`. */
export function createFilesResource(core: ClientCore): AgentServerFilesResource {
  const operations = createAgentServerFilesOperations(core);
  return {
    ...operations,
    archive: (path, params, options) =>
      new APIPromise(
        operations
          .archive(path, params, options)
          .withResponse()
          .then(({ data, response }) => ({ data: archiveOf(data, response.headers), response })),
      ),
  };
}
