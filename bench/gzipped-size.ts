/** Minified + gzipped bytes of a browser bundle, measured with esbuild (the bench and the budget test share it). */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The size of bundling `contents` (TypeScript, resolved from `resolveDir`) for browsers. */
export async function gzippedSize(contents: string, resolveDir = process.cwd()): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).byteLength;
}
