/** Minified + gzipped bytes of a browser bundle, measured with esbuild (the bench and the budget test share it). */
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

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
  return gzipSync(result.outputFiles?.[0]?.contents ?? new Uint8Array(), { level: 9 }).byteLength;
}
