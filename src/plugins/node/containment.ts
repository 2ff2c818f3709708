/**
 * Containment: which paths of a plugin agentwire reads, and what the service does with a symbolic
 * link that leaves the plugin folder. An Agent Plugins client refuses it with the narrowest failure
 * boundary (spec §4.1); the legacy loader follows it. agentwire never reads outside its root and
 * reports such links once each, saying what the service loses or loads.
 * @module
 */
import { join, relative, sep } from 'node:path';
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import { SYMLINK_OUTSIDE_REPOSITORY } from '../../internal/node/file-rules';
import type { SkillFileSystem } from '../../internal/node/file-system';
import type { SafeWalker, WalkEntry } from '../../internal/node/walk';
import { OPENHANDS_NAMESPACE } from '../manifest/manifest-extensions';
import { PLUGIN_PATH_OUTSIDE_ROOT } from './rules';
import type { PluginLayout } from './types';

/** Whether `path` lies inside `root` (or is it), compared as written. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/**
 * The entry at `path` (`/`-separated, below `directory`), found step by step through the walker's
 * listings, so that no folder on the way is a link leaving the root; `undefined` when a step is
 * missing, not a folder, or refused.
 */
export async function findEntry(walker: SafeWalker, directory: string, path: string): Promise<WalkEntry | undefined> {
  const parts = path.split('/');
  let folder = directory;
  for (const part of parts.slice(0, -1)) {
    const step = await walker.entry(folder, part);
    if (step?.kind !== 'directory') return undefined;
    folder = join(folder, part);
  }
  return walker.entry(folder, parts[parts.length - 1] as string);
}

/** What an Agent Plugins client skips when the path `parts` (relative to the plugin) leaves the plugin. */
function agentPluginsLoss(parts: readonly string[]): string {
  const [first, second, third] = parts;
  if (parts.length === 1 && first === 'plugin.json') return 'rejects the whole plugin';
  if (first === 'skills') return parts.length === 1 ? 'loads none of the plugin\u2019s skills' : 'skips this skill';
  if (parts.length === 1 && first === 'mcp.json') return 'loads none of the plugin\u2019s tool servers';
  if (first === OPENHANDS_NAMESPACE) {
    if (parts.length === 1) return 'loads none of the plugin\u2019s commands, agents and hooks';
    if (second === 'hooks') return 'loads none of the plugin\u2019s hooks';
    if (second === 'commands' || second === 'agents') {
      const noun = second === 'commands' ? 'command' : 'agent';
      return third === undefined ? `loads none of the plugin\u2019s ${second}` : `skips this ${noun}`;
    }
  }
  return 'does not read it';
}

/** What the legacy loader reads through the path `parts`. */
function legacyTarget(parts: readonly string[]): string {
  const [first] = parts;
  if (first === '.plugin' || first === '.claude-plugin') return 'the manifest it points at';
  if ((first === 'skills' && parts.length <= 3) || (parts.length === 1 && first?.toLowerCase() === 'skill.md'))
    return 'the skills it points at';
  if (first === 'commands') return 'the commands it points at';
  if (first === 'agents') return 'the agents it points at';
  if (first === 'hooks') return 'the hooks it points at';
  if (parts.length === 1 && first === '.mcp.json') return 'the tool servers it points at';
  return 'what it points at';
}

/**
 * The plugin diagnostics of the links the walker refused, in place of its generic ones: what the
 * service does with each, for the layout. Other walker diagnostics are kept as they are.
 */
export async function outsideLinkDiagnostics(
  walker: SafeWalker,
  fs: SkillFileSystem,
  pluginDir: string,
  layout: PluginLayout,
): Promise<Diagnostic[]> {
  const where = walker.root === pluginDir ? 'the plugin folder' : walker.root;
  const result: Diagnostic[] = [];
  for (const found of walker.diagnostics) {
    if (found.code !== SYMLINK_OUTSIDE_REPOSITORY.code) {
      result.push(found);
      continue;
    }
    const target = await fs.realpath(found.file).catch(() => 'a path that cannot be resolved');
    const parts = relative(pluginDir, found.file).split(sep);
    const opening = `${found.file} resolves to ${target}, outside ${where}`;
    const finding =
      layout === 'agent-plugins'
        ? { file: found.file, message: `${opening}: the service refuses paths that leave the plugin and ${agentPluginsLoss(parts)}.` }
        : {
            file: found.file,
            severity: 'warning' as const,
            message: `${opening}: the service follows the link and loads ${legacyTarget(parts)}; agentwire does not read outside ${where}, so that is neither checked nor in the result.`,
          };
    result.push(diagnostic(PLUGIN_PATH_OUTSIDE_ROOT, finding));
  }
  return result;
}
