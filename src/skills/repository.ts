/**
 * `loadRepository`: the skills a project gives a conversation, as the service loads them from a
 * working folder and its git root: instruction files, nested instruction files as path rules,
 * then the project skill folders, the first of a name winning.
 * @module
 */
import { dirname, join, resolve } from 'node:path';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../internal/diagnostic';
import { nodeFileSystem, type SkillFileSystem } from '../internal/node/file-system';
import { SafeWalker } from '../internal/node/walk';
import { firstFailure, problemDiagnostics } from '../internal/problem';
import { findGitRoot } from './git-root';
import { findRootInstructionFiles, loadInstructionFile, loadNestedInstructionFiles } from './instruction-files';
import { DEFAULT_MAX_FILE_SIZE, loadFolder } from './load-directory';
import { resolvePreset, type SkillPreset } from './presets';
import { INSTRUCTION_FILE_SKIPPED, SHADOWED_SKILL, WOULD_DROP_DIRECTORY } from './rules';
import type { Skill, SkillSet } from './types';

/** Options of {@link loadRepository}. */
export interface LoadRepositoryOptions {
  /** Folder names to use (default: the neutral preset, `.agents/skills` only; `'openhands'` adds the legacy folders). */
  preset?: string | SkillPreset;
  /** Read only front matter (`frontmatter`, the default) or whole files (`full`: every byte checked, as `agentwire validate` does). */
  scan?: 'frontmatter' | 'full';
  /** Files larger than this (default 1 MiB) are reported and only their front matter is read. */
  maxFileSize?: number;
  /** Also read the git root above the working folder, as the service does (default `true`). */
  gitRoot?: boolean;
  /** Read instruction files in subfolders as path rules, as the service does (default `true`). */
  nested?: boolean;
  fs?: SkillFileSystem;
}

/** Splits skills by the role the service gives them, keeping their order. */
export function toSkillSet(skills: readonly Skill[], diagnostics: Diagnostic[]): SkillSet {
  return {
    context: skills.filter((skill) => skill.role === 'context'),
    skills: skills.filter((skill) => skill.role === 'skill'),
    rules: skills.filter((skill) => skill.role === 'rule'),
    diagnostics: diagnostics.sort(compareDiagnostics),
  };
}

/** Loads a project's skills as the service does, with a diagnostic for everything it drops, hides or misreads. */
export async function loadRepository(dir: string, options: LoadRepositoryOptions = {}): Promise<SkillSet> {
  const fs = options.fs ?? nodeFileSystem;
  const preset = resolvePreset(options.preset);
  const limits = { scan: options.scan ?? 'frontmatter', maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE } as const;
  const gitRoot = options.gitRoot === false ? undefined : await findGitRoot(dir, fs);
  const gitRootPath = gitRoot && resolve(gitRoot) !== resolve(dir) ? join(dir, ...relativeUp(dir, gitRoot)) : undefined;
  const roots = gitRootPath ? [dir, gitRootPath] : [dir];
  const walker = new SafeWalker(fs, gitRootPath ?? dir);
  const diagnostics: Diagnostic[] = [];
  const kept = new Map<string, Skill>();
  let fatal: { file: string; line: number; column: number } | undefined;

  const keep = (skill: Skill, onDuplicate: (winner: Skill) => void) => {
    const winner = kept.get(skill.name);
    if (winner) onDuplicate(winner);
    else kept.set(skill.name, skill);
  };
  const shadowed = (skill: Skill, winner: Skill, why: string) => {
    const message = `"${skill.name}" is hidden by ${winner.file}: ${why}.`;
    const related = [{ file: winner.file, line: 1, column: 1, message: 'the skill the service keeps' }];
    diagnostics.push(diagnostic(SHADOWED_SKILL, { file: skill.file, message, related }));
  };

  for (const root of roots) {
    const found = await findRootInstructionFiles(walker, root);
    diagnostics.push(...problemDiagnostics(found.problems));
    for (const file of found.files) {
      const { skill, problems } = await loadInstructionFile(walker, file, limits);
      diagnostics.push(...problemDiagnostics(problems, 'every skill of the project'));
      const failure = firstFailure(problems);
      if (failure) {
        fatal ??= { file, line: failure.diagnostic.line, column: failure.diagnostic.column };
        continue;
      }
      keep(skill, (winner) => {
        if (dirname(winner.file) === dirname(file)) {
          const message = `${file} becomes the context "${skill.name}" like ${winner.file}, which the service reads first; it skips this file without a log line.`;
          diagnostics.push(diagnostic(INSTRUCTION_FILE_SKIPPED, { file, message }));
        } else shadowed(skill, winner, 'the working folder\u2019s file wins over the git root\u2019s');
      });
    }
  }
  if (options.nested !== false) {
    for (const { skill, problems } of await loadNestedInstructionFiles(walker, dir, limits)) {
      diagnostics.push(...problemDiagnostics(problems));
      if (!firstFailure(problems)) keep(skill, (winner) => shadowed(skill, winner, 'an earlier skill has the same name'));
    }
  }
  for (const root of roots) {
    for (const folder of preset.projectSkillDirectories) {
      const loaded = await loadFolder(walker, join(root, ...folder.split('/')), { ...options, scope: 'project' });
      diagnostics.push(...loaded.diagnostics);
      for (const skill of loaded.skills) {
        keep(skill, (winner) =>
          shadowed(
            skill,
            winner,
            'the service keeps the first skill of a name (instruction files, then folders in precedence order, the working folder before the git root)',
          ),
        );
      }
    }
  }
  diagnostics.push(...walker.diagnostics);
  if (fatal) {
    const names = [...kept.keys()].sort();
    const message = `Because this instruction file is not UTF-8, the service fails to load the project's skills and drops all of them${names.length > 0 ? `: ${names.join(', ')}` : ''}.`;
    diagnostics.push(diagnostic(WOULD_DROP_DIRECTORY, { file: fatal.file, at: fatal, message }));
    return toSkillSet([], diagnostics);
  }
  return toSkillSet([...kept.values()], diagnostics);
}

/** The `..` steps from `dir` up to its ancestor `ancestor`. */
function relativeUp(dir: string, ancestor: string): string[] {
  const steps: string[] = [];
  for (let folder = resolve(dir); folder !== resolve(ancestor) && dirname(folder) !== folder; folder = dirname(folder)) steps.push('..');
  return steps;
}
