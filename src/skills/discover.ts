/**
 * Which files of a skills folder the service loads, and in which order: `SKILL.md` (any case,
 * `SKILL.md` first) in immediate subfolders, then every other `*.md` below, except `README.md`
 * (exactly that case), files named `skill.md` in any case, and anything inside a SKILL.md folder.
 * @module
 */
import { relative, sep } from 'node:path';
import { type Diagnostic, diagnostic } from '../internal/diagnostic';
import { mapConcurrent } from '../internal/map-concurrent';
import type { SafeWalker } from '../internal/node/walk';
import { comparePython } from '../internal/python/text';
import { FOLDER_NAMED_LIKE_SKILL, NESTED_SKILL_IGNORED, README_LOADED } from './rules';

/** The files of a skills folder the service loads, in its order. */
export interface SkillFiles {
  /** `<dir>/<name>/SKILL.md` files, by folder name. */
  skillFiles: string[];
  /** Legacy single-file skills, by path. */
  legacyFiles: string[];
  /** Files the service passes over that their authors may have meant as skills. */
  diagnostics: Diagnostic[];
}

/** The SKILL.md of a folder: the first entry, in sorted order, named `skill.md` in any case. */
async function findSkillMd(walker: SafeWalker, folder: string): Promise<string | undefined> {
  for (const entry of await walker.list(folder)) {
    if (entry.kind === 'file' && entry.name.toLowerCase() === 'skill.md') return entry.path;
  }
  return undefined;
}

/**
 * Every `*.md` below `folder` (file names matched case-sensitively), as Python's `rglob` finds
 * them: linked files are listed, linked folders are not entered.
 */
async function markdownBelow(walker: SafeWalker, folder: string, found: string[], folders: string[]): Promise<void> {
  for (const entry of await walker.list(folder)) {
    if (entry.kind === 'directory' && entry.name.endsWith('.md')) folders.push(entry.path);
    if (entry.kind === 'directory' && !entry.link) await markdownBelow(walker, entry.path, found, folders);
    else if (entry.kind === 'file' && entry.name.endsWith('.md')) found.push(entry.path);
  }
}

/** Python's order of paths: part by part. */
function comparePaths(a: string, b: string): number {
  const left = a.split(sep);
  const right = b.split(sep);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = comparePython(left[i] as string, right[i] as string);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** Finds the files of a skills folder that the service loads. */
export async function discoverSkillFiles(walker: SafeWalker, folder: string): Promise<SkillFiles> {
  const skillFiles: string[] = [];
  const skillFolders = new Set<string>();
  const folders = (await walker.list(folder)).filter((entry) => entry.kind === 'directory');
  const found = await mapConcurrent(folders, 16, (entry) => findSkillMd(walker, entry.path));
  for (const [index, file] of found.entries()) {
    if (!file) continue;
    skillFiles.push(file);
    skillFolders.add((folders[index] as { name: string }).name);
  }
  const isSkillFile = new Set(skillFiles);
  const markdown: string[] = [];
  const markdownFolders: string[] = [];
  await markdownBelow(walker, folder, markdown, markdownFolders);
  markdown.sort(comparePaths);
  const legacyFiles: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const isInSkillFolder = (rel: string) => rel.includes(sep) && skillFolders.has(rel.slice(0, rel.indexOf(sep)));
  for (const path of markdownFolders.sort(comparePaths)) {
    const name = path.slice(path.lastIndexOf(sep) + 1);
    const rel = relative(folder, path);
    if (name === 'README.md' || name.toLowerCase() === 'skill.md' || isInSkillFolder(rel)) continue;
    const message = `${rel} is a folder named like a skill file: the service tries to read it as one, fails, and skips it with one log line.`;
    diagnostics.push(diagnostic(FOLDER_NAMED_LIKE_SKILL, { file: path, message }));
  }
  for (const file of markdown) {
    const name = file.slice(file.lastIndexOf(sep) + 1);
    const rel = relative(folder, file);
    const inSkillFolder = isInSkillFolder(rel);
    if (name.toLowerCase() === 'skill.md') {
      if (!isSkillFile.has(file)) {
        const where = inSkillFolder ? 'inside another skill\u2019s folder' : 'deeper than an immediate subfolder';
        const message = `${rel} is ${where}: the service never loads it.`;
        diagnostics.push(diagnostic(NESTED_SKILL_IGNORED, { file, message }));
      }
      continue;
    }
    if (name === 'README.md' || inSkillFolder) continue;
    if (name.toLowerCase() === 'readme.md') {
      const message = `${name} is not spelled exactly README.md, so the service loads it as a skill named "${relative(folder, file).slice(0, -3)}".`;
      diagnostics.push(diagnostic(README_LOADED, { file, message }));
    }
    legacyFiles.push(file);
  }
  return { skillFiles, legacyFiles, diagnostics };
}

/** The legacy name of a file: its path below the skills folder, without `.md`, with `/` separators. */
export function legacyName(folder: string, file: string): string {
  return relative(folder, file).slice(0, -3).split(sep).join('/');
}
