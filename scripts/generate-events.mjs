#!/usr/bin/env node
// Generates src/events/generated/ from the vendored OpenAPI document (spec/service-openapi.json,
// checked against its recorded SHA-256: see scripts/codegen/spec.mjs).
//   node scripts/generate-events.mjs [--check]
// --check writes nothing and exits 1 when the committed files differ from a fresh generation.
// `npm run generate` runs this generator and the API generator (scripts/generate.mjs).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitGuardsFile, emitIndexFile, emitKindsFile, emitSchemaFile, emitUnionFile } from './codegen/emit.mjs';
import { emitFastDecode } from './codegen/emit-fast.mjs';
import { checkFactories } from './codegen/fields.mjs';
import { loadSchemas, UNIONS } from './codegen/load.mjs';
import { readSpec } from './codegen/spec.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const outDir = join(root, 'src/events/generated');

/** Every generated file, as `{ path, text }` relative to the output folder. */
export function generate(document = readSpec().document) {
  const loaded = loadSchemas(document);
  checkFactories(loaded);
  const files = [];
  for (const name of loaded.reachable.keys()) {
    if (UNIONS[name]) files.push(emitUnionFile(name, loaded));
    else files.push(emitSchemaFile(name, loaded));
  }
  files.push(emitKindsFile(loaded));
  for (const info of Object.values(UNIONS)) files.push(emitGuardsFile(info, loaded));
  files.push(emitIndexFile(files));
  files.push(emitFastDecode(loaded));
  return files;
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let files;
  try {
    files = generate();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (check) {
    const expected = new Map(files.map((file) => [file.path, file.text]));
    const stale = [];
    for (const [path, text] of expected) {
      const full = join(outDir, path);
      if (!existsSync(full) || readFileSync(full, 'utf8') !== text) stale.push(path);
    }
    for (const path of listFiles(outDir)) if (!expected.has(path)) stale.push(`${path} (not generated)`);
    if (stale.length > 0) {
      console.error(`src/events/generated is out of date (${stale.length} files): ${stale.slice(0, 10).join(', ')}`);
      console.error('Run `npm run generate` and commit the result.');
      process.exit(1);
    }
    console.log(`src/events/generated is up to date (${files.length} files).`);
  } else {
    rmSync(outDir, { recursive: true, force: true });
    for (const file of files) {
      const full = join(outDir, file.path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, file.text);
    }
    console.log(`wrote ${files.length} files to ${relative(root, outDir)}`);
  }
}
