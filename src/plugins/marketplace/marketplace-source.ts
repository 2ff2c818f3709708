/**
 * Resolving a marketplace entry's source two ways: what the service resolves (its
 * `resolve_plugin_source`, path bug included) and the correct resolution (proper POSIX relative
 * resolution that never leaves the marketplace root). Pure string work: no file system.
 * @module
 */

import { joinInside, lstripDotSlash, normalizeRelative, pythonJoin, resolvePosix } from '../../internal/python/path';
import type { PluginReference } from '../plugin-reference';
import { parsePluginSource, redactSourceCredentials } from '../sources/plugin-source';
import { repoPathProblems } from '../sources/reference-check';
import type { MarketplacePluginEntry, MarketplaceSkillEntry, MarketplaceSource } from './marketplace-types';

/** Where the marketplace is. */
export interface MarketplaceSourceOptions {
  /** The folder the marketplace was loaded from (the folder holding `.plugin/` or `.claude-plugin/`), a POSIX path. */
  marketplaceRoot: string;
  /**
   * Where the marketplace itself came from (its registration's `{source, ref, repo_path}`). When it is
   * a git source, a relative plugin source also resolves to a reference into that repository, which
   * any service can fetch, instead of a folder of this machine.
   */
  marketplace?: PluginReference;
}

/** What the service's `resolve_plugin_source` gives: its `(source, ref, repo_path)`, or the error it raises. */
export type ServiceSourceResolution =
  | { ok: true; source: string; ref: string | null; repo_path: string | null; opens?: string }
  | { ok: false; message: string };

/** The correct resolution: a reference to fetch (and the folder, for sources inside the marketplace), or why there is none. */
export type CorrectSourceResolution = { ok: true; reference: PluginReference; folder?: string } | { ok: false; message: string };

/** Both resolutions of one source, and whether they name different things. */
export interface MarketplaceSourceResolution {
  /** What the service does. For a local result, `opens` is the folder it actually opens (`..` applied). */
  service: ServiceSourceResolution;
  correct: CorrectSourceResolution;
  /** `true` when the service fetches or opens something else than the correct resolution (or only one of them fails). */
  differs: boolean;
}

/**
 * Resolves a plugin entry's source (or a bare source) against the marketplace root, as the
 * service does and as it should be done. Never throws; never returns a correct path outside the root.
 */
export function resolveMarketplaceSource(
  entry: MarketplacePluginEntry | MarketplaceSource,
  options: MarketplaceSourceOptions,
): MarketplaceSourceResolution {
  if (!options || typeof options.marketplaceRoot !== 'string')
    throw new TypeError('resolveMarketplaceSource needs options.marketplaceRoot');
  const source: MarketplaceSource = 'kind' in entry ? entry : entry.source;
  const name = 'kind' in entry ? undefined : entry.name;
  const service = serviceResolution(source, name, options.marketplaceRoot);
  const correct = correctResolution(source, options);
  return { service, correct, differs: differs(service, correct) };
}

function serviceResolution(source: MarketplaceSource, name: string | undefined, root: string): ServiceSourceResolution {
  if (source.kind === 'github' && source.repo)
    return { ok: true, source: `github:${source.repo}`, ref: source.ref ?? null, repo_path: source.path ?? null };
  if (source.kind === 'url' && source.url) return { ok: true, source: source.url, ref: source.ref ?? null, repo_path: source.path ?? null };
  if (source.kind !== 'path') {
    const kind = source.kind === 'other' ? source.source : source.kind;
    return { ok: false, message: `Invalid plugin source for '${name ?? '?'}': source type '${kind}' is missing required field` };
  }
  const text = source.path;
  if (text.startsWith('/') || text.startsWith('~') || text.includes('://')) {
    return text.startsWith('/')
      ? { ok: true, source: text, ref: null, repo_path: null, opens: resolvePosix(text) }
      : { ok: true, source: text, ref: null, repo_path: null };
  }
  const joined = pythonJoin(root, lstripDotSlash(text));
  return { ok: true, source: joined, ref: null, repo_path: null, opens: resolvePosix(joined) };
}

function correctResolution(source: MarketplaceSource, options: MarketplaceSourceOptions): CorrectSourceResolution {
  switch (source.kind) {
    case 'path':
    case 'local':
      return relative(source.path, source.kind === 'path', options);
    case 'github':
      return remote(`github:${source.repo}`, source.sha ?? source.ref, source.path);
    case 'url':
    case 'git-subdir':
      return remote(shorthand(source.url, source.kind), source.sha ?? source.ref, source.path);
    case 'npm':
    case 'pip':
      return {
        ok: false,
        message: `"${source.package}" is a ${source.kind} package, not a git repository or a folder: no plugin can be fetched from it.`,
      };
    default:
      return { ok: false, message: `The source kind "${source.source}" is unknown.` };
  }
}

/** Claude Code reads `owner/repo` in a `git-subdir` url as GitHub. */
function shorthand(url: string, kind: 'url' | 'git-subdir'): string {
  return kind === 'git-subdir' && /^[\w.-]+\/[\w.-]+$/.test(url) ? `github:${url}` : url;
}

function remote(text: string, ref: string | null | undefined, subpath: string | null | undefined): CorrectSourceResolution {
  const parsed = parsePluginSource(text);
  const shown = redactSourceCredentials(text);
  if (!parsed.ok || parsed.value.kind === 'local')
    return { ok: false, message: `"${shown}" is not a git repository the service can clone.` };
  const failure = parsed.diagnostics.find((d) => d.severity === 'error');
  if (failure) return { ok: false, message: failure.message };
  const reference: PluginReference = { source: text };
  if (ref) reference.ref = ref;
  if (subpath) {
    const problems = repoPathProblems(subpath).filter((problem) => problem !== 'empty');
    const inside = normalizeRelative(subpath);
    if (problems.length > 0 || inside === undefined)
      return { ok: false, message: `The path "${subpath}" is not a folder inside ${shown}.` };
    if (inside !== '') reference.repo_path = inside;
  }
  return { ok: true, reference };
}

function relative(text: string, isText: boolean, options: MarketplaceSourceOptions): CorrectSourceResolution {
  if (isText && text.includes('://')) return remote(text, undefined, undefined);
  if (text.startsWith('/') || text.startsWith('~')) return { ok: false, message: `"${text}" is not inside the marketplace.` };
  const inside = normalizeRelative(text);
  if (inside === undefined) return { ok: false, message: `"${text}" leaves the marketplace root.` };
  const folder = joinInside(options.marketplaceRoot, inside);
  const from = options.marketplace;
  if (from && typeof from.source === 'string') {
    const parsed = parsePluginSource(from.source);
    if (parsed.ok && parsed.value.kind !== 'local') {
      const base = from.repo_path ? normalizeRelative(from.repo_path) : '';
      const reference: PluginReference = { source: from.source };
      if (from.ref) reference.ref = from.ref;
      const repoPath = joinInside(base ?? '', inside);
      if (repoPath !== '') reference.repo_path = repoPath;
      return { ok: true, reference, folder };
    }
  }
  return { ok: true, reference: { source: folder }, folder };
}

function differs(service: ServiceSourceResolution, correct: CorrectSourceResolution): boolean {
  if (!service.ok || !correct.ok) return service.ok !== correct.ok;
  if (correct.folder !== undefined) return service.opens !== resolvePosix(correct.folder);
  const reference = correct.reference;
  const servicePath = service.repo_path ? normalizeRelative(service.repo_path) : '';
  return (
    service.source !== reference.source || (service.ref ?? null) !== (reference.ref ?? null) || servicePath !== (reference.repo_path ?? '')
  );
}

/** A standalone skill's folder: on the service's machine, or a folder of a GitHub repository it clones. */
export type SkillSourceLocation =
  | { kind: 'local'; path: string }
  | { kind: 'github'; owner: string; repo: string; branch: string; path: string; cloneUrl: string };

/** Both resolutions of a standalone skill source. */
export interface SkillSourceResolution {
  /** What the service's skill-source resolver gives (proper relative resolution, but it may leave the root). */
  service: SkillSourceLocation;
  /** The same, refused when it leaves the marketplace or is not a source at all. */
  correct: { ok: true; location: SkillSourceLocation } | { ok: false; message: string };
}

const GITHUB_TREE = /^https:\/\/github\.com\/(?<owner>[^/]+)\/(?<repo>[^/]+)\/(?:blob|tree)\/(?<branch>[^/]+)\/(?<path>.+)$/;

/**
 * Resolves a standalone skill entry's source as the service does: `file://` and absolute paths as
 * they are, `https://github.com/{owner}/{repo}/(blob|tree)/{branch}/{path}` as a folder of that
 * repository, anything else relative to the marketplace root (with `..` applied).
 */
export function resolveMarketplaceSkillSource(
  entry: MarketplaceSkillEntry | string,
  options: MarketplaceSourceOptions,
): SkillSourceResolution {
  if (!options || typeof options.marketplaceRoot !== 'string')
    throw new TypeError('resolveMarketplaceSkillSource needs options.marketplaceRoot');
  const text = typeof entry === 'string' ? entry : entry.source;
  const match = GITHUB_TREE.exec(text)?.groups;
  if (match) {
    const { owner = '', repo = '', branch = '', path = '' } = match;
    const location: SkillSourceLocation = {
      kind: 'github',
      owner,
      repo,
      branch,
      path,
      cloneUrl: `https://github.com/${owner}/${repo}.git`,
    };
    return { service: location, correct: { ok: true, location } };
  }
  if (text.startsWith('file://') || text.startsWith('/') || text.startsWith('~')) {
    const raw = text.startsWith('file://') ? text.slice(7) : text;
    return {
      service: { kind: 'local', path: pythonJoin(raw.startsWith('/') ? '/' : '', raw) },
      correct: { ok: false, message: `"${text}" is not inside the marketplace.` },
    };
  }
  const service: SkillSourceLocation = { kind: 'local', path: resolvePosix(`${options.marketplaceRoot}/${text}`) };
  if (text.includes('://') || text.startsWith('github:'))
    return { service, correct: { ok: false, message: `"${text}" is neither a path nor a GitHub blob/tree URL.` } };
  const inside = normalizeRelative(text);
  if (inside === undefined) return { service, correct: { ok: false, message: `"${text}" leaves the marketplace root.` } };
  return { service, correct: { ok: true, location: { kind: 'local', path: joinInside(options.marketplaceRoot, inside) } } };
}
