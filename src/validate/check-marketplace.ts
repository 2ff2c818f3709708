/**
 * A marketplace and the repository around it: the file by the service's rules, every plugin and
 * skill it lists inside the repository checked in turn, and coverage both ways (every entry
 * points at something real; every plugin and skill folder is listed somewhere).
 * @module
 */
import { dirname, join, relative, sep } from 'node:path';
import { type Diagnostic, diagnostic } from '../internal/diagnostic';
import { SafeWalker } from '../internal/node/walk';
import { type Marketplace, parseMarketplace, resolveMarketplaceSkillSource, resolveMarketplaceSource } from '../plugins/index';
import type { SkillFileSystem } from '../skills/index';
import { COVERAGE_ENTRY_MISSING, COVERAGE_UNLISTED_PLUGIN, COVERAGE_UNLISTED_SKILL } from './rules';

/** What checking a listed folder gives: whether it holds what the entry promises. */
export interface ListedCheck {
  diagnostics: Diagnostic[];
  /** `false` when the folder holds no plugin (or no skill). */
  found: boolean;
}

/** How the marketplace check reaches plugins and skills. */
export interface MarketplaceCheckOptions {
  fs: SkillFileSystem;
  /** Checks a plugin folder the marketplace lists inside the repository. */
  checkPlugin(dir: string): Promise<ListedCheck>;
  /** Checks a skill folder (or file) the marketplace lists inside the repository. */
  checkSkill(path: string): Promise<ListedCheck>;
}

/** One marketplace file: its diagnostics and the folders it lists. */
export interface MarketplaceCheck {
  diagnostics: Diagnostic[];
  marketplace?: Marketplace;
  /** Repository folders the entries resolve to (plugins and skills). */
  listed: string[];
}

const toPlatform = (posix: string) => posix.split('/').join(sep);
const toPosix = (path: string) => path.split(sep).join('/');

/**
 * Checks a marketplace file and every plugin and skill it lists inside `root`. A marketplace file
 * that resolves outside `root` is reported, not read.
 */
export async function checkMarketplace(file: string, root: string, options: MarketplaceCheckOptions): Promise<MarketplaceCheck> {
  const walker = new SafeWalker(options.fs, root);
  if (!(await walker.resolve(file))) return { diagnostics: walker.diagnostics, listed: [] };
  const bytes = await options.fs.read(file, 0, 16 * 1024 * 1024);
  const parsed = parseMarketplace(new TextDecoder().decode(bytes), { file });
  const result: MarketplaceCheck = { diagnostics: [...parsed.diagnostics], listed: [] };
  if (!parsed.ok) return result;
  result.marketplace = parsed.value;
  const marketplaceRoot = toPosix(root);
  const missing = (at: { line: number; column: number }, name: string, what: string, where: string) =>
    result.diagnostics.push(
      diagnostic(COVERAGE_ENTRY_MISSING, { file, at, message: `"${name}" points at ${relative(root, where) || '.'}, which ${what}.` }),
    );
  for (const entry of parsed.value.plugins) {
    const resolved = resolveMarketplaceSource(entry, { marketplaceRoot });
    if (!resolved.correct.ok || resolved.correct.folder === undefined) continue;
    const dir = toPlatform(resolved.correct.folder);
    result.listed.push(dir);
    if ((await options.fs.kind(dir))?.kind !== 'directory') {
      missing(entry.sourceAt, entry.name, 'does not exist', dir);
      continue;
    }
    const checked = await options.checkPlugin(dir);
    result.diagnostics.push(...checked.diagnostics);
    if (!checked.found) missing(entry.sourceAt, entry.name, 'holds no plugin', dir);
  }
  for (const entry of parsed.value.skills) {
    const resolved = resolveMarketplaceSkillSource(entry, { marketplaceRoot });
    if (!resolved.correct.ok || resolved.correct.location.kind !== 'local') continue;
    const path = toPlatform(resolved.correct.location.path);
    result.listed.push(path);
    if (!(await options.fs.kind(path))) {
      missing(entry.sourceAt, entry.name, 'does not exist', path);
      continue;
    }
    const checked = await options.checkSkill(path);
    result.diagnostics.push(...checked.diagnostics);
    if (!checked.found) missing(entry.sourceAt, entry.name, 'holds no SKILL.md', path);
  }
  return result;
}

/**
 * Folders under `plugins/` and `skills/` of a repository that no marketplace lists (directly, or
 * inside a listed plugin), each reported once at its manifest or SKILL.md.
 */
export async function checkCoverage(root: string, listed: readonly string[], fs: SkillFileSystem): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const covered = (dir: string) => listed.some((path) => path === dir || dir.startsWith(path + sep) || dirname(path) === dir);
  const entries = async (dir: string) => (await fs.list(dir).catch(() => [])).filter((entry) => entry.kind === 'directory');
  for (const entry of await entries(join(root, 'plugins'))) {
    const dir = join(root, 'plugins', entry.name);
    const manifest = ['plugin.json', '.plugin/plugin.json', '.claude-plugin/plugin.json'].map((name) => join(dir, ...name.split('/')));
    let file: string | undefined;
    for (const candidate of manifest) if (!file && (await fs.kind(candidate))?.kind === 'file') file = candidate;
    if (!file || covered(dir)) continue;
    const message = `The plugin in plugins/${entry.name} is in no marketplace of this repository.`;
    diagnostics.push(diagnostic(COVERAGE_UNLISTED_PLUGIN, { file, message }));
  }
  for (const entry of await entries(join(root, 'skills'))) {
    const dir = join(root, 'skills', entry.name);
    const names = (await fs.list(dir).catch(() => [])).map((child) => child.name);
    const skillMd = names.find((name) => name.toLowerCase() === 'skill.md');
    if (!skillMd || covered(dir)) continue;
    const message = `The skill in skills/${entry.name} is in no marketplace of this repository.`;
    diagnostics.push(diagnostic(COVERAGE_UNLISTED_SKILL, { file: join(dir, skillMd), message }));
  }
  return diagnostics;
}
