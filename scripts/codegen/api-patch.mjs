// @ts-check
// What a names file adds to its document before the API generator reads it: schemas the document
// lacks (SCHEMAS), fields of its schemas (PROPERTIES), and request bodies the server reads although
// the document declares none (`body` in OPERATIONS). The loopback server of the tests adds the same
// (test/api/generated/document-patches.ts).
import { coveredOperations } from './api-model.mjs';
import { refTo } from './openapi.mjs';

/** @import { ApiNames } from './api-tables.mjs' */
/** @import { OpenApiDocument, RequestBody, Schemas } from './openapi.mjs' */

/**
 * What the generator added to a document: component schemas, fields by schema, and request bodies
 * keyed `METHOD /path`.
 * @typedef {{ schemas: Schemas, properties: Record<string, Schemas>, requestBodies: Record<string, RequestBody> }} DocumentPatch
 */

/**
 * The document with what the names file adds (SCHEMAS, PROPERTIES, and the `body` of an operation
 * whose document declares none), and those additions as `{ schemas, properties, requestBodies }`
 * (request bodies keyed `METHOD /path`). The document itself is left as it is.
 * @param {OpenApiDocument} document
 * @param {ApiNames} api
 * @returns {{ document: OpenApiDocument, patches: DocumentPatch }}
 */
export function patchDocument(document, api) {
  const { OPERATIONS, SCHEMAS, PROPERTIES, SOURCE } = api;
  /** @type {DocumentPatch} */
  const patches = { schemas: SCHEMAS, properties: PROPERTIES, requestBodies: {} };
  const bodies = Object.entries(OPERATIONS).filter(([, named]) => named.body);
  if (!bodies.length && !Object.keys(SCHEMAS).length && !Object.keys(PROPERTIES).length) return { document, patches };
  const patched = structuredClone(document);
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    if (patched.components.schemas[name]) throw new Error(`${SOURCE.namesFile}: SCHEMAS adds ${name}, which the document now has`);
    patched.components.schemas[name] = schema;
  }
  for (const [name, properties] of Object.entries(PROPERTIES)) {
    const schema = patched.components.schemas[name];
    if (!schema?.properties)
      throw new Error(`${SOURCE.namesFile}: PROPERTIES adds to ${name}, which is not an object schema of the document`);
    for (const [key, property] of Object.entries(properties)) {
      if (schema.properties[key]) throw new Error(`${SOURCE.namesFile}: PROPERTIES adds ${name}.${key}, which the document now has`);
      schema.properties[key] = property;
    }
  }
  /** @type {Set<string>} */
  const found = new Set();
  for (const { path, method, operation, id } of coveredOperations(patched, api)) {
    const name = OPERATIONS[id]?.body;
    if (!name) continue;
    if (operation.requestBody) {
      throw new Error(`${id}: the document now declares a request body; remove \`body\` from its entry in ${SOURCE.namesFile}`);
    }
    if (!patched.components.schemas[name]) throw new Error(`${id}: its body ${name} is not a schema of the document or of SCHEMAS`);
    operation.requestBody = { required: true, content: { 'application/json': { schema: { $ref: refTo(name) } } } };
    patches.requestBodies[`${method.toUpperCase()} ${path}`] = operation.requestBody;
    found.add(id);
  }
  for (const [id] of bodies)
    if (!found.has(id)) throw new Error(`${SOURCE.namesFile}: ${id} has a body, but the document has no such operation`);
  return { document: patched, patches };
}
