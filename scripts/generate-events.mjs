#!/usr/bin/env node
// Generates src/events/generated/ from the vendored OpenAPI document (spec/service-openapi.json,
// checked against its recorded SHA-256: see scripts/codegen/spec.mjs).
//   node scripts/generate-events.mjs [--check]
// --check writes nothing and exits 1 when the committed files differ from a fresh generation.
// `npm run generate` runs this generator and the API generator (scripts/generate.mjs).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitGuardsFile, emitIndexFile, emitKindsFile, emitSchemaFile, emitUnionFile } from './codegen/emit.mjs';
import { emitFastDecode } from './codegen/emit-fast.mjs';
import { checkFactories } from './codegen/fields.mjs';
import { loadSchemas, UNIONS } from './codegen/load.mjs';
import { writeOrCheck } from './codegen/output.mjs';
import { readSpec } from './codegen/spec.mjs';

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

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let files;
  try {
    files = generate();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  writeOrCheck([{ dir: 'src/events/generated', files }], process.argv.slice(2).includes('--check'));
}
