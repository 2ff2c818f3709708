/**
 * The service's own rules (`openhands`) over projects, bare skills folders and configuration
 * repositories, and the skill files found on the way (for the other profiles).
 * @module
 */
import { join } from 'node:path';
import type { Diagnostic } from '../internal/diagnostic';
import { SafeWalker } from '../internal/node/walk';
import {
  loadRepository,
  loadSkillsDirectory,
  readConfigCheckout,
  type Skill,
  type SkillFileSystem,
  type SkillPreset,
} from '../skills/index';
import { discoverSkillFiles } from '../skills/internal';
import type { SkillArtifact } from './artifacts';

/** What checking one target gives. */
export interface SkillCheck {
  diagnostics: Diagnostic[];
  /** The skills the service would load. */
  loaded: Skill[];
  /** Every skill file found, loaded or not. */
  artifacts: SkillArtifact[];
}

/** Options shared by the checks. */
export interface SkillCheckOptions {
  fs: SkillFileSystem;
  preset: SkillPreset;
  maxFileSize?: number;
}

/** Every skill file in a skills folder, by the service's discovery rules. */
async function folderArtifacts(
  fs: SkillFileSystem,
  root: string,
  folder: string,
  origin: SkillArtifact['origin'],
  legacy = true,
): Promise<SkillArtifact[]> {
  const walker = new SafeWalker(fs, root);
  if ((await walker.resolve(folder))?.kind !== 'directory') return [];
  const found = await discoverSkillFiles(walker, folder);
  return [
    ...found.skillFiles.map((file): SkillArtifact => ({ file, format: 'agentskills', folder: join(file, '..'), origin })),
    ...(legacy ? found.legacyFiles.map((file): SkillArtifact => ({ file, format: 'legacy', origin })) : []),
  ];
}

const sizeOption = (options: SkillCheckOptions) => (options.maxFileSize === undefined ? {} : { maxFileSize: options.maxFileSize });

/** A project: its instruction files, nested rules and the preset's skill folders, read whole. */
export async function checkProject(path: string, options: SkillCheckOptions): Promise<SkillCheck> {
  const set = await loadRepository(path, { preset: options.preset, scan: 'full', gitRoot: false, fs: options.fs, ...sizeOption(options) });
  const artifacts: SkillArtifact[] = [...set.context, ...set.rules]
    .filter((skill) => skill.format === 'instructions')
    .map((skill) => ({ file: skill.file, format: 'instructions', origin: 'project' }));
  for (const folder of options.preset.projectSkillDirectories) {
    artifacts.push(...(await folderArtifacts(options.fs, path, join(path, ...folder.split('/')), 'project')));
  }
  return { diagnostics: set.diagnostics, loaded: [...set.context, ...set.skills, ...set.rules], artifacts };
}

/** A skills folder on its own, as a project folder. */
export async function checkSkillsFolder(path: string, legacy: boolean, options: SkillCheckOptions): Promise<SkillCheck> {
  const loaded = await loadSkillsDirectory(path, {
    scope: 'project',
    scan: 'full',
    fs: options.fs,
    legacyFiles: legacy,
    ...sizeOption(options),
  });
  const artifacts = await folderArtifacts(options.fs, path, path, 'skills-folder', legacy);
  return { diagnostics: loaded.diagnostics, loaded: loaded.skills, artifacts };
}

/** A configuration repository: `skills/`, then `microagents/` for names `skills/` lacks. */
export async function checkConfigRepository(path: string, options: SkillCheckOptions): Promise<SkillCheck> {
  const read = await readConfigCheckout(path, { scan: 'full', fs: options.fs, ...sizeOption(options) });
  const artifacts = [
    ...(await folderArtifacts(options.fs, path, join(path, 'skills'), 'config-repository')),
    ...(await folderArtifacts(options.fs, path, join(path, 'microagents'), 'config-repository')),
  ];
  return { diagnostics: read.diagnostics, loaded: read.skills, artifacts };
}
