#!/usr/bin/env node
// Generates the typed V1 API from the vendored OpenAPI document (spec/service-openapi.json, checked
// against its recorded SHA-256): src/api/generated/ (types, response decoders, one file of
// operations per namespace) and test/api/generated/ (a test that calls every operation).
//   node scripts/generate-api.mjs [--check]
// --check writes nothing and exits 1 when the committed files differ from a fresh generation.
// Names come from scripts/codegen/api-names.mjs; `npm run generate` runs this and the events generator.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitIndex, emitModelFiles, emitNamespaceFile, eventKinds } from './codegen/api-emit.mjs';
import { emitOperationsTest } from './codegen/api-examples.mjs';
import { loadOperations, loadSchemas } from './codegen/api-model.mjs';
import { NAMESPACES } from './codegen/api-names.mjs';
import { writeOrCheck } from './codegen/output.mjs';
import { readSpec } from './codegen/spec.mjs';

/** The output folders and what goes in each, as `{ dir, files: [{ path, text }] }`. */
export function generate(document = readSpec().document) {
  const operations = loadOperations(document);
  const schemas = loadSchemas(document, operations);
  const kinds = eventKinds(document);
  const files = emitModelFiles(schemas);
  for (const top of Object.keys(NAMESPACES).filter((name) => !name.includes('.')))
    files.push(emitNamespaceFile(top, operations, schemas, kinds));
  files.push(emitIndex(files));
  return [
    { dir: 'src/api/generated', files },
    { dir: 'test/api/generated', files: [emitOperationsTest(document, operations, kinds)] },
  ];
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let outputs;
  try {
    outputs = generate();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  writeOrCheck(outputs, process.argv.includes('--check'));
}
