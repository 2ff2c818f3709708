/**
 * The packages below a folder that holds nothing to check itself: the packages of a monorepo
 * (`packages/a/.agents/skills`, `packages/b/.claude-plugin/plugin.json`), or the repositories of a
 * folder of checkouts. `validate` checks those instead of reporting the folder empty.
 * @module
 */
import { join } from 'node:path';
import { comparePython } from '../internal/python/text';
import { instructionSkillName, type SkillFileSystem, type SkillPreset } from '../skills/index';
import { detectTargets, exists, hasPluginManifest, hasSkillFolders, MARKETPLACE_FILES } from './detect';

/** How many folder levels below a path given are looked at: `packages/group/name` is 3, its `.agents/skills` is read from there. */
export const DISCOVERY_DEPTH = 4;

/**
 * Folders never looked into: installed dependencies, vendored copies and build output hold other
 * people's skills and plugins, or copies of the package's own. Hidden folders (`.git`, `.venv`,
 * `.cache`) are skipped too: a package's own hidden folders (`.agents/skills`, `.claude-plugin`)
 * are read from the package folder.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  '__pycache__',
  'bower_components',
  'build',
  'coverage',
  'dist',
  'jspm_packages',
  'node_modules',
  'out',
  'Pods',
  'site-packages',
  'target',
  'third_party',
  'third-party',
  'vendor',
  'venv',
]);

/** Options of {@link discoverPackages}. */
export interface DiscoverOptions {
  fs: SkillFileSystem;
  /** The preset whose project skill folders make a package. */
  preset: SkillPreset;
  /** Folders left out (the configuration's `ignore` globs): neither a package nor looked into. */
  ignored?: (path: string) => boolean;
  /** Levels below the path looked at (default {@link DISCOVERY_DEPTH}). */
  depth?: number;
}

const listing = async (fs: SkillFileSystem, path: string) =>
  (await fs.list(path).catch(() => [])).sort((a, b) => comparePython(a.name, b.name));

/** Whether `skills/` or `microagents/` of a folder holds a skill: a SKILL.md folder or a Markdown file. */
async function holdsSkills(fs: SkillFileSystem, folder: string): Promise<boolean> {
  if (!(await exists(fs, folder, 'directory'))) return false;
  const entries = await listing(fs, folder);
  return entries.some((entry) => entry.kind !== 'directory' && entry.name.toLowerCase().endsWith('.md')) || hasSkillFolders(fs, folder);
}

/**
 * Whether a folder holds skills or plugins of its own: an instruction file (`AGENTS.md` and the
 * like), one of the preset's skill folders, a plugin manifest, a marketplace, a `skills/` or
 * `microagents/` folder with skills in it, or SKILL.md folders.
 */
export async function holdsPackage(fs: SkillFileSystem, path: string, preset: SkillPreset): Promise<boolean> {
  const entries = await listing(fs, path);
  if (entries.some((entry) => entry.kind !== 'directory' && instructionSkillName(entry.name) !== undefined)) return true;
  for (const folder of preset.projectSkillDirectories) if (await exists(fs, join(path, ...folder.split('/')), 'directory')) return true;
  if (await hasPluginManifest(fs, path)) return true;
  for (const file of MARKETPLACE_FILES) if (await exists(fs, join(path, ...file.split('/')), 'file')) return true;
  if ((await holdsSkills(fs, join(path, 'skills'))) || (await holdsSkills(fs, join(path, 'microagents')))) return true;
  return hasSkillFolders(fs, path);
}

/**
 * The packages below a folder that holds nothing to check itself, in sorted order: each folder up
 * to {@link DISCOVERY_DEPTH} levels down that {@link holdsPackage} (not looked into further: it is
 * checked as a project, plugin or repository is). Symbolic links, {@link SKIPPED_FOLDERS}, hidden
 * and ignored folders are not followed. Empty when `path` is a file, holds something to check
 * itself (what {@link detectTargets} finds beyond a project, or a package), or nothing is below.
 */
export async function discoverPackages(path: string, options: DiscoverOptions): Promise<string[]> {
  const { fs, preset } = options;
  if ((await fs.kind(path))?.kind !== 'directory') return [];
  if ((await detectTargets(fs, path)).some((target) => target.kind !== 'project')) return [];
  if (await holdsPackage(fs, path, preset)) return [];
  const depth = options.depth ?? DISCOVERY_DEPTH;
  const found: string[] = [];
  const visit = async (folder: string, level: number): Promise<void> => {
    for (const entry of await listing(fs, folder)) {
      if (entry.kind !== 'directory' || entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      const child = join(folder, entry.name);
      if (options.ignored?.(child)) continue;
      if (await holdsPackage(fs, child, preset)) found.push(child);
      else if (level < depth) await visit(child, level + 1);
    }
  };
  await visit(path, 1);
  return found;
}
