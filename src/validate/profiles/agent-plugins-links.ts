/**
 * Symbolic links anywhere in an Agent Plugins plugin that lead outside it: a conforming client
 * denies access to such a package path (the manifest, skills and mcp.json have their own, wider
 * failure boundaries and are reported where they are checked).
 * @module
 */
import { join, sep } from 'node:path';
import { AGENT_PLUGINS_OUTSIDE_ROOT } from './agent-plugins-rules';
import { escapesRoot } from './paths';
import type { ProfileCollector } from './profile-output';
import type { ResolvedOptions } from './read-text';

/** Folders not looked into: version control and installed dependencies. */
const SKIPPED = /* @__PURE__ */ new Set(['.git', 'node_modules']);
/** At most this many entries are looked at per plugin, and this deep. */
const MAX_ENTRIES = 10_000;
const MAX_DEPTH = 12;

/** Reports every link under `dir` that resolves outside it, unless a finding already covers its path. */
export async function checkPluginLinks(dir: string, options: ResolvedOptions, collector: ProfileCollector): Promise<void> {
  const covered = collector.diagnostics.filter((found) => found.code === AGENT_PLUGINS_OUTSIDE_ROOT.code).map((found) => found.file);
  let budget = MAX_ENTRIES;
  const walk = async (folder: string, depth: number): Promise<void> => {
    let entries: { name: string; kind: string }[];
    try {
      entries = await options.fs.list(folder);
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (--budget < 0) return;
      const path = join(folder, entry.name);
      if (entry.kind === 'directory' && depth < MAX_DEPTH && !SKIPPED.has(entry.name)) await walk(path, depth + 1);
      if (entry.kind !== 'symlink' || covered.some((file) => file === path || file.startsWith(`${path}${sep}`))) continue;
      const outside = await escapesRoot(dir, path, options);
      if (!outside) continue;
      collector.report(AGENT_PLUGINS_OUTSIDE_ROOT, {
        file: path,
        message: `This link resolves outside the plugin (to ${outside}): a conforming client denies access to it and to everything read through it.`,
      });
    }
  };
  await walk(dir, 0);
}
