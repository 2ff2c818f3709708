#!/usr/bin/env node
// Writes the generated documentation of the command line from the code: the documents of
// `agentwire validate` (the rule reference under docs/validate/rules/, one page per area and an
// index; the rule table of each profile's page under docs/validate/profiles/; the output samples
// of docs/validate.md), from the rule catalog and the formatters, and docs/cli.md (the command
// list and every command's `--help`, from the registry).
//   node scripts/generate-rule-docs.mjs [--check]      (npm run docs:rules)
// --check writes nothing and exits 1 when a document differs from a fresh generation, or when the
// rule reference holds a page the catalog no longer makes.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the project, so the bundle resolves the installed packages.
const cache = join(root, 'node_modules/.cache/agentwire-rule-docs');
mkdirSync(cache, { recursive: true });
const check = process.argv.includes('--check');
let stale = false;

/** The module `entry`, bundled so that Node runs its TypeScript and the sources it imports. */
async function load(entry) {
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
  return import(`${pathToFileURL(out).href}?${Date.now()}`);
}

const read = (doc) => (existsSync(join(root, doc)) ? readFileSync(join(root, doc), 'utf8') : '');

/** Writes (or, with --check, compares) each document; returns how many differed. */
function update(documents) {
  let changed = 0;
  for (const [doc, fresh] of Object.entries(documents)) {
    if (fresh === read(doc)) continue;
    changed++;
    if (check) console.error(`${doc} is out of date: run \`npm run docs:rules\` and commit the result.`);
    else {
      mkdirSync(dirname(join(root, doc)), { recursive: true });
      writeFileSync(join(root, doc), fresh);
      console.log(`${doc} updated.`);
    }
  }
  return changed;
}

// agentwire validate: the overview, the profile pages, the rule reference.
{
  const { validateDocuments } = await load('src/cli/validate-output/rule-docs.ts');
  const { documents, generatedFolder } = validateDocuments((doc) => {
    if (!existsSync(join(root, doc))) throw new Error(`${doc} is missing: it is written by hand, with its generated blocks`);
    return read(doc);
  });
  let changed = update(documents);
  const folder = join(root, generatedFolder);
  const extra = existsSync(folder)
    ? readdirSync(folder)
        .map((name) => `${generatedFolder}/${name}`)
        .filter((doc) => !(doc in documents))
    : [];
  for (const doc of extra) {
    changed++;
    if (check) console.error(`${doc} is no longer generated: run \`npm run docs:rules\` and commit the result.`);
    else {
      rmSync(join(root, doc));
      console.log(`${doc} removed.`);
    }
  }
  const pages = Object.keys(documents).length;
  if (changed === 0) console.log(`docs/validate.md and docs/validate/ (${pages - 1} pages) are up to date.`);
  else if (check) stale = true;
}

// The command-line reference.
{
  const { fillGeneratedBlocks } = await load('src/cli/cli-docs.ts');
  const doc = 'docs/cli.md';
  const current = read(doc);
  const changed = update({ [doc]: await fillGeneratedBlocks(current) });
  if (changed === 0) console.log(`${doc} is up to date.`);
  else if (check) stale = true;
}
process.exit(stale ? 1 : 0);
