#!/usr/bin/env node
// Fills the generated blocks of docs/validate.md (the rule reference and the output samples) from
// the rule catalog and the formatters of `agentwire validate`.
//   node scripts/generate-rule-docs.mjs [--check]
// --check writes nothing and exits 1 when docs/validate.md differs from a fresh generation.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = join(root, 'docs/validate.md');
// Inside the project, so the bundle resolves the installed packages.
const cache = join(root, 'node_modules/.cache/agentwire-rule-docs');
mkdirSync(cache, { recursive: true });
const out = join(cache, 'rule-docs.mjs');
await build({
  entryPoints: [join(root, 'src/cli/validate/rule-docs.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: out,
  logLevel: 'warning',
});
const { fillGeneratedBlocks } = await import(`${pathToFileURL(out).href}?${Date.now()}`);

const current = readFileSync(docs, 'utf8');
const fresh = fillGeneratedBlocks(current);
if (process.argv.includes('--check')) {
  if (fresh !== current) {
    console.error('docs/validate.md is out of date: run `npm run docs:rules` and commit the result.');
    process.exit(1);
  }
  console.log('docs/validate.md is up to date.');
} else if (fresh !== current) {
  writeFileSync(docs, fresh);
  console.log('docs/validate.md updated.');
} else {
  console.log('docs/validate.md is up to date.');
}
