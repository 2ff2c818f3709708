/**
 * Walking skill folders safely: entries sorted as Python sorts them, symbolic links followed only
 * while they stay inside the repository (the service follows every link; agentwire reports the
 * ones that leave and does not read them).
 * @module
 */
import { join, relative, sep } from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostic';
import { comparePython } from '../python/text';
import { SYMLINK_OUTSIDE_REPOSITORY } from './file-rules';
import type { EntryKind, SkillFileSystem } from './file-system';

/** A resolved directory entry: what it is once links are followed, and whether it is a link. */
export interface WalkEntry {
  name: string;
  path: string;
  kind: EntryKind;
  link: boolean;
}

/** A walker bound to a repository root: every path it yields lies inside the root. */
export class SafeWalker {
  /** Links found leaving the root (reported once each). */
  readonly diagnostics: Diagnostic[] = [];
  private readonly reported = new Set<string>();
  private realRoot: Promise<string> | undefined;

  constructor(
    readonly fs: SkillFileSystem,
    readonly root: string,
  ) {}

  private inside(real: Promise<string>, target: string): Promise<boolean> {
    return real.then((rootPath) => {
      const rel = relative(rootPath, target);
      return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
    });
  }

  /** Whether `path` (a link) resolves inside the root; reports it when it does not. */
  private async linkStaysInside(path: string): Promise<boolean> {
    this.realRoot ??= this.fs.realpath(this.root).catch(() => this.root);
    let target: string;
    try {
      target = await this.fs.realpath(path);
    } catch {
      return false; // A dangling link: the service cannot open it either.
    }
    if (await this.inside(this.realRoot, target)) return true;
    if (!this.reported.has(path)) {
      this.reported.add(path);
      const message = `${path} is a symbolic link to ${target}, outside the repository: the service follows it; agentwire does not read it.`;
      this.diagnostics.push(diagnostic(SYMLINK_OUTSIDE_REPOSITORY, { file: path, message }));
    }
    return false;
  }

  private readonly listings = new Map<string, Promise<WalkEntry[]>>();

  /**
   * The entries of a directory in Python's sorted order, links resolved (those leaving the root
   * left out). A walker lists each directory once: a walker is meant for one load.
   */
  list(directory: string): Promise<WalkEntry[]> {
    let listing = this.listings.get(directory);
    if (!listing) {
      listing = this.listUncached(directory);
      this.listings.set(directory, listing);
    }
    return listing;
  }

  /** The entry called `name` in `directory`, if there is one (from the directory's listing). */
  async entry(directory: string, name: string): Promise<WalkEntry | undefined> {
    return (await this.list(directory)).find((entry) => entry.name === name);
  }

  private async listUncached(directory: string): Promise<WalkEntry[]> {
    let entries: Awaited<ReturnType<SkillFileSystem['list']>>;
    try {
      entries = await this.fs.list(directory);
    } catch {
      return [];
    }
    entries.sort((a, b) => comparePython(a.name, b.name));
    const result: WalkEntry[] = [];
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.kind !== 'symlink') {
        result.push({ name: entry.name, path, kind: entry.kind, link: false });
        continue;
      }
      if (!(await this.linkStaysInside(path))) continue;
      const target = await this.fs.kind(path);
      if (target) result.push({ name: entry.name, path, kind: target.kind, link: true });
    }
    return result;
  }

  /** What a path is (links followed), if it exists and resolves inside the root. */
  async resolve(path: string): Promise<{ kind: EntryKind; size: number } | undefined> {
    const info = await this.fs.kind(path);
    if (!info) return undefined;
    this.realRoot ??= this.fs.realpath(this.root).catch(() => this.root);
    const real = await this.fs.realpath(path).catch(() => path);
    const logical = join(await this.realRoot, relative(this.root, path));
    if (real !== logical && !(await this.linkStaysInside(path))) return undefined;
    return info;
  }
}
