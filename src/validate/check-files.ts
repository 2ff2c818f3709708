/**
 * Single files given to `agentwire validate` (a SKILL.md, a plugin.json, a hooks.json…), and the
 * plugin and skill folders a marketplace lists: each checked with the service's reader for it.
 * @module
 */
import { basename, dirname, join } from 'node:path';
import type { Diagnostic } from '../internal/diagnostic';
import { SafeWalker } from '../internal/node/walk';
import { problemDiagnostics } from '../internal/problem';
import { parseHooksConfig, parseLegacyMcpConfig, parseLegacyPluginManifest, parseMcpConfig, parsePluginManifest } from '../plugins/index';
import { loadPluginDirectory, type PluginDirectory } from '../plugins/node';
import type { SkillFileSystem } from '../skills/index';
import { loadSkillFile } from '../skills/internal';
import type { PluginArtifact, SkillArtifact } from './artifacts';

/** Options shared by the file checks. */
export interface FileCheckOptions {
  fs: SkillFileSystem;
  service: '1.43' | '1.49';
  maxFileSize: number;
}

async function text(fs: SkillFileSystem, file: string, limit: number): Promise<string> {
  return new TextDecoder().decode(await fs.read(file, 0, limit));
}

/** A plugin folder, with the files it holds for the other profiles. */
export async function checkPluginFolder(
  dir: string,
  root: string,
  options: FileCheckOptions,
): Promise<{ loaded: PluginDirectory; artifact: PluginArtifact; skills: SkillArtifact[] }> {
  const loaded = await loadPluginDirectory(dir, {
    service: options.service,
    root,
    scan: 'full',
    maxFileSize: options.maxFileSize,
    fs: options.fs,
  });
  const skillFiles = loaded.ok ? loaded.skills.filter((skill) => skill.format !== 'instructions') : [];
  const skills = skillFiles.map(
    (skill): SkillArtifact =>
      skill.directory === undefined
        ? { file: skill.file, format: 'legacy', origin: 'plugin' }
        : { file: skill.file, format: 'agentskills', folder: skill.directory, origin: 'plugin' },
  );
  const artifact: PluginArtifact = {
    dir,
    layout: loaded.layout ?? 'legacy',
    skills: skills.map((skill) => skill.file),
    commands: loaded.ok ? loaded.commands.map((command) => command.file) : [],
    agents: loaded.ok ? loaded.agents.map((agent) => agent.file) : [],
  };
  if (loaded.manifestFile) artifact.manifest = loaded.manifestFile;
  return { loaded, artifact, skills };
}

/** A skill a marketplace lists: a folder with a SKILL.md, or a skill file, loaded as the service loads standalone skills. */
export async function checkListedSkill(
  path: string,
  root: string,
  options: FileCheckOptions,
): Promise<{ diagnostics: Diagnostic[]; artifact?: SkillArtifact }> {
  const walker = new SafeWalker(options.fs, root);
  const info = await walker.resolve(path);
  let file = path;
  if (info?.kind === 'directory') {
    const entry = (await walker.list(path)).find((child) => child.kind === 'file' && child.name.toLowerCase() === 'skill.md');
    if (!entry) return { diagnostics: [...walker.diagnostics] };
    file = entry.path;
  } else if (info?.kind !== 'file') return { diagnostics: [...walker.diagnostics] };
  const agentskills = basename(file).toLowerCase() === 'skill.md';
  const limits = { scan: 'full', maxFileSize: options.maxFileSize } as const;
  const loaded = await loadSkillFile(walker, file, {
    format: agentskills ? 'agentskills' : 'legacy',
    scope: 'public',
    strict: false,
    limits,
  });
  const artifact: SkillArtifact = agentskills
    ? { file, format: 'agentskills', folder: dirname(file), origin: 'plugin' }
    : { file, format: 'legacy', origin: 'plugin' };
  return { diagnostics: [...problemDiagnostics(loaded.problems), ...walker.diagnostics], artifact };
}

/**
 * One file by its name: a manifest, a hooks or tool-server file. Skills and marketplaces are
 * checked by their own checks. A file that resolves outside `root` is reported, not read.
 */
export async function checkSingleFile(
  file: string,
  kind: 'plugin-manifest' | 'hooks' | 'mcp' | 'legacy-mcp',
  root: string,
  options: FileCheckOptions,
): Promise<Diagnostic[]> {
  const walker = new SafeWalker(options.fs, root);
  if (!(await walker.resolve(file))) return walker.diagnostics;
  const content = await text(options.fs, file, Math.max(options.maxFileSize, 1024 * 1024));
  switch (kind) {
    case 'plugin-manifest': {
      const parent = basename(dirname(file));
      return parent === '.plugin' || parent === '.claude-plugin'
        ? parseLegacyPluginManifest(content, { file }).diagnostics
        : parsePluginManifest(content, { file, service: options.service }).diagnostics;
    }
    case 'hooks':
      return parseHooksConfig(content, { file }).diagnostics;
    case 'mcp':
      return parseMcpConfig(content, { file }).diagnostics;
    case 'legacy-mcp':
      return parseLegacyMcpConfig(content, { file }).diagnostics;
  }
}

/** The hooks and tool-server files of a plugin folder, for the inventory. */
export async function componentFiles(dir: string, fs: SkillFileSystem): Promise<{ hooks: string[]; toolServers: string[] }> {
  const present = async (path: string) => (await fs.kind(path))?.kind === 'file';
  const hooks = join(dir, 'hooks', 'hooks.json');
  const toolServers = [join(dir, 'mcp.json'), join(dir, '.mcp.json')];
  return {
    hooks: (await present(hooks)) ? [hooks] : [],
    toolServers: (await Promise.all(toolServers.map(present))).flatMap((found, index) => (found ? [toolServers[index] as string] : [])),
  };
}
