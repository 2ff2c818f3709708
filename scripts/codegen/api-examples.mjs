// @ts-check
// Writes a document's operations test under test/api/generated (operations.test.ts for the
// service's `/api/v1`, agent-server-operations.test.ts for the agent server's profiles and files):
// for every operation, a call of its method with schema-valid arguments (type-checked against the
// generated types), the request the loopback server must receive, and a schema-valid answer for
// the server to give. Also document-patches.ts: what the generator added to each document, for the
// loopback server to add too.

import { headerOf } from './api-emit.mjs';
import { covered } from './api-model.mjs';
import { camelCase } from './names.mjs';
import { refName, refTo, schemaNamed, withoutNull } from './openapi.mjs';
import { generatedHeader, lit } from './source-text.mjs';

/** @import { ApiOperation } from './api-model.mjs' */
/** @import { DocumentPatch } from './api-patch.mjs' */
/** @import { ApiNames } from './api-tables.mjs' */
/** @import { OpenApiDocument, Parameter, SchemaNode, Schemas } from './openapi.mjs' */
/** @import { GeneratedFile } from './output.mjs' */

/**
 * How far an example goes: the name it is for (strings take it), how deep it is, whether it is an
 * answer (`full`: lists hold an item, PRESENT fields are there), and the fields present besides
 * the required ones.
 * @typedef {{ name?: string, depth?: number, full?: boolean, present?: string[], PRESENT?: Record<string, string[]> }} ExampleOptions
 */

const UUID = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
const DATE_TIME = '2026-06-16T05:39:18Z';
/** A valid event of the `Event-Output` union (the codec decodes it). */
const EVENT = { id: UUID, timestamp: '2026-06-16T05:39:18.809928', source: 'user', parent_id: null, kind: 'PauseEvent' };

/**
 * A small value valid against a schema node: required properties only (and a `kind` tag),
 * the first member of a union, one item in a list of a response (`full`).
 * @param {SchemaNode | undefined} node
 * @param {Schemas} schemas
 * @param {ExampleOptions} [options]
 * @returns {unknown}
 */
function example(node, schemas, { name = 'value', depth = 0, full = false, present = [], PRESENT = {} } = {}) {
  if (!node || typeof node !== 'object') return {};
  if (node.$ref) {
    const target = refName(node.$ref);
    if (target === 'Event-Output') return EVENT;
    // An answer holds the fields the service always sends (PRESENT), listed as required or not.
    return example(schemas[target], schemas, { name, depth: depth + 1, full, present: full ? (PRESENT[target] ?? []) : [], PRESENT });
  }
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const union = node.anyOf ?? node.oneOf;
  if (union) {
    const { members, nullable } = withoutNull(node);
    if (nullable && depth > 6) return null;
    return example(members[0] ?? union[0], schemas, { name, depth, full, PRESENT });
  }
  switch (node.type) {
    case 'string':
      if (node.format === 'uuid') return UUID;
      if (node.format === 'date-time') return DATE_TIME;
      return name.padEnd(node.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return node.minimum ?? (node.exclusiveMinimum === undefined ? 1 : node.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (node.prefixItems) return node.prefixItems.map((item) => example(item, schemas, { name, depth: depth + 1, full, PRESENT }));
      const count = Math.max(node.minItems ?? 0, full && depth < 4 ? 1 : 0);
      return Array.from({ length: count }, () => example(node.items, schemas, { name, depth: depth + 1, full, PRESENT }));
    }
    case 'object':
    case undefined: {
      if (!node.properties) return {};
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [property, schema] of Object.entries(node.properties)) {
        if ((node.required ?? []).includes(property) || present.includes(property) || (property === 'kind' && schema.const !== undefined)) {
          out[property] = example(schema, schemas, { name: property, depth: depth + 1, full, PRESENT });
        }
      }
      return out;
    }
    default:
      throw new Error(`no example for type ${node.type}`);
  }
}

/**
 * A path parameter's value: a UUID where the document asks for one, else a readable name.
 * @param {{ name: string }} parameter
 * @param {Parameter | undefined} declared
 */
const pathValue = (parameter, declared) => (declared?.schema?.format === 'uuid' ? UUID : `${camelCase(parameter.name)}-1`);

/** The bytes a case uploads as a file of a multipart body, and their text. */
const FILE = { source: 'new Uint8Array([104, 105])', text: 'hi' };

/**
 * A multipart body's example as source text, and the form fields the server must receive (files as text).
 * @param {SchemaNode} schema
 * @param {Schemas} schemas
 * @param {ApiNames} api
 */
function formExample(schema, schemas, api) {
  const node = schema.$ref ? schemaNamed(schemas, refName(schema.$ref)) : schema;
  const fields = [];
  /** @type {Record<string, string>} */
  const form = {};
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    if (!(node.required ?? []).includes(name)) continue;
    if (property.contentMediaType === 'application/octet-stream') {
      fields.push(`${name}: ${FILE.source}`);
      form[name] = FILE.text;
    } else {
      const value = example(property, schemas, { name, PRESENT: api.PRESENT });
      fields.push(`${name}: ${lit(value)}`);
      form[name] = String(value);
    }
  }
  return { source: `{ ${fields.join(', ')} }`, form };
}

/**
 * One operation's case: the call, what must be sent, and the answer.
 * @param {ApiOperation} operation
 * @param {OpenApiDocument} document
 * @param {ApiNames} api
 */
function caseOf(operation, document, api) {
  const schemas = document.components.schemas;
  const { EXAMPLES, PRESENT, SOURCE } = api;
  // A list goes as a repeated key: one item shows it.
  const parameterValue = (/** @type {Parameter} */ parameter) =>
    EXAMPLES[parameter.name] ?? example(parameter.schema, schemas, { name: parameter.name, full: true, PRESENT });
  /**
   * @param {string} name
   * @param {unknown} value
   * @returns {[string, string][]}
   */
  const pairs = (name, value) => (Array.isArray(value) ? value.map((item) => [name, String(item)]) : [[name, String(value)]]);
  const declaredOperation = document.paths[operation.path]?.[operation.method.toLowerCase()];
  if (!declaredOperation) throw new Error(`${operation.method} ${operation.path} is not in the document`);
  const declared = declaredOperation.parameters ?? [];
  const args = [];
  let path = operation.path;
  /** @type {Record<string, string>} */
  const values = {};
  for (const parameter of operation.pathParams) {
    const value = pathValue(
      parameter,
      declared.find((candidate) => candidate.name === parameter.name && candidate.in === 'path'),
    );
    values[parameter.name] = value;
    args.push(lit(value));
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
  }
  /** @type {[string, string][]} */
  const query = [];
  for (const parameter of operation.positional) {
    const value = parameterValue(parameter);
    args.push(lit(value));
    query.push(...pairs(parameter.name, value));
  }
  for (const [name, from] of Object.entries(operation.sameAs)) query.push([name, /** @type {string} */ (values[from])]);
  let body;
  let form;
  if (operation.kind === 'batch') {
    args.push(lit(['item-1', 'item-2']));
    query.push([operation.key, 'item-1'], [operation.key, 'item-2']);
  } else {
    if (operation.body?.type === 'multipart') {
      const multipart = formExample(operation.body.schema, schemas, api);
      args.push(multipart.source);
      form = multipart.form;
    } else if (operation.body) {
      body = example(operation.body.schema, schemas, { name: 'body', PRESENT });
      args.push(lit(body));
    }
    /** @type {Record<string, unknown>} */
    const params = {};
    for (const parameter of operation.query) {
      const value = parameter.name === 'page_id' ? 'page-1' : parameterValue(parameter);
      // The client takes `pageId` for `page_id`; `x__eq` is given as `x`.
      const given =
        parameter.name === 'page_id' ? 'pageId' : parameter.name.endsWith('__eq') ? parameter.name.slice(0, -4) : parameter.name;
      params[given] = value;
      query.push(...pairs(parameter.name, value));
    }
    if (Object.keys(params).length) args.push(lit(params));
  }
  const status = declaredOperation.responses['201'] ? 201 : 200;
  const full = { full: true, PRESENT };
  let answer;
  if (operation.response === 'binary') answer = "rawAnswer(new Uint8Array([80, 75, 5, 6]), 'application/zip')";
  else if (operation.response === 'text') answer = "rawAnswer('secret-value', 'text/plain')";
  else if (operation.kind === 'page')
    answer = lit({ items: [example({ $ref: refTo(operation.item) }, schemas, full)], next_page_id: null });
  else if (operation.kind === 'batch') answer = lit([example({ $ref: refTo(operation.item) }, schemas, full), null]);
  else answer = lit(example(operation.responseSchema, schemas, full));
  query.sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
  const sent = [`path: ${lit(path)}`, `query: ${lit(query)}`];
  if (body !== undefined) sent.push(`body: ${lit(body)}`);
  if (form !== undefined) sent.push(`form: ${lit(form)}`);
  const caller = SOURCE.testName;
  return [
    '  {',
    `    operation: ${lit(`${operation.method} ${operation.path}`)},`,
    `    status: ${status},`,
    `    call: (${caller}) => ${caller}.${operation.at}(${args.join(', ')}),`,
    `    sent: { ${sent.join(', ')} },`,
    `    answer: ${answer},`,
    '  },',
  ].join('\n');
}

/**
 * A document's operations test.
 * @param {OpenApiDocument} document
 * @param {ApiOperation[]} operations
 * @param {ApiNames} api
 * @returns {GeneratedFile}
 */
export function emitOperationsTest(document, operations, api) {
  const { SOURCE } = api;
  const count = Object.keys(document.paths).filter((path) => covered(path, api)).length;
  const where = SOURCE.paths.map((prefix) => prefix.replace(/\/$/, '')).join(' and ');
  const cases = operations.map((operation) => caseOf(operation, document, api)).join('\n');
  const text = `${headerOf(api)}// Every ${where} operation of the document (${operations.length}, on ${count} paths): its method called with
// schema-valid arguments, the request the OpenAPI-checking loopback server received, the answer decoded.
import { type OperationCase, testOperations } from '${SOURCE.harness}';
import { rawAnswer } from '../openapi-server';

const cases: OperationCase[] = [
${cases}
];

testOperations(cases);
`;
  return { path: SOURCE.testFile, text };
}

/**
 * test/api/generated/document-patches.ts: what the generator added to each document (request
 * bodies the server reads although its document declares none, and their schemas), for the
 * loopback server of the tests to add too.
 * @param {Record<string, DocumentPatch>} patches
 * @param {ApiNames[]} apis
 * @returns {GeneratedFile}
 */
export function emitDocumentPatches(patches, apis) {
  const files = apis.map(({ SOURCE }) => SOURCE.namesFile).join(' and ');
  const entries = Object.entries(patches).map(
    ([name, patch]) => `  ${JSON.stringify(name)}: ${JSON.stringify(patch, null, 2).replaceAll('\n', '\n  ')},`,
  );
  const text = `${generatedHeader({ by: 'scripts/generate-api.mjs', from: files, change: 'those files' })}// What the generator adds to each vendored document: request bodies the server reads although its
// document declares none, and their schemas; fields the models the server runs have and its
// document lacks. The loopback server (../openapi-server.ts) adds them too.

/** Additions to one document: component schemas, fields by schema, and request bodies keyed \`METHOD /path\`. */
export interface DocumentPatch {
  schemas: Record<string, object>;
  properties: Record<string, Record<string, object>>;
  requestBodies: Record<string, object>;
}

/** The additions, by document (spec/README.md names them). */
export const DOCUMENT_PATCHES: Record<string, DocumentPatch> = {
${entries.join('\n')}
};
`;
  return { path: 'document-patches.ts', text };
}
