#!/usr/bin/env node
// Generates the typed V1 API from the vendored OpenAPI document (spec/service-openapi.json, checked
// against its recorded SHA-256): src/api/generated/ (types, response decoders, one file of
// operations per namespace) and test/api/generated/ (a test that calls every operation).
//   node scripts/generate-api.mjs [--check]
// --check writes nothing and exits 1 when the committed files differ from a fresh generation.
// Names come from scripts/codegen/api-names.mjs; `npm run generate` runs this and the events generator.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitIndex, emitModelFiles, emitNamespaceFile, eventKinds } from './codegen/api-emit.mjs';
import { emitOperationsTest } from './codegen/api-examples.mjs';
import { loadOperations, loadSchemas } from './codegen/api-model.mjs';
import { NAMESPACES } from './codegen/api-names.mjs';
import { ROOT, readSpec } from './codegen/spec.mjs';

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

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
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
  if (process.argv.includes('--check')) {
    const stale = [];
    for (const { dir, files } of outputs) {
      const full = join(ROOT, dir);
      const expected = new Map(files.map((file) => [file.path, file.text]));
      for (const [path, text] of expected) {
        if (!existsSync(join(full, path)) || readFileSync(join(full, path), 'utf8') !== text) stale.push(`${dir}/${path}`);
      }
      for (const path of listFiles(full)) if (!expected.has(path)) stale.push(`${dir}/${path} (not generated)`);
    }
    if (stale.length) {
      console.error(`the generated API is out of date (${stale.length} files): ${stale.slice(0, 10).join(', ')}`);
      console.error('Run `npm run generate` and commit the result.');
      process.exit(1);
    }
    console.log(`src/api/generated and test/api/generated are up to date (${outputs.reduce((n, o) => n + o.files.length, 0)} files).`);
  } else {
    for (const { dir, files } of outputs) {
      const full = join(ROOT, dir);
      rmSync(full, { recursive: true, force: true });
      for (const file of files) {
        mkdirSync(dirname(join(full, file.path)), { recursive: true });
        writeFileSync(join(full, file.path), file.text);
      }
      console.log(`wrote ${files.length} files to ${dir}`);
    }
  }
}
