/**
 * The `agent-plugins` profile: Agent Plugins 1.0.0 conformance of every plugin folder found.
 * The root manifest through `parsePluginManifest`, skills in `skills/<child>/SKILL.md` judged by
 * the Agent Skills rules, `mcp.json` through `parseMcpConfig`, containment once links are
 * resolved, and client data under reverse-domain namespaces.
 * @module
 */
import { basename, join } from 'node:path';
import { AGENT_PLUGINS_MANIFEST_SCHEMA, checkPluginName, parsePluginManifest, suggestPluginName } from '../../plugins/index';
import { isJsonObject, readJsonDocument } from '../../plugins/internal';
import type { Artifacts, PluginArtifact } from '../artifacts';
import type { ProfileDiagnostic } from '../types';
import { checkPluginLinks } from './agent-plugins-links';
import { checkPluginMcp, schemaVersion } from './agent-plugins-mcp';
import {
  AGENT_PLUGINS_CLIENT_FOLDER,
  AGENT_PLUGINS_EXTENSION_NAMESPACE,
  AGENT_PLUGINS_MANIFEST_MISSING,
  AGENT_PLUGINS_OUTSIDE_ROOT,
  AGENT_PLUGINS_UNREADABLE,
} from './agent-plugins-rules';
import { checkPluginSkills } from './agent-plugins-skills';
import { escapesRoot, listFolder, pathKind } from './paths';
import { createCollector, type ProfileCollector, retag } from './profile-output';
import { type ProfileOptions, type ResolvedOptions, readText, resolveOptions } from './read-text';

/** Manifest rules that describe the service rather than the specification. */
export const AGENT_PLUGINS_DROPPED_MANIFEST_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'manifest-root-ignored-before-1.49',
  'manifest-extension-unused',
  'manifest-openhands-extension-ignored',
  'manifest-entry-command-invalid',
]);
const VOICE = 'a conforming client';
/** A reverse-domain namespace: two or more dot-separated DNS labels. */
const REVERSE_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** Root folders of other plugin formats' component types. */
const CLIENT_FOLDERS = ['commands', 'agents', 'hooks', 'output-styles', 'outputStyles', 'monitors', 'themes'];

/** The name a legacy manifest gives, or the folder's, made into a valid plugin name. */
async function proposedName(plugin: PluginArtifact, options: ResolvedOptions): Promise<string> {
  if (plugin.manifest) {
    const read = await readText(plugin.manifest, options);
    const document = read.ok ? readJsonDocument(read.text, plugin.manifest, 'strip') : undefined;
    const name = document?.ok && isJsonObject(document.source.value) ? document.source.value.name : undefined;
    if (typeof name === 'string' && checkPluginName(name).ok) return name;
    if (typeof name === 'string' && suggestPluginName(name)) return suggestPluginName(name) as string;
  }
  return suggestPluginName(basename(plugin.dir)) ?? 'my-plugin';
}

async function checkLegacyPlugin(plugin: PluginArtifact, options: ResolvedOptions, collector: ProfileCollector): Promise<void> {
  const name = await proposedName(plugin, options);
  const where = plugin.manifest ? `only ${basename(join(plugin.manifest, '..'))}/plugin.json` : 'no manifest';
  collector.report(AGENT_PLUGINS_MANIFEST_MISSING, {
    file: plugin.manifest ?? join(plugin.dir, 'plugin.json'),
    message: `This plugin has ${where} and no plugin.json at its root: it is a legacy plugin, not an Agent Plugins plugin, and a conforming client does not load it.`,
    hint: `Add plugin.json at the root of the plugin folder with { "$schema": "${AGENT_PLUGINS_MANIFEST_SCHEMA}", "name": "${name}" }.`,
  });
}

/** Checks the root manifest; returns the specification version it declares when it loads. */
async function checkManifest(dir: string, options: ResolvedOptions, collector: ProfileCollector): Promise<string | undefined> {
  const file = join(dir, 'plugin.json');
  const outside = await escapesRoot(dir, file, options);
  if (outside) {
    collector.report(AGENT_PLUGINS_OUTSIDE_ROOT, {
      file,
      message: `plugin.json resolves outside the plugin (to ${outside}): a conforming client rejects the plugin.`,
    });
    return undefined;
  }
  const read = await readText(file, options);
  if (!read.ok) {
    if (read.reason !== 'outside')
      collector.report(AGENT_PLUGINS_UNREADABLE, { file, at: read.at, message: `${read.message} A conforming client rejects the plugin.` });
    return undefined;
  }
  const parsed = parsePluginManifest(read.text, { file });
  collector.diagnostics.push(...retag(parsed.diagnostics, collector.profile, { drop: AGENT_PLUGINS_DROPPED_MANIFEST_CODES, voice: VOICE }));
  const document = readJsonDocument(read.text, file, 'strip');
  if (document.ok && isJsonObject(document.source.value)) {
    const extensions = document.source.value.extensions;
    if (isJsonObject(extensions)) {
      for (const namespace of Object.keys(extensions)) {
        if (REVERSE_DOMAIN.test(namespace)) continue;
        collector.report(AGENT_PLUGINS_EXTENSION_NAMESPACE, {
          file,
          at: document.source.locate(['extensions', namespace], 'key'),
          message: `The extension key "${namespace}" is not a reverse-domain namespace (such as "dev.openhands" or "com.example.client").`,
        });
      }
    }
  }
  return parsed.ok ? schemaVersion(parsed.value.$schema, 'plugin') : undefined;
}

async function checkClientFolders(dir: string, options: ResolvedOptions, collector: ProfileCollector): Promise<void> {
  for (const entry of await listFolder(dir, options)) {
    if (entry.kind !== 'directory' || !CLIENT_FOLDERS.includes(entry.name)) continue;
    collector.report(AGENT_PLUGINS_CLIENT_FOLDER, {
      file: join(dir, entry.name),
      message: `${entry.name}/ at the plugin root is not an Agent Plugins component: a conforming client ignores it, and client-specific files belong in a folder named after the client's namespace.`,
      hint: `Move it to the namespace folder of the client that reads it, such as dev.openhands/${entry.name}/.`,
    });
  }
}

/** Checks one plugin folder. */
async function checkPlugin(plugin: PluginArtifact, options: ResolvedOptions, collector: ProfileCollector): Promise<void> {
  if (plugin.layout !== 'agent-plugins' && (await pathKind(join(plugin.dir, 'plugin.json'), options)) !== 'file') {
    await checkLegacyPlugin(plugin, options, collector);
    return;
  }
  const version = await checkManifest(plugin.dir, options, collector);
  await checkPluginSkills(plugin.dir, options, collector.report);
  await checkPluginMcp(plugin.dir, version, options, collector);
  await checkClientFolders(plugin.dir, options, collector);
  await checkPluginLinks(plugin.dir, options, collector);
}

/** The diagnostics of the `agent-plugins` profile for every plugin folder found. */
export async function checkAgentPlugins(artifacts: Artifacts, options: ProfileOptions = {}): Promise<ProfileDiagnostic[]> {
  const resolved = resolveOptions(options);
  const collector = createCollector('agent-plugins');
  const seen = new Set<string>();
  for (const plugin of artifacts.plugins) {
    if (seen.has(plugin.dir)) continue;
    seen.add(plugin.dir);
    await checkPlugin(plugin, resolved, collector);
  }
  return [...collector.diagnostics, ...retag(resolved.containment.diagnostics, collector.profile)];
}
