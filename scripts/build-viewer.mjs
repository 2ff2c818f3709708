// Bundles the viewer page (plain TypeScript and CSS under src/viewer/page/, with the view model of
// src/viewer/model/) into dist/viewer/:
// index.html, app.js and app.css, served by `agentwire serve`. Run by `npm run build` after tsup.
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = join(root, 'src/viewer/page');
const out = join(root, 'dist/viewer');

await mkdir(out, { recursive: true });
await build({
  stdin: { contents: "import { start } from './main.ts';\nstart();\n", resolveDir: page, sourcefile: 'viewer-entry.ts', loader: 'ts' },
  bundle: true,
  format: 'iife',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  legalComments: 'none',
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});
await build({
  entryPoints: [join(page, 'style.css')],
  bundle: true,
  minify: true,
  outfile: join(out, 'app.css'),
  logLevel: 'warning',
});
await copyFile(join(page, 'index.html'), join(out, 'index.html'));
