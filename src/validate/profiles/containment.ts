/**
 * What the profiles may read: only files and folders that stay inside the folders `validate` was
 * given once symbolic links are resolved. The check is the service checks' own (`SafeWalker`), so
 * a link that leaves is refused and reported the same way under every profile
 * (`symlink-outside-repository`), with where it leads and never what it holds.
 * @module
 */
import { resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import { SYMLINK_OUTSIDE_REPOSITORY } from '../../internal/node/file-rules';
import type { SkillFileSystem } from '../../internal/node/file-system';
import { SafeWalker } from '../../internal/node/walk';
import { isInside } from '../../plugins/internal';

/** The folders a profile run may read, and the links it refused. */
export class ProfileContainment {
  private readonly walkers: SafeWalker[];
  private readonly strays: Diagnostic[] = [];
  private readonly reported = new Set<string>();

  /** `roots`: the folders files may be read from; none means every path may be read. */
  constructor(
    private readonly fs: SkillFileSystem,
    roots: readonly string[] | undefined,
  ) {
    // The deepest root first, so a path is judged by the narrowest folder given that holds it.
    const unique = [...new Set((roots ?? []).map((root) => resolve(root)))].sort((a, b) => b.length - a.length);
    this.walkers = unique.map((root) => new SafeWalker(fs, root));
  }

  /**
   * Whether `path` may be read: it lies in one of the roots and still does once links are resolved
   * (a path that does not exist may: there is nothing to read). A refused path is reported once.
   */
  async allows(path: string): Promise<boolean> {
    if (this.walkers.length === 0) return true;
    const exists = await this.fs.kind(path).catch(() => undefined);
    if (!exists) return true;
    const walker = this.walkers.find((candidate) => isInside(candidate.root, path));
    if (walker) return (await walker.resolve(path)) !== undefined;
    if (!this.reported.has(path)) {
      this.reported.add(path);
      const message = `${path} lies outside the folders being checked: agentwire does not read it.`;
      this.strays.push(diagnostic(SYMLINK_OUTSIDE_REPOSITORY, { file: path, message }));
    }
    return false;
  }

  /** Every refused path, once each. */
  get diagnostics(): Diagnostic[] {
    return [...this.walkers.flatMap((walker) => walker.diagnostics), ...this.strays];
  }
}
