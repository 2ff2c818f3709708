/**
 * A corpus tree written to disk as the reference wrote it: under a temporary folder outside every
 * git work tree (symlinks in its path resolved), the root padded so its absolute path has exactly
 * `rootLength` code points, and `git init` where the case asks for it.
 */
import { execFile } from 'node:child_process';
import { chmodSync, constants, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { access, mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { TreeCase } from './corpus';

const run = promisify(execFile);

/** Git with no global or system configuration (so no excludes file), as the reference ran it. */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };

/** A folder that holds the trees of one run. */
export interface Scratch {
  base: string;
  remove(): Promise<void>;
}

/** The length of a text in code points, as the reference counts `rootLength`. */
export function codePoints(text: string): number {
  return [...text].length;
}

/** Whether `folder` lies inside a git work tree. */
async function insideWorkTree(folder: string): Promise<boolean> {
  try {
    const { stdout } = await run('git', ['-C', folder, 'rev-parse', '--is-inside-work-tree'], { env: GIT_ENV });
    return stdout.trim() === 'true';
  } catch {
    return false;
  }
}

/**
 * Where runs put their trees: `TOOLKIT_CONFORMANCE_TMP` when set, else a memory-backed `/dev/shm`
 * where there is one (thousands of small trees are written and removed), else the system's
 * temporary folder.
 */
async function scratchParent(): Promise<string> {
  const chosen = process.env.TOOLKIT_CONFORMANCE_TMP;
  if (chosen) return realpath(chosen);
  try {
    await access('/dev/shm', constants.W_OK);
    if ((await stat('/dev/shm')).isDirectory()) return await realpath('/dev/shm');
  } catch {
    // No memory-backed folder: the system's temporary folder.
  }
  return realpath(tmpdir());
}

/** A fresh temporary folder for a run, its path with symlinks resolved; throws inside a git work tree. */
export async function createScratch(): Promise<Scratch> {
  const base = await mkdtemp(join(await scratchParent(), 'agentwire-tc-'));
  if (await insideWorkTree(base)) {
    await rm(base, { recursive: true, force: true });
    throw new Error(`${base} lies inside a git work tree: the loaders would find that repository's root`);
  }
  return { base, remove: () => rm(base, { recursive: true, force: true }) };
}

/** A tree on disk: its root, the working folder, and how to remove it. */
export interface Materialized {
  root: string;
  work: string;
  remove(): Promise<void>;
}

/** The root of a case under `parent`: `<parent>/<pad>/<folder>`, exactly `rootLength` code points. */
export function paddedRoot(parent: string, folder: string, rootLength: number): string {
  const padLength = rootLength - codePoints(parent) - codePoints(folder) - 2;
  if (padLength < 1) throw new Error(`the temporary folder ${parent} is too long for a root of ${rootLength} code points`);
  const root = join(parent, 'p'.repeat(padLength), folder);
  if (codePoints(root) !== rootLength) throw new Error(`${root} is not ${rootLength} code points long`);
  return root;
}

/** Writes a case's tree under `scratch` (in a folder of its own, named by `slot`). */
export async function materialize(entry: TreeCase, scratch: Scratch, slot: string): Promise<Materialized> {
  const parent = join(scratch.base, slot);
  const root = paddedRoot(parent, entry.folder, entry.rootLength);
  // Written with the synchronous calls: a few small files in a memory-backed folder, where a trip
  // through the thread pool per call costs more than the call.
  mkdirSync(root, { recursive: true });
  for (const file of entry.tree.files) {
    const target = join(root, ...file.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : Buffer.from(file.content, 'utf8'));
    if (file.mode !== undefined) chmodSync(target, Number.parseInt(file.mode, 8));
  }
  for (const dir of entry.tree.emptyDirs ?? []) mkdirSync(join(root, ...dir.split('/')), { recursive: true });
  for (const link of entry.tree.symlinks ?? []) {
    const target = join(root, ...link.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(link.target, target);
  }
  if (entry.git) await run('git', ['init', '-q', root], { env: GIT_ENV });
  const work = entry.workDir === undefined ? root : join(root, ...entry.workDir.split('/'));
  mkdirSync(work, { recursive: true });
  return {
    root,
    work,
    remove: async () => rmSync(parent, { recursive: true, force: true }),
  };
}
