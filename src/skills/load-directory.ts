/**
 * `loadSkillsDirectory`: one skills folder loaded as the service loads it, with its precedence
 * rules inside the folder and what one bad file costs in each scope.
 * @module
 */
import { type Diagnostic, diagnostic } from '../internal/diagnostic';
import { mapConcurrent } from '../internal/map-concurrent';
import { nodeFileSystem, type SkillFileSystem } from '../internal/node/file-system';
import { SafeWalker } from '../internal/node/walk';
import { firstFailure, problemDiagnostics } from '../internal/problem';
import { discoverSkillFiles, legacyName } from './discover';
import { keepLastByName } from './last-wins';
import { loadSkillFile } from './load-skill-file';
import { SHADOWED_SKILL, WOULD_DROP_DIRECTORY } from './rules';
import type { Skill, SkillScope } from './types';

/** Options of {@link loadSkillsDirectory}. */
export interface LoadSkillsDirectoryOptions {
  /** Which loader of the service to follow (default `project`): it decides what one bad file costs. */
  scope?: SkillScope;
  /** Nothing outside this folder is read (default: the skills folder itself). */
  root?: string;
  /** Read only front matter (`frontmatter`, the default: bodies are read by `loadSkillContent`) or whole files (`full`). */
  scan?: 'frontmatter' | 'full';
  /** Files larger than this (default 1 MiB) are reported and only their front matter is read. */
  maxFileSize?: number;
  /** Apply the Agent Skills name rules to SKILL.md files (default `true`, as the service does outside plugins). */
  strict?: boolean;
  /** Legacy file names are taken relative to this folder (default: the skills folder). */
  nameBase?: string;
  /** Load legacy single-file skills too (default `true`); `false` loads SKILL.md folders only. */
  legacyFiles?: boolean;
  /** The file access to use (default: the real file system). */
  fs?: SkillFileSystem;
}

/** One skills folder, loaded. */
export interface SkillsDirectory {
  directory: string;
  /** The skills the service keeps from this folder, one per name, in the order it merges them. */
  skills: Skill[];
  /** Whether the service drops the whole folder (see the `would-drop-directory` diagnostic). */
  dropped: boolean;
  diagnostics: Diagnostic[];
}

/** The default size limit of a skill file. */
export const DEFAULT_MAX_FILE_SIZE = 1024 * 1024;

/** How many files are read at once. */
const READ_CONCURRENCY = 16;

const FOLDER_SCOPES: ReadonlySet<SkillScope> = new Set(['project', 'user', 'organization']);

/** Loads one skills folder as the service does. A missing folder loads as empty. */
export async function loadSkillsDirectory(directory: string, options: LoadSkillsDirectoryOptions = {}): Promise<SkillsDirectory> {
  const walker = new SafeWalker(options.fs ?? nodeFileSystem, options.root ?? directory);
  const result = await loadFolder(walker, directory, options);
  result.diagnostics.push(...walker.diagnostics);
  return result;
}

/** {@link loadSkillsDirectory} with a walker shared by several folders (its link diagnostics stay with it). */
export async function loadFolder(walker: SafeWalker, directory: string, options: LoadSkillsDirectoryOptions): Promise<SkillsDirectory> {
  const scope = options.scope ?? 'project';
  const folderScope = FOLDER_SCOPES.has(scope);
  const limits = { scan: options.scan ?? 'frontmatter', maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE } as const;
  const result: SkillsDirectory = { directory, skills: [], dropped: false, diagnostics: [] };
  if ((await walker.resolve(directory))?.kind !== 'directory') return result;
  const found = await discoverSkillFiles(walker, directory);
  result.diagnostics.push(
    ...(options.legacyFiles === false ? found.diagnostics.filter((d) => d.code !== 'readme-loaded-as-skill') : found.diagnostics),
  );
  const nameBase = options.nameBase ?? directory;
  const strict = options.strict ?? true;
  const loaded: Skill[] = [];
  let dropAt: { file: string; name: string; at: Diagnostic } | undefined;
  const files = [
    ...found.skillFiles.map((file) => ({ file, format: 'agentskills' as const })),
    ...(options.legacyFiles === false ? [] : found.legacyFiles.map((file) => ({ file, format: 'legacy' as const }))),
  ];
  // Files are read concurrently and handled in the service's order.
  const read = await mapConcurrent(files, READ_CONCURRENCY, ({ file, format }) =>
    loadSkillFile(walker, file, { format, scope, strict, limits, fallbackName: legacyName(nameBase, file) }),
  );
  for (const [index, { skill, problems }] of read.entries()) {
    const { file } = files[index] as { file: string };
    result.diagnostics.push(...problemDiagnostics(problems, folderScope ? 'every skill of this folder' : undefined));
    const failure = firstFailure(problems);
    if (!failure) loaded.push(skill);
    else if (failure.effect === 'directory' && folderScope && !dropAt) dropAt = { file, name: skill.name, at: failure.diagnostic };
  }
  result.skills = mergeFolder(loaded, scope, result.diagnostics);
  if (dropAt) {
    result.dropped = true;
    const names = [...new Set([dropAt.name, ...result.skills.map((skill) => skill.name)])].sort();
    const lost = names.length > 0 ? `every skill of ${directory} is lost: ${names.join(', ')}` : 'no other skill of the folder loads';
    const message = `Because of the problem at line ${dropAt.at.line}, the service drops the whole folder: ${lost}.`;
    result.diagnostics.push(
      diagnostic(WOULD_DROP_DIRECTORY, { file: dropAt.file, at: { line: dropAt.at.line, column: dropAt.at.column }, message }),
    );
    result.skills = [];
  }
  return result;
}

/**
 * The service's precedence inside one folder. Loaded files fall in three groups: always-on
 * legacy files, triggered legacy files, SKILL.md files; within a group the last file of a name
 * wins silently. Project and user folders then keep the first group that has a name (a legacy
 * file beats a SKILL.md); organization repositories the last (a SKILL.md wins).
 */
function mergeFolder(loaded: Skill[], scope: SkillScope, diagnostics: Diagnostic[]): Skill[] {
  // Public skills go into one list, later files winning; elsewhere three groups.
  const groups: Map<string, Skill>[] = [new Map(), new Map(), new Map()];
  for (const skill of loaded) {
    const index = scope === 'public' ? 0 : skill.format === 'agentskills' ? 2 : skill.trigger ? 1 : 0;
    keepLastByName(groups[index] as Map<string, Skill>, skill, diagnostics);
  }
  const ordered = groups.flatMap((group) => [...group.values()]);
  const winners = new Map<string, Skill>();
  for (const skill of ordered) {
    const other = winners.get(skill.name);
    if (!other) {
      winners.set(skill.name, skill);
      continue;
    }
    const [winner, loser] = scope === 'organization' ? [skill, other] : [other, skill];
    winners.set(skill.name, winner);
    const why =
      scope === 'organization'
        ? 'in a configuration repository a SKILL.md beats a legacy file'
        : 'in a project or user folder a legacy file beats a SKILL.md';
    const message = `"${loser.name}" is hidden by ${winner.file}: ${why}.`;
    diagnostics.push(
      diagnostic(SHADOWED_SKILL, {
        file: loser.file,
        message,
        related: [{ file: winner.file, line: 1, column: 1, message: 'the skill the service keeps' }],
      }),
    );
  }
  return [...winners.values()];
}
