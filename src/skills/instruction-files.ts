/**
 * Third-party instruction files (`AGENTS.md`, `AGENT.md`, `CLAUDE.md`, `GEMINI.md`,
 * `.cursorrules`): the ones at a root are always-on context; the ones in subfolders of the working
 * folder are path rules named `<name>:<folder>`, scoped to that folder.
 * @module
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { diagnostic } from '../internal/diagnostic';
import type { SkillFileSystem } from '../internal/node/file-system';
import type { ReadLimits } from '../internal/node/read-skill-file';
import type { SafeWalker } from '../internal/node/walk';
import type { Problem } from '../internal/problem';
import { comparePython } from '../internal/python/text';
import { findGitRoot } from './git-root';
import { instructionSkillName } from './instruction-names';
import { type LoadedFile, loadSkillFile } from './load-skill-file';
import { INSTRUCTION_FILE_SKIPPED, MODEL_GATED_CONTEXT } from './rules';
import type { Skill } from './types';

/** The instruction files of one root, as the service picks them: sorted, one per lower-cased name, links to a file already taken skipped. */
export async function findRootInstructionFiles(walker: SafeWalker, root: string): Promise<{ files: string[]; problems: Problem[] }> {
  const files: string[] = [];
  const problems: Problem[] = [];
  const seenNames = new Map<string, string>();
  const seenReal = new Map<string, string>();
  for (const entry of await walker.list(root)) {
    if (entry.kind !== 'file' || !instructionSkillName(entry.name)) continue;
    const lower = entry.name.toLowerCase();
    const earlier = seenNames.get(lower);
    if (earlier) {
      const message = `${entry.name} has the same name as ${earlier} apart from case: the service reads ${earlier} and skips this file.`;
      problems.push({ diagnostic: diagnostic(INSTRUCTION_FILE_SKIPPED, { file: entry.path, message }), effect: 'none' });
      continue;
    }
    const real = await walker.fs.realpath(entry.path).catch(() => entry.path);
    const same = seenReal.get(real);
    if (same) {
      const message = `${entry.name} links to ${same}, which is already read: the service skips the link.`;
      problems.push({ diagnostic: diagnostic(INSTRUCTION_FILE_SKIPPED, { file: entry.path, message, severity: 'info' }), effect: 'none' });
      continue;
    }
    seenNames.set(lower, entry.name);
    seenReal.set(real, entry.path);
    files.push(entry.path);
  }
  return { files, problems };
}

/** Reads a root instruction file; flags the names the service shows only to one model family. */
export async function loadInstructionFile(walker: SafeWalker, file: string, limits: ReadLimits): Promise<LoadedFile> {
  const loaded = await loadSkillFile(walker, file, { format: 'instructions', scope: 'project', strict: false, limits });
  const name = loaded.skill.name;
  if (name === 'claude' || name === 'gemini') {
    const family = name === 'claude' ? 'Claude' : 'Gemini';
    const message = `The service gives this file to the agent only when the conversation uses a ${family} model.`;
    loaded.problems.push({ diagnostic: diagnostic(MODEL_GATED_CONTEXT, { file, message }), effect: 'none' });
  }
  return loaded;
}

/** Files below `root`, relative, as `git ls-files --cached --others --exclude-standard` lists them; `undefined` without git. */
function gitFiles(root: string): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { timeout: 10_000, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout) => resolve(error ? undefined : stdout.split('\0').filter((path) => path !== '')),
    );
  });
}

/**
 * Whether git could find a repository for `dir`: `GIT_DIR` names one, or `dir` or a folder above
 * it holds a `.git`. Where none does, `git ls-files` can only fail, and starting it (a process,
 * several milliseconds) is skipped.
 */
async function mayBeInGitRepository(fs: SkillFileSystem, dir: string): Promise<boolean> {
  if (process.env.GIT_DIR) return true;
  try {
    return (await findGitRoot(dir, fs)) !== undefined;
  } catch {
    return true; // A folder above that cannot be read: git decides.
  }
}

/** Files below `root`, relative, skipping dot folders and `node_modules` (the service's fallback without git). */
async function walkFiles(walker: SafeWalker, root: string, prefix = '', found: string[] = []): Promise<string[]> {
  for (const entry of await walker.list(join(root, prefix))) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.kind === 'directory' && !entry.link) {
      if (!entry.name.startsWith('.') && entry.name !== 'node_modules') await walkFiles(walker, root, rel, found);
    } else found.push(rel);
  }
  return found;
}

/** Instruction files in subfolders of the working folder, as path rules, sorted by folder. */
export async function loadNestedInstructionFiles(walker: SafeWalker, workDir: string, limits: ReadLimits): Promise<LoadedFile[]> {
  const listed = (await mayBeInGitRepository(walker.fs, workDir)) ? await gitFiles(workDir) : undefined;
  const relPaths = listed ?? (await walkFiles(walker, workDir));
  const candidates: { file: string; folder: string; name: string }[] = [];
  const seenReal = new Set<string>();
  for (const rel of relPaths) {
    const slash = rel.lastIndexOf('/');
    const name = instructionSkillName(rel.slice(slash + 1));
    if (!name || slash === -1) continue;
    const file = join(workDir, ...rel.split('/'));
    if ((await walker.resolve(file))?.kind !== 'file') continue;
    const real = await walker.fs.realpath(file).catch(() => file);
    if (seenReal.has(real)) continue;
    seenReal.add(real);
    candidates.push({ file, folder: rel.slice(0, slash), name });
  }
  candidates.sort((a, b) => comparePython(a.folder, b.folder));
  const loaded: LoadedFile[] = [];
  for (const { file, folder, name } of candidates) {
    const result = await loadSkillFile(walker, file, { format: 'instructions', scope: 'project', strict: false, limits });
    // A nested file that cannot be read costs only itself.
    for (const problem of result.problems) if (problem.effect === 'directory') problem.effect = 'skill';
    const skill: Skill = { ...result.skill, name: `${name}:${folder}`, role: 'rule', trigger: { type: 'path', paths: [`${folder}/**`] } };
    skill.disableModelInvocation = true;
    loaded.push({ skill, problems: result.problems });
  }
  return loaded;
}
