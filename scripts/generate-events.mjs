#!/usr/bin/env node
// @ts-check
// Generates src/events/generated/ from the two vendored OpenAPI documents (spec/service-openapi.json
// and spec/agent-server-openapi.json, each checked against its recorded SHA-256: see
// scripts/codegen/spec.mjs), merged by scripts/codegen/merge.mjs, and
// docs/generated/events/event-spec-differences.md, the differences that merge resolved.
//   node scripts/generate-events.mjs [--check]
// --check writes nothing and exits 1 when the committed files differ from a fresh generation.
// `npm run generate` runs this generator and the API generator (scripts/generate.mjs).
import { emitGuardsFile, emitIndexFile, emitKindsFile, emitSchemaFile, emitUnionFile } from './codegen/emit.mjs';
import { differenceSummary, emitDifferencesFile } from './codegen/emit-differences.mjs';
import { emitFastDecode } from './codegen/emit-fast.mjs';
import { checkFactories } from './codegen/fields.mjs';
import { loadSchemas, UNIONS } from './codegen/load.mjs';
import { mergeDocuments } from './codegen/merge.mjs';
import { runGenerator } from './codegen/output.mjs';
import { readSpecs } from './codegen/spec.mjs';

/** @import { OpenApiDocument } from './codegen/openapi.mjs' */
/** @import { GeneratedFile } from './codegen/output.mjs' */

/** @typedef {{ service: OpenApiDocument, agentServer: OpenApiDocument }} Documents */

/**
 * The two vendored documents, parsed and checked against their hashes.
 * @returns {Documents}
 */
export function readDocuments() {
  const documents = readSpecs();
  return { service: documents.service, agentServer: documents['agent-server'] };
}

/**
 * Every generated file: `{ code, docs, differences }`, where `code` and `docs` are lists of
 * `{ path, text }` relative to their output folders and `differences` what the merge resolved.
 * @param {Documents} [documents]
 */
export function generate(documents = readDocuments()) {
  const { document, differences } = mergeDocuments(documents.service, documents.agentServer);
  // merge.d.mts declares the merged document loosely, for its TypeScript importers: it is the service's, merged.
  const loaded = loadSchemas(/** @type {OpenApiDocument} */ (document));
  checkFactories(loaded);
  /** @type {GeneratedFile[]} */
  const code = [];
  for (const name of loaded.reachable.keys()) {
    if (UNIONS[name]) code.push(emitUnionFile(name, loaded));
    else code.push(emitSchemaFile(name, loaded));
  }
  code.push(emitKindsFile(loaded));
  for (const info of Object.values(UNIONS)) code.push(emitGuardsFile(info, loaded));
  code.push(emitIndexFile(code));
  code.push(emitFastDecode(loaded));
  const versions = { service: documents.service.info?.version, agentServer: documents.agentServer.info?.version };
  return { code, docs: [emitDifferencesFile(differences, versions)], differences };
}

runGenerator(import.meta.url, (check) => {
  const generated = generate();
  if (!check) console.log(differenceSummary(generated.differences));
  return [
    { dir: 'src/events/generated', files: generated.code },
    { dir: 'docs/generated/events', files: generated.docs },
  ];
});
