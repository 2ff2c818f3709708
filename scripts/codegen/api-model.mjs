// @ts-check
// Reads the operations of an OpenAPI document that its names file (scripts/codegen/api-names.mjs,
// scripts/codegen/api-agent-server-names.mjs) covers into what the API generator emits: each
// operation with its name on the client, its kind (a paginated search, a batch get, or a plain
// call), its parameters and bodies; and every schema they reach, with its TypeScript name, the
// file it goes to, and whether responses reach it (then it also gets a Valibot schema). `api` is a
// names file's tables (see api-tables.mjs).

import { camelCase, className, pascalCase } from './names.mjs';
import { reachable, refName, refsOf, schemaNamed } from './openapi.mjs';

/** @import { ApiNames, Namespace, OperationNames, ResponseType } from './api-tables.mjs' */
/** @import { OpenApiDocument, Operation, Parameter, RequestBody, Response, SchemaNode, Schemas } from './openapi.mjs' */

/**
 * A request body: its schema, whether it is required, and how it is sent.
 * @typedef {{ schema: SchemaNode, required: boolean, type: 'json' | 'multipart' }} Body
 */

/**
 * What an operation is: a page of a search (`item` the schema of its items), a batch get (ids as
 * repeated `key` parameters, `item` the schema of its answers), or a plain call.
 * @typedef {{ kind: 'page', item: string } | { kind: 'batch', item: string, key: string } | { kind: 'call' }} OperationKind
 */

/**
 * An operation as the emitters read it.
 * @typedef {{
 *   id: string,
 *   method: string,
 *   path: string,
 *   at: string,
 *   namespace: string,
 *   top: string,
 *   name: string,
 *   summary: string | undefined,
 *   description: string | undefined,
 *   pathParams: { name: string, arg: string }[],
 *   positional: (Parameter & { arg: string })[],
 *   query: Parameter[],
 *   sameAs: Record<string, string>,
 *   headers: string[],
 *   body: Body | undefined,
 *   response: ResponseType,
 *   responseSchema: SchemaNode,
 *   idempotent: boolean,
 *   checks: Record<string, string>,
 *   errors: Record<string, string>,
 *   note: string | undefined,
 *   paramsType: string,
 * } & OperationKind} ApiOperation
 */

/**
 * A schema the operations reach: its TypeScript name, whether responses and requests reach it,
 * and the file it goes to.
 * @typedef {{ name: string, tsName: string, schema: SchemaNode, response: boolean, input: boolean, file: string }} SchemaInfo
 */

/**
 * A request or response body's schema, or undefined.
 * @param {RequestBody | Response | undefined} holder
 */
const jsonSchemaOf = (holder) => holder?.content?.['application/json']?.schema;

/**
 * A request body: its schema, whether it is required, and how it is sent (`json` or `multipart`).
 * @param {string} id
 * @param {RequestBody | undefined} requestBody
 * @returns {Body | undefined}
 */
function bodyOf(id, requestBody) {
  if (!requestBody) return undefined;
  const required = requestBody.required === true;
  const json = jsonSchemaOf(requestBody);
  if (json) return { schema: json, required, type: 'json' };
  const form = requestBody.content?.['multipart/form-data']?.schema;
  if (form) return { schema: form, required, type: 'multipart' };
  throw new Error(`${id}: only JSON and multipart/form-data request bodies are supported`);
}

/**
 * The operation's kind: `page` (items + next_page_id, page_id + limit), `batch` (ids in, nullable items out) or `call`.
 * @param {string} method
 * @param {Parameter[]} query
 * @param {SchemaNode | undefined} response
 * @param {Schemas} schemas
 * @returns {OperationKind}
 */
function operationKind(method, query, response, schemas) {
  const names = query.map((parameter) => parameter.name);
  if (method === 'get' && names.includes('page_id') && names.includes('limit') && response?.$ref) {
    const page = schemas[refName(response.$ref)];
    const items = page?.properties?.items;
    if (items?.type === 'array' && items.items?.$ref && page?.properties?.next_page_id)
      return { kind: 'page', item: refName(items.items.$ref) };
  }
  const ids = query.filter((parameter) => parameter.schema?.type === 'array');
  const [id] = ids;
  if (method === 'get' && id && ids.length === 1 && query.length === 1 && id.required && response?.type === 'array') {
    const member = response.items?.anyOf?.find((option) => option.$ref);
    if (member?.$ref && response.items?.anyOf?.some((option) => option.type === 'null'))
      return { kind: 'batch', item: refName(member.$ref), key: id.name };
  }
  return { kind: 'call' };
}

/**
 * The operationId without the framework's path-and-method suffix.
 * @param {Operation} operation
 * @param {ApiNames} api
 */
const shortId = (operation, api) => /** @type {string} */ (operation.operationId.split(api.SOURCE.idSeparator)[0]);

/**
 * Whether a path is one the names file covers.
 * @param {string} path
 * @param {ApiNames} api
 */
export const covered = (path, api) => api.SOURCE.paths.some((prefix) => path.startsWith(prefix));

/**
 * The operations on the paths the names file covers, in the document's order, each with its path,
 * its method (lower case, as the document keys it) and its id without the framework's suffix.
 * @param {OpenApiDocument} document
 * @param {ApiNames} api
 */
export function* coveredOperations(document, api) {
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!covered(path, api)) continue;
    for (const [method, operation] of Object.entries(methods)) yield { path, method, operation, id: shortId(operation, api) };
  }
}

/**
 * Throws unless each check and error class of an operation names an argument, a status and an import that exist.
 * @param {string} id
 * @param {OperationNames} named
 * @param {string[]} args
 * @param {ApiNames} api
 */
function checkHooks(id, named, args, api) {
  for (const [arg, fn] of Object.entries(named.checks ?? {})) {
    if (!args.includes(arg)) throw new Error(`${id}: checks names ${arg}, which is not an argument (${args.join(', ')})`);
    if (!api.IMPORTS[fn]) throw new Error(`${id}: the check ${fn} is not in IMPORTS of ${api.SOURCE.namesFile}`);
  }
  for (const [status, name] of Object.entries(named.errors ?? {})) {
    if (!/^[45]\d\d$/.test(status)) throw new Error(`${id}: errors names ${status}, which is not an error status`);
    if (!api.IMPORTS[name]) throw new Error(`${id}: the error class ${name} is not in IMPORTS of ${api.SOURCE.namesFile}`);
  }
}

/**
 * The operations of the document on the names file's paths, in the document's order, named as the names file says.
 * @param {OpenApiDocument} document
 * @param {ApiNames} api
 * @returns {ApiOperation[]}
 */
export function loadOperations(document, api) {
  const { NAMESPACES, OPERATIONS, SOURCE } = api;
  const schemas = document.components.schemas;
  /** @type {ApiOperation[]} */
  const operations = [];
  /** @type {Set<string>} */
  const used = new Set();
  for (const { path, method, operation, id } of coveredOperations(document, api)) {
    const named = OPERATIONS[id];
    if (!named) {
      throw new Error(
        `${method.toUpperCase()} ${path} (operationId ${operation.operationId}) has no place on the client: ` +
          `add "${id}: { at: 'namespace.method' }" to OPERATIONS in ${SOURCE.namesFile}`,
      );
    }
    if (used.has(id)) throw new Error(`two operations are named ${id}`);
    used.add(id);
    const parameters = operation.parameters ?? [];
    const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => /** @type {string} */ (match[1]));
    const query = parameters.filter((parameter) => parameter.in === 'query');
    const response = jsonSchemaOf(operation.responses['200'] ?? operation.responses['201']);
    const segments = named.at.split('.');
    const namespace = segments.slice(0, -1).join('.');
    if (!NAMESPACES[namespace]) throw new Error(`${id}: namespace ${namespace} is not in NAMESPACES`);
    const sameAs = named.sameAs ?? {};
    const positional = (named.positional ?? []).map((name) => {
      const parameter = query.find((candidate) => candidate.name === name);
      if (!parameter?.required) throw new Error(`${id}: positional names ${name}, which is not a required query parameter`);
      return { ...parameter, arg: camelCase(name) };
    });
    const body = bodyOf(id, operation.requestBody);
    const pathParams = pathNames.map((name) => ({ name, arg: camelCase(name) }));
    const rest = query.filter((parameter) => !(parameter.name in sameAs) && !positional.some((p) => p.name === parameter.name));
    checkHooks(
      id,
      named,
      [...pathParams, ...positional].map((p) => p.arg).concat(body ? ['body'] : [], rest.length ? ['params'] : []),
      api,
    );
    operations.push({
      id,
      method: method.toUpperCase(),
      path,
      at: named.at,
      namespace,
      top: /** @type {string} */ (segments[0]),
      name: /** @type {string} */ (segments.at(-1)),
      summary: operation.summary,
      description: operation.description,
      pathParams,
      positional,
      query: rest,
      sameAs,
      headers: parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name),
      body,
      response: named.response ?? 'json',
      responseSchema: response ?? {},
      idempotent: named.idempotent ?? ['GET', 'PUT', 'DELETE'].includes(method.toUpperCase()),
      checks: named.checks ?? {},
      errors: named.errors ?? {},
      note: named.note,
      paramsType: `${pascalCase(id)}Params`,
      ...operationKind(method, rest, response, schemas),
    });
  }
  for (const id of Object.keys(OPERATIONS)) if (!used.has(id)) throw new Error(`OPERATIONS names ${id}, which the document does not have`);
  return operations;
}

/**
 * The file of a top-level namespace.
 * @param {Record<string, Namespace>} namespaces
 * @param {string} top
 */
function fileOf(namespaces, top) {
  const file = namespaces[top]?.file;
  if (!file) throw new Error(`namespace ${top} has no file in NAMESPACES`);
  return file;
}

/**
 * The TypeScript name of a schema.
 * @param {string} name
 * @param {Set<string>} both the class names of schemas with both an `-Input` and an `-Output` form
 * @param {ApiNames} api
 * @returns {string}
 */
export function typeNameOf(name, both, { EXTERNAL, RENAMES }) {
  const external = EXTERNAL[name];
  if (external) return external.type;
  const renamed = RENAMES[name];
  if (renamed) return renamed;
  const stem = className(name);
  return name.endsWith('-Output') && both.has(stem) ? `${stem}Output` : stem;
}

/**
 * The schemas the operations reach: `{ name, tsName, schema, response, input, file }` by schema
 * name. `response` — a response reaches it (it gets a Valibot schema, and, when no request reaches
 * it, its interface describes the decoded value: fields with a default are always there, unknown
 * fields are kept). `file` — the namespace whose operations alone reach it, or `common`.
 * @param {OpenApiDocument} document
 * @param {ApiOperation[]} operations
 * @param {ApiNames} api
 * @returns {Map<string, SchemaInfo>}
 */
export function loadSchemas(document, operations, api) {
  const { EXTERNAL, NAMESPACES } = api;
  const schemas = document.components.schemas;
  /** @type {Map<string, Set<string>>} */
  const responseRoots = new Map();
  /** @type {Map<string, Set<string>>} */
  const requestRoots = new Map();
  /**
   * @param {Map<string, Set<string>>} map
   * @param {Map<string, unknown>} names
   * @param {string} top
   */
  const add = (map, names, top) => {
    for (const name of names.keys()) map.set(name, new Set([...(map.get(name) ?? []), top]));
  };
  // External schemas are reached, not entered.
  const outside = (/** @type {string} */ name) => !EXTERNAL[name];
  for (const operation of operations) {
    const response = operation.kind === 'call' ? refsOf(operation.responseSchema) : new Set([operation.item].filter(outside));
    add(responseRoots, reachable(schemas, response, outside), operation.top);
    const request = refsOf([operation.body?.schema, [...operation.positional, ...operation.query].map((parameter) => parameter.schema)]);
    add(requestRoots, reachable(schemas, request, outside), operation.top);
  }
  const stems = (/** @type {string[]} */ names) => new Set(names.map(className));
  const inputs = stems([...requestRoots.keys()].filter((name) => name.endsWith('-Input')));
  const outputs = stems([...responseRoots.keys()].filter((name) => name.endsWith('-Output')));
  const both = new Set([...inputs].filter((stem) => outputs.has(stem)));
  /** @type {Map<string, SchemaInfo>} */
  const out = new Map();
  const names = [...new Set([...responseRoots.keys(), ...requestRoots.keys()])].sort();
  for (const name of names) {
    if (EXTERNAL[name]) continue;
    const tops = new Set([...(responseRoots.get(name) ?? []), ...(requestRoots.get(name) ?? [])]);
    out.set(name, {
      name,
      tsName: typeNameOf(name, both, api),
      schema: schemaNamed(schemas, name),
      response: responseRoots.has(name),
      input: requestRoots.has(name),
      file: tops.size === 1 ? fileOf(NAMESPACES, /** @type {string} */ ([...tops][0])) : 'common',
    });
  }
  /** @type {Map<string, string>} */
  const taken = new Map();
  for (const info of out.values()) {
    if (taken.has(info.tsName))
      throw new Error(`${info.name} and ${taken.get(info.tsName)} both become ${info.tsName}: add a name to RENAMES`);
    taken.set(info.tsName, info.name);
  }
  return out;
}
