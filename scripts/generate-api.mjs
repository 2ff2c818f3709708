#!/usr/bin/env node
// @ts-check
// Generates the typed API clients from the vendored OpenAPI documents (spec/, each checked against
// its recorded SHA-256): the service's `/api/v1` (names in scripts/codegen/api-names.mjs) and the
// agent server's profiles and files (scripts/codegen/api-agent-server-names.mjs). It writes
// src/api/generated/ (types, response decoders, one file of operations per namespace; the agent
// server's in src/api/generated/agent-server/) and test/api/generated/ (a test per document that
// calls every operation, and what the generator added to the documents).
//   node scripts/generate-api.mjs [--check]
// --check writes nothing and exits 1 when the committed files differ from a fresh generation.
// `npm run generate` runs this and the events generator.
import * as agentServerNames from './codegen/api-agent-server-names.mjs';
import { emitIndex, emitModelFiles, emitNamespaceFile, eventKinds } from './codegen/api-emit.mjs';
import { emitDocumentPatches, emitOperationsTest } from './codegen/api-examples.mjs';
import { loadOperations, loadSchemas } from './codegen/api-model.mjs';
import * as serviceNames from './codegen/api-names.mjs';
import { patchDocument } from './codegen/api-patch.mjs';
import { runGenerator } from './codegen/output.mjs';
import { readSpecs } from './codegen/spec.mjs';

/** @import { DocumentPatch } from './codegen/api-patch.mjs' */
/** @import { ApiNames } from './codegen/api-tables.mjs' */
/** @import { OpenApiDocument } from './codegen/openapi.mjs' */
/** @import { GeneratedFile, Output } from './codegen/output.mjs' */

/**
 * The names files, one per document.
 * @type {ApiNames[]}
 */
export const APIS = [serviceNames, agentServerNames];

/**
 * The generated files of one document: its folder's files and its operations test.
 * @param {OpenApiDocument} original
 * @param {ApiNames} api
 * @returns {{ files: GeneratedFile[], test: GeneratedFile, patches: DocumentPatch }}
 */
function generateOne(original, api) {
  const { document, patches } = patchDocument(original, api);
  const operations = loadOperations(document, api);
  const schemas = loadSchemas(document, operations, api);
  const kinds = eventKinds(document);
  const files = emitModelFiles(schemas, api);
  for (const top of Object.keys(api.NAMESPACES).filter((name) => !name.includes('.')))
    files.push(emitNamespaceFile(top, operations, schemas, kinds, api));
  files.push(emitIndex(files, api));
  const folder = api.SOURCE.folder ? `${api.SOURCE.folder}/` : '';
  return {
    files: files.map((file) => ({ ...file, path: `${folder}${file.path}` })),
    test: emitOperationsTest(document, operations, api),
    patches,
  };
}

/**
 * Throws when two documents' generated types share a name: `agentwire/api` exports them side by side.
 * @param {{ api: ApiNames, files: GeneratedFile[] }[]} generated
 */
function checkTypeNames(generated) {
  /** @type {Map<string, ApiNames>} */
  const owner = new Map();
  for (const { api, files } of generated) {
    const root = files.find((file) => file.path.endsWith('index.ts') && !file.path.includes('models/'));
    if (!root) throw new Error(`no index.ts generated for ${api.SOURCE.namesFile}`);
    for (const [, name = ''] of root.text.matchAll(/^ {2}(\w+),$/gm)) {
      const other = owner.get(name);
      if (other !== undefined && other !== api) {
        throw new Error(
          `${name} is generated from two documents; add a name to RENAMES in ${api.SOURCE.namesFile} (agentwire/api exports both)`,
        );
      }
      owner.set(name, api);
    }
  }
}

/**
 * The output folders and what goes in each, as `{ dir, files: [{ path, text }] }`.
 * @param {Record<string, OpenApiDocument>} [documents] by the name spec.mjs gives them
 * @returns {Output[]}
 */
export function generate(documents = readSpecs()) {
  const generated = APIS.map((api) => {
    const document = documents[api.SOURCE.document];
    if (!document) throw new Error(`no ${api.SOURCE.document} document to generate from`);
    return { api, ...generateOne(document, api) };
  });
  checkTypeNames(generated);
  const patches = Object.fromEntries(generated.map(({ api, patches }) => [api.SOURCE.document, patches]));
  return [
    { dir: 'src/api/generated', files: generated.flatMap(({ files }) => files) },
    { dir: 'test/api/generated', files: [...generated.map(({ test }) => test), emitDocumentPatches(patches, APIS)] },
  ];
}

runGenerator(import.meta.url, () => generate());
