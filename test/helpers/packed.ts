/**
 * The package as npm publishes it: `npm pack` of the built repository, unpacked as
 * `node_modules/agentwire` of a new temporary project, for tests that use the package as a user's
 * project meets it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, requireBuild } from './built';

/** What `npm pack --json` reports about a tarball. */
export interface PackReport {
  filename: string;
  /** The tarball's size in bytes. */
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

/** A temporary project with the packed package installed. */
export interface PackedProject {
  /** The project folder (a `package.json` of type module, and `node_modules`). */
  dir: string;
  /** The installed package: `<dir>/node_modules/agentwire`. */
  packageDir: string;
  /** The tarball, kept in the project folder. */
  tarball: string;
  report: PackReport;
  /** Removes the project. */
  remove(): void;
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/**
 * Packs the built repository with `npm pack` and installs the tarball's content as
 * `node_modules/agentwire` of a new temporary project. The package's runtime dependencies, and
 * the `extra` packages, are linked from the repository's `node_modules`, so everything resolves
 * the way it does in a user's project: through `agentwire`'s own `exports`.
 */
export function createPackedProject(extra: readonly string[] = []): PackedProject {
  requireBuild();
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-packed-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const [report] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT)) as PackReport[];
    if (!report) throw new Error('npm pack reported no tarball');
    run('tar', ['-xzf', report.filename], dir);
    const modules = join(dir, 'node_modules');
    const packageDir = join(modules, 'agentwire');
    mkdirSync(modules);
    renameSync(join(dir, 'package'), packageDir);
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...extra]) {
      const target = join(modules, name);
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), target, 'junction');
    }
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'agentwire-user', private: true, type: 'module' })}\n`);
    return { dir, packageDir, tarball: join(dir, report.filename), report, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
