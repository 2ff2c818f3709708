/**
 * What a path given to `agentwire validate` holds: a project, a plugin, a marketplace, a
 * configuration repository, a bare skills folder, or a single file.
 * @module
 */
import { basename, join } from 'node:path';
import type { SkillFileSystem } from '../skills/index';

/** One thing to check, found in a path. */
export type Target =
  /** A project: instruction files and the preset's skill folders. */
  | { kind: 'project'; path: string }
  /** A plugin folder (root `plugin.json`, `.plugin/` or `.claude-plugin/`). */
  | { kind: 'plugin'; path: string }
  /** A marketplace file; `root` is the repository its relative sources resolve in. */
  | { kind: 'marketplace'; path: string; root: string }
  /** A configuration repository: `skills/` and `microagents/` loaded as the organization loader does. */
  | { kind: 'config-repository'; path: string }
  /**
   * A folder of skills on its own. `legacy`: its Markdown files are legacy skills too (a folder
   * named `skills` or `microagents`); otherwise only its SKILL.md folders are checked, so a
   * repository of skills at its root does not turn its CHANGELOG.md into a skill.
   */
  | { kind: 'skills-folder'; path: string; legacy: boolean }
  /** One file, by what its name says it is. */
  | { kind: 'file'; path: string; file: 'skill' | 'plugin-manifest' | 'marketplace' | 'hooks' | 'mcp' | 'legacy-mcp' };

/** The marketplace files of a repository, relative to its root. */
export const MARKETPLACE_FILES = ['.plugin/marketplace.json', '.claude-plugin/marketplace.json'];

/** Whether `path` is a file or a folder (symbolic links followed). */
export async function exists(fs: SkillFileSystem, path: string, kind: 'file' | 'directory'): Promise<boolean> {
  return (await fs.kind(path))?.kind === kind;
}

/** Whether a folder has a plugin manifest: a root `plugin.json`, or one in `.plugin/` or `.claude-plugin/`. */
export async function hasPluginManifest(fs: SkillFileSystem, path: string): Promise<boolean> {
  return (
    (await exists(fs, join(path, 'plugin.json'), 'file')) ||
    (await exists(fs, join(path, '.plugin', 'plugin.json'), 'file')) ||
    (await exists(fs, join(path, '.claude-plugin', 'plugin.json'), 'file'))
  );
}

/** Whether an immediate subfolder holds a SKILL.md. */
export async function hasSkillFolders(fs: SkillFileSystem, path: string): Promise<boolean> {
  for (const entry of await fs.list(path).catch(() => [])) {
    if (entry.kind !== 'directory' && entry.kind !== 'symlink') continue;
    const inner = await fs.list(join(path, entry.name)).catch(() => []);
    if (inner.some((child) => child.name.toLowerCase() === 'skill.md')) return true;
  }
  return false;
}

/** What a single file is, by its name; `undefined` for a file agentwire does not check. */
export function fileTarget(path: string): Target | undefined {
  const name = basename(path);
  const lower = name.toLowerCase();
  const kind =
    lower === 'skill.md' || (lower.endsWith('.md') && lower !== 'readme.md')
      ? 'skill'
      : name === 'plugin.json'
        ? 'plugin-manifest'
        : name === 'marketplace.json'
          ? 'marketplace'
          : name === 'hooks.json'
            ? 'hooks'
            : name === 'mcp.json'
              ? 'mcp'
              : name === '.mcp.json'
                ? 'legacy-mcp'
                : undefined;
  return kind ? { kind: 'file', path, file: kind } : undefined;
}

/**
 * The targets in a folder. A folder is a plugin when it has a manifest; it holds marketplaces
 * when it has marketplace files; it is a configuration repository when it has `skills/` or
 * `microagents/` at the top and is not a plugin; a bare skills folder when it holds nothing else
 * but skills. Every folder is also checked as a project (instruction files, skill folders).
 */
export async function detectTargets(fs: SkillFileSystem, path: string): Promise<Target[]> {
  const info = await fs.kind(path);
  if (!info) return [];
  if (info.kind === 'file') {
    const target = fileTarget(path);
    return target ? [target] : [];
  }
  const targets: Target[] = [{ kind: 'project', path }];
  const plugin = await hasPluginManifest(fs, path);
  if (plugin) targets.push({ kind: 'plugin', path });
  for (const file of MARKETPLACE_FILES) {
    const marketplace = join(path, ...file.split('/'));
    if (await exists(fs, marketplace, 'file')) targets.push({ kind: 'marketplace', path: marketplace, root: path });
  }
  // A catalog repository keeps its marketplaces in `marketplaces/*.json`.
  if (await exists(fs, join(path, 'marketplaces'), 'directory')) {
    for (const entry of await fs.list(join(path, 'marketplaces'))) {
      if (entry.kind === 'file' && entry.name.endsWith('.json'))
        targets.push({ kind: 'marketplace', path: join(path, 'marketplaces', entry.name), root: path });
    }
  }
  const hasMarketplace = targets.some((target) => target.kind === 'marketplace');
  if (
    !plugin &&
    !hasMarketplace &&
    ((await exists(fs, join(path, 'skills'), 'directory')) || (await exists(fs, join(path, 'microagents'), 'directory')))
  ) {
    targets.push({ kind: 'config-repository', path });
  } else if (!plugin && !hasMarketplace) {
    const named = ['skills', 'microagents'].includes(basename(path));
    if (named || (await hasSkillFolders(fs, path))) targets.push({ kind: 'skills-folder', path, legacy: named });
  }
  return targets;
}
