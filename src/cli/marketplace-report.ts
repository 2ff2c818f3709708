/**
 * What `agentwire plugins inspect` says about a marketplace: every plugin entry (its source kind,
 * what the service resolves, whether it can load it, and for a folder inside the marketplace
 * what it gives), the standalone skills, and how the plugins reach a conversation.
 * @module
 */
import { readFile, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import type { Diagnostic } from '../internal/diagnostic';
import { nodeFileSystem } from '../internal/node/file-system';
import type { Marketplace, MarketplacePluginEntry, MarketplaceSource, PluginReference } from '../plugins/index';
import {
  parseMarketplace,
  redactSourceCredentials,
  resolveConversationPlugins,
  resolveMarketplaceSkillSource,
  resolveMarketplaceSource,
} from '../plugins/index';
import type { PluginServiceVersion } from '../plugins/node';
import { loadSkillsDirectory } from '../skills/index';
import { countProblems, inspectPluginFolder, type PluginReport, type ProblemCount, type ReportedSkill, reportSkill } from './plugin-report';

/** One plugin entry of the marketplace. */
export interface MarketplacePluginReport {
  name: string;
  /** `path`, `github`, `url`, `git-subdir`, `local`, `npm`, `pip`, or the unknown kind as written. */
  sourceKind: string;
  /** The source as written (credentials masked). */
  source: string;
  /** What the service does with it: fetch a reference, open a folder, or fail. */
  service: { ok: true; reference: PluginReference; opens: string | null } | { ok: false; message: string };
  /** When agentwire's reading names something else (the service's path bug, a `sha` it ignores). */
  correct: { ok: true; reference: PluginReference; folder: string | null } | { ok: false; message: string };
  differs: boolean;
  /** Whether a conversation gets it when the marketplace auto-loads (the service can resolve it, and a folder here loads). */
  canLoad: boolean;
  /** Auto-Load's verdict for the entry (`resolveConversationPlugins`). */
  autoLoad: string;
  /** The folder's plugin, for sources inside the marketplace repository. */
  plugin: PluginReport | null;
  /** Why the folder was not read, when it was not. */
  note: string | null;
}

/** One standalone skill entry. */
export interface MarketplaceSkillReport {
  name: string;
  source: string;
  /** The folder the service reads, or the repository folder it clones. */
  location: string;
  skill: ReportedSkill | null;
  note: string | null;
  problems: ProblemCount;
}

/** A marketplace, as conversations get it. */
export interface MarketplaceReport {
  file: string;
  /** The folder relative sources resolve against (the one holding `.plugin/` or `.claude-plugin/`). */
  root: string;
  service: PluginServiceVersion;
  /** Whether the service reads the marketplace file. */
  loaded: boolean;
  name: string | null;
  owner: string | null;
  description: string | null;
  plugins: MarketplacePluginReport[];
  skills: MarketplaceSkillReport[];
  /** The problems of the marketplace file itself. */
  problems: ProblemCount;
  /** When the file is rejected: the errors that reject it. */
  errors: Diagnostic[];
}

function sourceKind(source: MarketplaceSource): string {
  return source.kind === 'other' ? source.source : source.kind;
}

function writtenSource(source: MarketplaceSource): string {
  switch (source.kind) {
    case 'path':
    case 'local':
      return source.path;
    case 'github':
      return `github:${source.repo}${source.ref ? `@${source.ref}` : ''}${source.path ? `:${source.path}` : ''}`;
    case 'url':
    case 'git-subdir':
      return `${redactSourceCredentials(source.url)}${source.ref ? `@${source.ref}` : ''}${source.path ? `:${source.path}` : ''}`;
    case 'npm':
    case 'pip':
      return `${source.kind} ${source.package}${source.version ? `@${source.version}` : ''}`;
    default:
      return `(${source.source})`;
  }
}

/** The folder with every link resolved, or `undefined` when it does not exist. */
async function realFolder(path: string): Promise<string | undefined> {
  return realpath(path).catch(() => undefined);
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

async function inspectEntry(
  entry: MarketplacePluginEntry,
  root: string,
  service: PluginServiceVersion,
  autoLoad: Map<string, string>,
): Promise<MarketplacePluginReport> {
  const resolution = resolveMarketplaceSource(entry, { marketplaceRoot: root });
  const s = resolution.service;
  const c = resolution.correct;
  const report: MarketplacePluginReport = {
    name: entry.name,
    sourceKind: sourceKind(entry.source),
    source: writtenSource(entry.source),
    service: s.ok
      ? { ok: true, reference: { source: s.source, ref: s.ref, repo_path: s.repo_path }, opens: s.opens ?? null }
      : { ok: false, message: s.message },
    correct: c.ok ? { ok: true, reference: c.reference, folder: c.folder ?? null } : { ok: false, message: c.message },
    differs: resolution.differs,
    canLoad: s.ok,
    autoLoad: autoLoad.get(entry.name) ?? '',
    plugin: null,
    note: null,
  };
  if (!s.ok) return report;
  if (s.opens === undefined) {
    report.note = 'fetched by the service; not read here';
    return report;
  }
  if (!inside(root, s.opens)) {
    report.note = `the service opens ${s.opens}, outside the marketplace repository; not read here`;
    return report;
  }
  const real = await realFolder(s.opens);
  if (real !== undefined && !inside((await realFolder(root)) ?? root, real)) {
    report.note = `${s.opens} is a link to ${real}, outside the marketplace repository: the service follows it; not read here`;
    return report;
  }
  report.plugin = await inspectPluginFolder(s.opens, service, root);
  report.canLoad = report.plugin.loaded;
  if (!report.plugin.loaded && report.autoLoad === AUTO_LOADED) {
    report.autoLoad = `the service tries to load it and fails (${report.plugin.failure}): the conversation does not get it`;
  }
  return report;
}

async function inspectSkillEntry(entry: Marketplace['skills'][number], root: string): Promise<MarketplaceSkillReport> {
  const resolved = resolveMarketplaceSkillSource(entry, { marketplaceRoot: root });
  const base = { name: entry.name, source: redactSourceCredentials(entry.source), skill: null, problems: countProblems([]) };
  const location = resolved.service;
  if (location.kind === 'github') {
    const where = `${location.cloneUrl} (${location.branch}) ${location.path}`;
    return { ...base, location: where, note: 'cloned by the service; not read here' };
  }
  let folder = location.path;
  if (basename(folder).toLowerCase() === 'skill.md') folder = dirname(folder);
  const real = await realFolder(folder);
  if (!inside(root, folder) || (real !== undefined && !inside((await realFolder(root)) ?? root, real))) {
    return { ...base, location: folder, note: 'outside the marketplace repository; not read here' };
  }
  if ((await nodeFileSystem.kind(folder))?.kind !== 'directory')
    return { ...base, location: folder, note: 'no such folder: the service skips it' };
  const parent = dirname(folder);
  const loaded = await loadSkillsDirectory(parent, {
    root: inside(root, parent) ? root : parent,
    strict: false,
    legacyFiles: false,
    scope: 'public',
  });
  const skill = loaded.skills.find((candidate) => candidate.directory === folder);
  const own = loaded.diagnostics.filter((item) => inside(folder, item.file));
  return {
    ...base,
    location: folder,
    skill: skill ? reportSkill(skill) : null,
    note: skill ? null : 'no SKILL.md the service loads in this folder',
    problems: countProblems(own),
  };
}

/** Auto-Load's verdict for an entry a conversation gets. */
export const AUTO_LOADED = 'auto-loaded, no trust prompt';

/** What Auto-Load gives each entry: registered with Auto-Load, as `resolveConversationPlugins` decides. */
function autoLoadVerdicts(marketplace: Marketplace, root: string): Map<string, string> {
  const resolved = resolveConversationPlugins({
    registrations: [{ registration: { name: marketplace.name, source: root, auto_load: true }, marketplace, root }],
    scope: { user: 'you' },
  });
  const verdicts = new Map<string, string>();
  for (const plugin of resolved.plugins) {
    verdicts.set(plugin.name, plugin.included ? AUTO_LOADED : `${plugin.reason}: ${plugin.message}`);
  }
  return verdicts;
}

/** Whether attaching a plugin explicitly (by name, a launch link) asks for trust, as `resolveConversationPlugins` decides. */
export function explicitLaunchNeedsTrust(): boolean {
  return resolveConversationPlugins({ attachments: [{ reference: { source: 'github:o/r' }, via: 'api' }], scope: { user: 'you' } })
    .needsTrust;
}

/** The marketplace file of a folder (`.plugin/` before `.claude-plugin/`, as the service looks), or `undefined`. */
export async function findMarketplaceFile(folder: string): Promise<string | undefined> {
  for (const candidate of ['.plugin', '.claude-plugin']) {
    const file = join(folder, candidate, 'marketplace.json');
    if ((await nodeFileSystem.kind(file))?.kind === 'file') return file;
  }
  return undefined;
}

/** The folder relative sources resolve against: the one holding `.plugin/` or `.claude-plugin/`, else the file's folder. */
export function marketplaceRoot(file: string): string {
  const parent = dirname(file);
  return ['.plugin', '.claude-plugin'].includes(basename(parent)) ? dirname(parent) : parent;
}

/** Reads a marketplace file and every entry it lists. */
export async function inspectMarketplace(file: string, service: PluginServiceVersion): Promise<MarketplaceReport> {
  const root = marketplaceRoot(file);
  const parsed = parseMarketplace(await readFile(file, 'utf8'), { file });
  const base = { file, root, service, problems: countProblems(parsed.diagnostics) };
  if (!parsed.ok) {
    const errors = parsed.diagnostics.filter((item) => item.severity === 'error');
    return { ...base, loaded: false, name: null, owner: null, description: null, plugins: [], skills: [], errors };
  }
  const marketplace = parsed.value;
  const verdicts = autoLoadVerdicts(marketplace, root);
  const plugins: MarketplacePluginReport[] = [];
  for (const entry of marketplace.plugins) plugins.push(await inspectEntry(entry, root, service, verdicts));
  const skills: MarketplaceSkillReport[] = [];
  for (const entry of marketplace.skills) skills.push(await inspectSkillEntry(entry, root));
  return {
    ...base,
    loaded: true,
    name: marketplace.name,
    owner: marketplace.owner.name,
    description: marketplace.description ?? null,
    plugins,
    skills,
    errors: [],
  };
}
