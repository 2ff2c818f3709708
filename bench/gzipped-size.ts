/**
 * Minified + gzipped bytes of a browser bundle (the bench and the budget tests share it): esbuild
 * over any source, and esbuild or Bun's bundler over the BUILT package, reached by its name and
 * resolved through its `exports`, as an application that installed it would.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

const gzip = (bytes: Uint8Array): number => gzipSync(bytes, { level: 9 }).byteLength;

/**
 * The size of bundling `contents` (TypeScript, resolved from `resolveDir`) for browsers.
 * `options` adds esbuild options, such as `tsconfigRaw: '{}'` to resolve `agentwire/*` through
 * the package's `exports` (the built files) instead of the repository's tsconfig paths.
 */
export async function gzippedSize(contents: string, resolveDir = process.cwd(), options: BuildOptions = {}): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    ...options,
  });
  return gzip(result.outputFiles?.[0]?.contents ?? new Uint8Array());
}

/** The bundlers a package size is measured with. */
export type Bundler = 'esbuild' | 'bun';

/** A package bundle: its gzipped size and the files it was made of (relative to the repository root). */
export interface PackageBundle {
  bytes: number;
  inputs: string[];
}

/**
 * Bundles `contents` (an ES module importing `agentwire/...`) for browsers, minified, from an
 * application folder whose `node_modules/agentwire` is this package: the imports resolve through
 * the package's `exports` to `dist/` (run `npm run build` first), never to `src/`. `root` is the
 * package's folder (the repository root).
 */
export async function packageBundle(contents: string, bundler: Bundler, root = process.cwd()): Promise<PackageBundle> {
  const app = mkdtempSync(join(tmpdir(), 'agentwire-size-'));
  try {
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(root, join(app, 'node_modules/agentwire'), 'junction');
    writeFileSync(join(app, 'entry.js'), contents);
    const { code, inputs } = bundler === 'bun' ? bunBuild(app, root) : await esbuildBuild(app);
    const real = (input: string) => relative(root, resolve(app, input)).replaceAll('\\', '/');
    return { bytes: gzip(code), inputs: inputs.map(real) };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}

async function esbuildBuild(app: string): Promise<{ code: Uint8Array; inputs: string[] }> {
  const result = await build({
    entryPoints: [join(app, 'entry.js')],
    absWorkingDir: app,
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    tsconfigRaw: '{}',
  });
  return { code: result.outputFiles[0]?.contents ?? new Uint8Array(), inputs: Object.keys(result.metafile.inputs) };
}

function bunBuild(app: string, root: string): { code: Uint8Array; inputs: string[] } {
  const bun = join(root, 'node_modules/.bin/bun');
  const run = spawnSync(
    bun,
    ['build', 'entry.js', '--target=browser', '--format=esm', '--minify', '--outdir=out', '--metafile=meta.json'],
    { cwd: app, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`bun build failed (${run.status}): ${run.stderr || run.stdout}`);
  const meta = JSON.parse(readFileSync(join(app, 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
  return { code: readFileSync(join(app, 'out/entry.js')), inputs: Object.keys(meta.inputs) };
}
