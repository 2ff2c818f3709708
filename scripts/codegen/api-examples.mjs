// Writes test/api/generated/operations.test.ts: for every `/api/v1` operation, a call of its
// method with schema-valid arguments (type-checked against the generated types), the request the
// loopback server must receive, and a schema-valid answer for the server to give.

import { lit } from './api-convert.mjs';
import { HEADER } from './api-emit.mjs';
import { camel, PREFIX } from './api-model.mjs';
import { PRESENT } from './api-names.mjs';

const refName = (ref) => ref.split('/').pop();
const UUID = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
const DATE_TIME = '2026-06-16T05:39:18Z';
/** A valid event of the `Event-Output` union (the codec decodes it). */
const EVENT = { id: UUID, timestamp: '2026-06-16T05:39:18.809928', source: 'user', parent_id: null, kind: 'PauseEvent' };

/**
 * A small value valid against a schema node: required properties only (and a `kind` tag),
 * the first member of a union, one item in a list of a response (`full`).
 */
function example(node, schemas, { name = 'value', depth = 0, full = false, present = [] } = {}) {
  if (!node || typeof node !== 'object') return {};
  if (node.$ref) {
    const target = refName(node.$ref);
    if (target === 'Event-Output') return EVENT;
    // An answer holds the fields the service always sends (PRESENT), listed as required or not.
    return example(schemas[target], schemas, { name, depth: depth + 1, full, present: full ? (PRESENT[target] ?? []) : [] });
  }
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const union = node.anyOf ?? node.oneOf;
  if (union) {
    const members = union.filter((member) => member.type !== 'null');
    if (members.length < union.length && depth > 6) return null;
    return example(members[0] ?? union[0], schemas, { name, depth, full });
  }
  switch (node.type) {
    case 'string':
      if (node.format === 'uuid') return UUID;
      if (node.format === 'date-time') return DATE_TIME;
      return name.length >= (node.minLength ?? 0) ? name : name.padEnd(node.minLength, 'x');
    case 'integer':
    case 'number':
      return node.minimum ?? (node.exclusiveMinimum === undefined ? 1 : node.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (node.prefixItems) return node.prefixItems.map((item) => example(item, schemas, { name, depth: depth + 1, full }));
      const count = Math.max(node.minItems ?? 0, full && depth < 4 ? 1 : 0);
      return Array.from({ length: count }, () => example(node.items, schemas, { name, depth: depth + 1, full }));
    }
    case 'object':
    case undefined: {
      if (!node.properties) return {};
      const out = {};
      for (const [property, schema] of Object.entries(node.properties)) {
        if ((node.required ?? []).includes(property) || present.includes(property) || (property === 'kind' && schema.const !== undefined)) {
          out[property] = example(schema, schemas, { name: property, depth: depth + 1, full });
        }
      }
      return out;
    }
    default:
      throw new Error(`no example for type ${node.type}`);
  }
}

/** A path parameter's value: a UUID where the document asks for one, else a readable name. */
const pathValue = (parameter, declared) => (declared?.schema?.format === 'uuid' ? UUID : `${camel(parameter.name)}-1`);

/** One operation's case: the call, what must be sent, and the answer. */
function caseOf(operation, document) {
  const schemas = document.components.schemas;
  const declared = document.paths[operation.path][operation.method.toLowerCase()].parameters ?? [];
  const args = [];
  let path = operation.path;
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
  const query = [];
  for (const [name, from] of Object.entries(operation.sameAs)) query.push([name, values[from]]);
  let body;
  if (operation.kind === 'batch') {
    args.push(lit(['item-1', 'item-2']));
    query.push([operation.key, 'item-1'], [operation.key, 'item-2']);
  } else {
    if (operation.body) {
      body = example(operation.body.schema, schemas, { name: 'body' });
      args.push(lit(body));
    }
    const params = {};
    for (const parameter of operation.query) {
      const value = parameter.name === 'page_id' ? 'page-1' : example(parameter.schema, schemas, { name: parameter.name });
      // The client takes `pageId` for `page_id`; `x__eq` is given as `x`.
      const given =
        parameter.name === 'page_id' ? 'pageId' : parameter.name.endsWith('__eq') ? parameter.name.slice(0, -4) : parameter.name;
      params[given] = value;
      query.push([parameter.name, String(value)]);
    }
    if (Object.keys(params).length) args.push(lit(params));
  }
  const status = document.paths[operation.path][operation.method.toLowerCase()].responses['201'] ? 201 : 200;
  let answer;
  if (operation.response === 'binary') answer = "rawAnswer(new Uint8Array([80, 75, 5, 6]), 'application/zip')";
  else if (operation.response === 'text') answer = "rawAnswer('secret-value', 'text/plain')";
  else if (operation.kind === 'page')
    answer = lit({ items: [example({ $ref: `#/components/schemas/${operation.item}` }, schemas, { full: true })], next_page_id: null });
  else if (operation.kind === 'batch')
    answer = lit([example({ $ref: `#/components/schemas/${operation.item}` }, schemas, { full: true }), null]);
  else answer = lit(example(operation.responseSchema, schemas, { full: true }));
  query.sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
  const sent = [`path: ${lit(path)}`, `query: ${lit(query)}`];
  if (body !== undefined) sent.push(`body: ${lit(body)}`);
  return [
    '  {',
    `    operation: ${lit(`${operation.method} ${operation.path}`)},`,
    `    status: ${status},`,
    `    call: (api) => api.${operation.at}(${args.join(', ')}),`,
    `    sent: { ${sent.join(', ')} },`,
    `    answer: ${answer},`,
    '  },',
  ].join('\n');
}

/** The generated test file. */
export function emitOperationsTest(document, operations) {
  const count = Object.keys(document.paths).filter((path) => path.startsWith(PREFIX)).length;
  const cases = operations.map((operation) => caseOf(operation, document)).join('\n');
  const text = `${HEADER}// Every /api/v1 operation of the document (${operations.length}, on ${count} paths): its method called with
// schema-valid arguments, the request the OpenAPI-checking loopback server received, the answer decoded.
import { type OperationCase, testOperations } from '../operation-cases';
import { rawAnswer } from '../openapi-server';

const cases: OperationCase[] = [
${cases}
];

testOperations(cases);
`;
  return { path: 'operations.test.ts', text };
}
