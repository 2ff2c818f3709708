/**
 * `configRepositoryPaths`: the configuration repositories the service looks at for one owner (a
 * user, an organization, a GitLab group, an Azure DevOps organization), in the order it loads them.
 * Names come from the preset: the neutral `.agents` / `service-config`, or the reference
 * deployment's `.openhands` + `.agents` / `openhands-config`.
 * @module
 */
import { ConfigRepositoryError } from './config-repository-error';
import { parseGitRemote } from './git-remote';
import { resolvePreset, type SkillPreset } from './presets';

/**
 * How a host names configuration repositories. `github` covers every host that allows a leading
 * dot in repository names (GitHub, Bitbucket Cloud, Gitea, Forgejo…): the service treats anything
 * that is not GitLab or Azure DevOps this way.
 */
export type GitHostKind = 'github' | 'gitlab' | 'azure';

/** Options of {@link configRepositoryPaths}. */
export interface ConfigRepositoryPathsOptions {
  /** The host name, with a port when not the default: `github.com`, `gitlab.com`, `dev.azure.com`, `git.example.com:8443`. */
  host: string;
  /** The user, organization, GitLab group (subgroups with `/`) or Azure DevOps organization. */
  owner: string;
  /** The host's kind; inferred for `gitlab.com`, `dev.azure.com` and `*.visualstudio.com`, else `github`. Set it for a self-hosted GitLab. */
  kind?: GitHostKind;
  /** Repository names (default: the neutral preset). */
  preset?: string | SkillPreset;
  /** Where owners live (default `https://<host>`): a path prefix of a self-hosted server, or a `file:` folder in tests. */
  baseUrl?: string;
}

/** One configuration repository of an owner. */
export interface ConfigRepositoryPath {
  /** Its path on the host: `acme/.agents`, `group/sub/service-config`, `org/service-config/service-config`. */
  path: string;
  /** The clone URL. */
  url: string;
  kind: GitHostKind;
  /** A legacy repository: loaded before the others, which win on a name. */
  legacy: boolean;
}

const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/;
const OWNER_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** The kind of a well-known host; any other host is `github`-style unless told otherwise. */
export function gitHostKind(host: string): GitHostKind {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (name === 'gitlab.com') return 'gitlab';
  if (name === 'dev.azure.com' || name.endsWith('.visualstudio.com')) return 'azure';
  return 'github';
}

function checkOwner(owner: string, kind: GitHostKind): string[] {
  const segments = typeof owner === 'string' ? owner.split('/') : [];
  const nested = kind === 'gitlab';
  const valid =
    segments.length > 0 &&
    (nested || segments.length === 1) &&
    segments.every((segment) => OWNER_SEGMENT.test(segment) && !segment.endsWith('.git') && segment.length <= 255);
  if (!valid) {
    const shape = nested
      ? 'a group path (letters, digits, ".", "_", "-", subgroups joined by "/")'
      : 'one name of letters, digits, ".", "_" and "-"';
    throw new ConfigRepositoryError('invalid-owner', `"${String(owner).slice(0, 100)}" is not a valid owner: use ${shape}.`);
  }
  return segments;
}

/**
 * The repositories the service reads for one owner, in load order (a later one wins on a skill
 * name), with their clone URLs: on GitHub-style hosts every dotted name of the preset
 * (`{owner}/.openhands` then `{owner}/.agents` with the `openhands` preset), on GitLab
 * `{group}/<name>` only, on Azure DevOps `{org}/<project>/<repository>`. Throws a
 * {@link ConfigRepositoryError} for a host or owner that could not be part of a URL.
 */
export function configRepositoryPaths(options: ConfigRepositoryPathsOptions): ConfigRepositoryPath[] {
  const { host } = options;
  if (typeof host !== 'string' || !HOST.test(host)) {
    throw new ConfigRepositoryError('invalid-owner', `"${String(host).slice(0, 100)}" is not a host name (such as github.com).`);
  }
  const kind = options.kind ?? gitHostKind(host);
  const owner = checkOwner(options.owner, kind).join('/');
  const names = resolvePreset(options.preset).configRepositories;
  const base = (options.baseUrl ?? `https://${host.toLowerCase()}`).replace(/\/+$/, '');
  const make = (path: string, url: string, legacy: boolean): ConfigRepositoryPath => {
    parseGitRemote(url);
    return { path, url, kind, legacy };
  };
  if (kind === 'gitlab') return [make(`${owner}/${names.gitlab}`, `${base}/${owner}/${encodeURIComponent(names.gitlab)}.git`, false)];
  if (kind === 'azure') {
    const { project, repository } = names.azure;
    // On `<org>.visualstudio.com` the organization is the host; on dev.azure.com it is the first path segment.
    const prefix =
      host.toLowerCase().replace(/:\d+$/, '').endsWith('.visualstudio.com') && options.baseUrl === undefined ? base : `${base}/${owner}`;
    const url = `${prefix}/${encodeURIComponent(project)}/_git/${encodeURIComponent(repository)}`;
    return [make(`${owner}/${project}/${repository}`, url, false)];
  }
  return names.dotted.map((name, index) =>
    make(`${owner}/${name}`, `${base}/${owner}/${encodeURIComponent(name)}.git`, index < names.dotted.length - 1),
  );
}
