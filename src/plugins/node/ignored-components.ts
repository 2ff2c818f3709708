/**
 * Components written where the plugin's layout does not look for them: the legacy places in an
 * Agent Plugins plugin, the `dev.openhands/` folder and `mcp.json` in a legacy plugin, and a file
 * standing where a component folder belongs. The service passes over them without a word.
 * @module
 */
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import type { SafeWalker } from '../../internal/node/walk';
import { OPENHANDS_NAMESPACE } from '../manifest/manifest-extensions';
import { findEntry } from './containment';
import { PLUGIN_COMPONENT_IGNORED } from './rules';
import type { PluginLayout } from './types';

interface Place {
  /** Path below the plugin folder. */
  path: string;
  kind: 'file' | 'directory';
  /** What the layout reads instead, and who reads this place. */
  instead: string;
}

const OLD_SERVERS = 'servers before 1.49 read this one';

/** The places the other layout uses. */
function otherLayoutPlaces(layout: PluginLayout): Place[] {
  const ns = OPENHANDS_NAMESPACE;
  if (layout === 'agent-plugins') {
    return [
      { path: 'commands', kind: 'directory', instead: `reads commands from ${ns}/commands/ (${OLD_SERVERS})` },
      { path: 'agents', kind: 'directory', instead: `reads agents from ${ns}/agents/ (${OLD_SERVERS})` },
      { path: 'hooks/hooks.json', kind: 'file', instead: `reads hooks from ${ns}/hooks/hooks.json (${OLD_SERVERS})` },
      { path: '.mcp.json', kind: 'file', instead: `reads tool servers from mcp.json, without the dot (${OLD_SERVERS})` },
    ];
  }
  const agentPlugins = 'only in an Agent Plugins plugin (a root plugin.json, read from 1.49)';
  return [
    { path: ns, kind: 'directory', instead: `reads ${ns}/ ${agentPlugins}` },
    { path: 'mcp.json', kind: 'file', instead: `reads tool servers from .mcp.json; it reads mcp.json ${agentPlugins}` },
  ];
}

/** The folders the layout reads, which must be folders. */
function ownFolders(layout: PluginLayout): string[] {
  if (layout === 'legacy') return ['commands', 'agents', 'hooks'];
  const ns = OPENHANDS_NAMESPACE;
  return [ns, `${ns}/commands`, `${ns}/agents`, `${ns}/hooks`];
}

/** Reports the components of `directory` the service does not read in `layout`. */
export async function reportIgnoredComponents(
  walker: SafeWalker,
  directory: string,
  layout: PluginLayout,
  diagnostics: Diagnostic[],
): Promise<void> {
  for (const place of otherLayoutPlaces(layout)) {
    const entry = await findEntry(walker, directory, place.path);
    if (entry?.kind !== place.kind) continue;
    const shown = place.kind === 'directory' ? `${place.path}/` : place.path;
    const plugin = layout === 'agent-plugins' ? 'an Agent Plugins plugin' : 'a legacy plugin';
    const message = `The service does not read ${shown} here: ${plugin} ${place.instead}.`;
    diagnostics.push(diagnostic(PLUGIN_COMPONENT_IGNORED, { file: entry.path, message }));
  }
  for (const path of ownFolders(layout)) {
    const entry = await findEntry(walker, directory, path);
    if (!entry || entry.kind === 'directory') continue;
    const message = `${path} is ${entry.kind === 'file' ? 'a file' : 'not a folder'}: the service loads nothing from it.`;
    diagnostics.push(diagnostic(PLUGIN_COMPONENT_IGNORED, { file: entry.path, message, hint: `Make ${path} a folder.` }));
  }
}
