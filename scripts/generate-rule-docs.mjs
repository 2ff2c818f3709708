#!/usr/bin/env node
// Fills the generated blocks of the command-line reference from the code: docs/validate.md (the
// rule reference and the output samples, from the rule catalog and the formatters of `agentwire
// validate`) and docs/cli.md (the command list and every command's `--help`, from the registry).
//   node scripts/generate-rule-docs.mjs [--check]      (npm run docs:rules)
// --check writes nothing and exits 1 when a document differs from a fresh generation.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Each document, and the module whose `fillGeneratedBlocks` fills it. */
const DOCUMENTS = [
  { doc: 'docs/validate.md', entry: 'src/cli/validate-output/rule-docs.ts' },
  { doc: 'docs/cli.md', entry: 'src/cli/cli-docs.ts' },
];
// Inside the project, so the bundle resolves the installed packages.
const cache = join(root, 'node_modules/.cache/agentwire-rule-docs');
mkdirSync(cache, { recursive: true });
const check = process.argv.includes('--check');
let stale = false;
for (const { doc, entry } of DOCUMENTS) {
  const out = join(cache, `${entry.replaceAll('/', '-')}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    // Dependencies are imported from node_modules (some are CommonJS, which an ESM bundle cannot inline).
    packages: 'external',
    logLevel: 'warning',
  });
  const { fillGeneratedBlocks } = await import(`${pathToFileURL(out).href}?${Date.now()}`);
  const path = join(root, doc);
  const current = readFileSync(path, 'utf8');
  const fresh = fillGeneratedBlocks(current);
  if (fresh === current) console.log(`${doc} is up to date.`);
  else if (check) {
    console.error(`${doc} is out of date: run \`npm run docs:rules\` and commit the result.`);
    stale = true;
  } else {
    writeFileSync(path, fresh);
    console.log(`${doc} updated.`);
  }
}
process.exit(stale ? 1 : 0);
