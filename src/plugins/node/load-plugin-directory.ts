/**
 * `loadPluginDirectory`: a plugin folder read from disk as the service reads it, in the layout it
 * sees (Agent Plugins from 1.49 when there is a root `plugin.json`, legacy otherwise), with every
 * component and a diagnostic for everything it rejects, skips or misreads.
 * @module
 */
import { join, resolve } from 'node:path';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../../internal/diagnostic';
import { nodeFileSystem } from '../../internal/node/file-system';
import { SafeWalker } from '../../internal/node/walk';
import type { Skill } from '../../skills/index';
import { DEFAULT_MAX_FILE_SIZE } from '../../skills/index';
import { keepLastByName } from '../../skills/internal';
import { OPENHANDS_NAMESPACE, pluginEntryCommand } from '../manifest/manifest-extensions';
import { loadPluginAgents } from './agents';
import { loadPluginCommands } from './commands';
import { findEntry, isInside, outsideLinkDiagnostics } from './containment';
import { reportIgnoredComponents } from './ignored-components';
import { detectLayout, kindOf, loadManifest, type ManifestLoad } from './manifest-file';
import { loadPluginHooks } from './plugin-hooks';
import { loadPluginSkills } from './plugin-skills';
import { PLUGIN_DIRECTORY_MISSING, PLUGIN_ENTRY_COMMAND_MISSING, PLUGIN_PATH_OUTSIDE_ROOT } from './rules';
import { loadAgentPluginsToolServers, loadLegacyToolServers } from './tool-servers';
import type { LoadPluginDirectoryOptions, PluginCommand, PluginComponents, PluginDirectory } from './types';

/**
 * Loads a plugin folder as the service does. A folder the service rejects (not a folder, a
 * manifest it refuses) comes back with `ok: false` and nothing discovered; otherwise every
 * component is there as the service keeps it, and `diagnostics` says what it drops and why. Bad
 * files never make it throw; a `root` that does not contain the folder is a `TypeError`.
 */
export async function loadPluginDirectory(directory: string, options: LoadPluginDirectoryOptions = {}): Promise<PluginDirectory> {
  if (typeof directory !== 'string') throw new TypeError('loadPluginDirectory: the plugin folder must be a string');
  const service = options.service ?? '1.49';
  if (service !== '1.49' && service !== '1.43') throw new TypeError(`loadPluginDirectory: unknown service version ${String(service)}`);
  if (options.root !== undefined && !isInside(resolve(options.root), resolve(directory))) {
    throw new TypeError('loadPluginDirectory: options.root must contain the plugin folder');
  }
  const fs = options.fs ?? nodeFileSystem;
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const limits = { scan: options.scan ?? 'frontmatter', maxFileSize } as const;
  const diagnostics: Diagnostic[] = [];
  const base = { directory, service, diagnostics };
  if ((await kindOf(fs, directory)) !== 'directory') {
    const message = `${directory} is not a folder (it is missing, or not a directory): the service fails to load the plugin.`;
    diagnostics.push(diagnostic(PLUGIN_DIRECTORY_MISSING, { file: directory, message }));
    return { ok: false, layout: null, manifestFile: null, failure: 'not-a-directory', ...base };
  }
  if (options.root !== undefined) {
    // The folder itself may be a link: whatever it resolves to must lie inside the root too.
    const [realRoot, realDirectory] = await Promise.all([
      fs.realpath(options.root).catch(() => resolve(options.root as string)),
      fs.realpath(directory).catch(() => resolve(directory)),
    ]);
    if (!isInside(realRoot, realDirectory)) {
      const message = `${directory} resolves to ${realDirectory}, outside ${options.root}: the service follows the link; agentwire does not read it.`;
      diagnostics.push(diagnostic(PLUGIN_PATH_OUTSIDE_ROOT, { file: directory, message, severity: 'warning' }));
      return { ok: false, layout: null, manifestFile: null, failure: 'outside-root', ...base };
    }
  }
  const layout = await detectLayout(fs, directory, service);
  // An Agent Plugins plugin is held to its own folder, as the service holds it; a legacy one to the root given.
  const walker = new SafeWalker(fs, layout === 'agent-plugins' ? directory : (options.root ?? directory));
  const manifest = await loadManifest(walker, directory, layout, service, maxFileSize, diagnostics);
  const finish = async () => {
    diagnostics.push(...(await outsideLinkDiagnostics(walker, fs, directory, layout)));
    diagnostics.sort(compareDiagnostics);
  };
  if (!manifest.ok) {
    await finish();
    return { ok: false, layout, manifestFile: manifest.file, failure: manifest.failure, ...base };
  }
  const name = manifest.manifest.name;
  const own = await loadPluginSkills(walker, directory, layout, limits, diagnostics);
  // Component folders are found step by step through the walker, so none is reached through a link leaving the root.
  const prefix = layout === 'agent-plugins' ? `${OPENHANDS_NAMESPACE}/` : '';
  const folder = async (component: string) => (await findEntry(walker, directory, prefix + component))?.kind === 'directory';
  const commandsDir = join(directory, prefix, 'commands');
  const { commands, skills: fromCommands } = (await folder('commands'))
    ? await loadPluginCommands(walker, commandsDir, name, limits, diagnostics)
    : { commands: [], skills: [] };
  const agents = (await folder('agents')) ? await loadPluginAgents(walker, join(directory, prefix, 'agents'), limits, diagnostics) : [];
  const hooks = (await folder('hooks')) ? await loadPluginHooks(walker, join(directory, prefix, 'hooks'), maxFileSize, diagnostics) : null;
  await reportIgnoredComponents(walker, directory, layout, diagnostics);
  const merged = mergeSkills(own, fromCommands, diagnostics);
  const entryCommand = entryCommandOf(manifest);
  const components: PluginComponents = {
    name,
    ...merged,
    commands,
    agents,
    hooks,
    entryCommand,
    launchMessage: entryCommand ? `/${name}:${entryCommand}` : null,
  };
  checkEntryCommand(manifest, components, commands, commandsDir, diagnostics);
  if (manifest.layout === 'agent-plugins') {
    const mcpServers = await loadAgentPluginsToolServers(walker, directory, maxFileSize, diagnostics);
    await finish();
    return {
      ok: true,
      layout: 'agent-plugins',
      manifestFile: manifest.file,
      manifest: manifest.manifest,
      mcpServers,
      ...components,
      ...base,
    };
  }
  const mcpServers = await loadLegacyToolServers(walker, directory, maxFileSize, diagnostics);
  await finish();
  return { ok: true, layout: 'legacy', manifestFile: manifest.file, manifest: manifest.manifest, mcpServers, ...components, ...base };
}

function entryCommandOf(manifest: ManifestLoad & { ok: true }): string | null {
  const command = manifest.layout === 'agent-plugins' ? pluginEntryCommand(manifest.manifest) : manifest.manifest.entry_command;
  return command ? command : null;
}

function checkEntryCommand(
  manifest: ManifestLoad & { ok: true },
  components: PluginComponents,
  commands: readonly PluginCommand[],
  commandsDir: string,
  diagnostics: Diagnostic[],
): void {
  const { entryCommand, launchMessage } = components;
  if (!entryCommand || commands.some((command) => command.name === entryCommand)) return;
  const file = manifest.file ?? commandsDir;
  const message = `entry_command "${entryCommand}" names no command of the plugin (no ${join(commandsDir, `${entryCommand}.md`)} loads): the launch message "${launchMessage}" triggers nothing.`;
  diagnostics.push(diagnostic(PLUGIN_ENTRY_COMMAND_MISSING, { file, at: manifest.entryCommandAt, message }));
}

/**
 * The service merges a plugin's skills and then its command skills by name, a later one replacing
 * an earlier one silently: the winners, in their lists, with a diagnostic per loser.
 */
function mergeSkills(
  own: readonly Skill[],
  fromCommands: readonly Skill[],
  diagnostics: Diagnostic[],
): Pick<PluginComponents, 'skills' | 'commandSkills'> {
  const winners = new Map<string, Skill>();
  for (const skill of [...own, ...fromCommands]) keepLastByName(winners, skill, diagnostics);
  return {
    skills: own.filter((skill) => winners.get(skill.name) === skill),
    commandSkills: fromCommands.filter((skill) => winners.get(skill.name) === skill),
  };
}
