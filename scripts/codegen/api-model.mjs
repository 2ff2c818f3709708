// Reads the `/api/v1` operations of the OpenAPI document into what the API generator emits: each
// operation with its name on the client, its kind (a paginated search, a batch get, or a plain
// call), its parameters and bodies; and every schema they reach, with its TypeScript name, the
// file it goes to, and whether responses reach it (then it also gets a Valibot schema).
import { EXTERNAL, NAMESPACES, OPERATIONS, RENAMES } from './api-names.mjs';

export const PREFIX = '/api/v1/';

const refName = (ref) => ref.split('/').pop();
const pascal = (snake) => snake.replace(/(^|_)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
/** `sandbox_id` → `sandboxId`. */
export const camel = (snake) => snake.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** The schema names a node refers to, directly or through its children. */
function refsOf(node, out = new Set()) {
  if (Array.isArray(node)) for (const item of node) refsOf(item, out);
  else if (node && typeof node === 'object') {
    if (typeof node.$ref === 'string') out.add(refName(node.$ref));
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'default') refsOf(value, out);
  }
  return out;
}

/** Every schema reachable from `roots`, external schemas included but not entered. */
function reach(schemas, roots) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    if (!schemas[name]) throw new Error(`unresolved $ref ${name}`);
    seen.add(name);
    if (EXTERNAL[name]) return;
    for (const next of refsOf(schemas[name])) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** A request or response body's schema, or undefined. */
const jsonSchemaOf = (holder) => holder?.content?.['application/json']?.schema;

/** The operation's kind: `page` (items + next_page_id, page_id + limit), `batch` (ids in, nullable items out) or `call`. */
function kindOf(method, query, response, schemas) {
  const names = query.map((parameter) => parameter.name);
  if (method === 'get' && names.includes('page_id') && names.includes('limit') && response?.$ref) {
    const page = schemas[refName(response.$ref)];
    const items = page?.properties?.items;
    if (items?.type === 'array' && items.items?.$ref && page.properties.next_page_id)
      return { kind: 'page', item: refName(items.items.$ref) };
  }
  const ids = query.filter((parameter) => parameter.schema?.type === 'array');
  if (method === 'get' && ids.length === 1 && query.length === 1 && ids[0].required && response?.type === 'array') {
    const member = response.items?.anyOf?.find((option) => option.$ref);
    if (member && response.items.anyOf.some((option) => option.type === 'null'))
      return { kind: 'batch', item: refName(member.$ref), key: ids[0].name };
  }
  return { kind: 'call' };
}

/** The operations of the document under `/api/v1`, in the document's order, named as api-names.mjs says. */
export function loadOperations(document) {
  const schemas = document.components.schemas;
  const operations = [];
  const used = new Set();
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith(PREFIX)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const id = operation.operationId.split('_api_v1_')[0];
      const named = OPERATIONS[id];
      if (!named) {
        throw new Error(
          `${method.toUpperCase()} ${path} (operationId ${operation.operationId}) has no place on the client: ` +
            `add "${id}: { at: 'namespace.method' }" to OPERATIONS in scripts/codegen/api-names.mjs`,
        );
      }
      if (used.has(id)) throw new Error(`two operations are named ${id}`);
      used.add(id);
      const parameters = operation.parameters ?? [];
      const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const response = jsonSchemaOf(operation.responses['200'] ?? operation.responses['201']);
      const requestBody = operation.requestBody;
      if (requestBody && !jsonSchemaOf(requestBody)) throw new Error(`${id}: only JSON request bodies are supported`);
      const segments = named.at.split('.');
      const namespace = segments.slice(0, -1).join('.');
      if (!NAMESPACES[namespace]) throw new Error(`${id}: namespace ${namespace} is not in NAMESPACES`);
      const sameAs = named.sameAs ?? {};
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        at: named.at,
        namespace,
        top: segments[0],
        name: segments.at(-1),
        summary: operation.summary,
        description: operation.description,
        pathParams: pathNames.map((name) => ({ name, arg: camel(name) })),
        query: query.filter((parameter) => !(parameter.name in sameAs)),
        sameAs,
        headers: parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name),
        body: requestBody ? { schema: jsonSchemaOf(requestBody), required: requestBody.required === true } : undefined,
        response: named.response ?? 'json',
        responseSchema: response ?? {},
        idempotent: named.idempotent ?? ['GET', 'PUT', 'DELETE'].includes(method.toUpperCase()),
        note: named.note,
        paramsType: `${pascal(id)}Params`,
        ...kindOf(method, query, response, schemas),
      });
    }
  }
  for (const id of Object.keys(OPERATIONS)) if (!used.has(id)) throw new Error(`OPERATIONS names ${id}, which the document does not have`);
  return operations;
}

/** The TypeScript name of a schema. */
export function typeNameOf(name, both) {
  if (EXTERNAL[name]) return EXTERNAL[name].type;
  if (RENAMES[name]) return RENAMES[name];
  const base = name.split('__').at(-1);
  const stem = base.replace(/-(Input|Output)$/, '');
  if (base.endsWith('-Output') && both.has(stem)) return `${stem}Output`;
  return stem;
}

/**
 * The schemas the operations reach: `{ name, tsName, schema, response, input, file }` by schema
 * name. `response` — a response reaches it (it gets a Valibot schema, and, when no request reaches
 * it, its interface describes the decoded value: fields with a default are always there, unknown
 * fields are kept). `file` — the namespace whose operations alone reach it, or `common`.
 */
export function loadSchemas(document, operations) {
  const schemas = document.components.schemas;
  const responseRoots = new Map();
  const requestRoots = new Map();
  const add = (map, names, top) => {
    for (const name of names) map.set(name, new Set([...(map.get(name) ?? []), top]));
  };
  for (const operation of operations) {
    const response =
      operation.kind === 'call' ? refsOf(operation.responseSchema) : new Set([operation.item].filter((name) => !EXTERNAL[name]));
    add(responseRoots, reach(schemas, response), operation.top);
    const request = refsOf([operation.body?.schema, operation.query.map((parameter) => parameter.schema)]);
    add(requestRoots, reach(schemas, request), operation.top);
  }
  const stems = (names) =>
    new Set(
      [...names].map((name) =>
        name
          .split('__')
          .at(-1)
          .replace(/-(Input|Output)$/, ''),
      ),
    );
  const inputs = stems([...requestRoots.keys()].filter((name) => name.endsWith('-Input')));
  const outputs = stems([...responseRoots.keys()].filter((name) => name.endsWith('-Output')));
  const both = new Set([...inputs].filter((stem) => outputs.has(stem)));
  const out = new Map();
  const names = [...new Set([...responseRoots.keys(), ...requestRoots.keys()])].sort();
  for (const name of names) {
    if (EXTERNAL[name]) continue;
    const tops = new Set([...(responseRoots.get(name) ?? []), ...(requestRoots.get(name) ?? [])]);
    out.set(name, {
      name,
      tsName: typeNameOf(name, both),
      schema: schemas[name],
      response: responseRoots.has(name),
      input: requestRoots.has(name),
      file: tops.size === 1 ? NAMESPACES[[...tops][0]].file : 'common',
    });
  }
  const taken = new Map();
  for (const info of out.values()) {
    if (taken.has(info.tsName))
      throw new Error(`${info.name} and ${taken.get(info.tsName)} both become ${info.tsName}: add a name to RENAMES`);
    taken.set(info.tsName, info.name);
  }
  return out;
}

/** The schema names a schema's own definition refers to. */
export { refsOf };
