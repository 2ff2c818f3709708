// @ts-check
// Compares the event models of the two vendored documents: the service's (`-Input` schemas of an
// older build) and its agent server's at the release the service runs (single schemas, written in
// serialization mode). Each schema reachable from the `Event` union of either document is paired
// with its namesake in the other, and every difference that is more than wording is listed.
// merge.mjs decides what each one means.
import { reachable, refName, refTo, schemaNamed } from './openapi.mjs';

/** @import { SchemaNode, Schemas } from './openapi.mjs' */

/**
 * One difference between the two documents' event models: the schema (by the service's name),
 * the field (a property name, or a schema keyword in parentheses), both values, and the property
 * or union member it concerns.
 * @typedef {{ schema: string, field: string, old: unknown, new: unknown, property?: string, member?: string }} Difference
 */

/**
 * Schemas the documents name differently (the MCP package renamed its module between them).
 * @type {Record<string, string>}
 */
const RENAMED = {
  mcp_types___types__Tool: 'mcp__types__Tool',
  mcp_types___types__ToolAnnotations: 'mcp__types__ToolAnnotations',
};

/** Keywords that only word things; they are not compared. */
const WORDING = new Set(['title', 'description', 'examples']);

/**
 * A node without its wording keywords, its `$ref`s renamed by `rename` and a discriminator without
 * its `mapping` (whose keys are mangled module paths). Property names are kept as they are.
 * @template T
 * @param {T} node
 * @param {(name: string) => string} [rename]
 * @returns {T}
 */
export function normalize(node, rename = (name) => name) {
  if (Array.isArray(node)) return /** @type {T} */ (node.map((item) => normalize(item, rename)));
  if (!node || typeof node !== 'object') return node;
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (WORDING.has(key)) continue;
    if (key === '$ref') out.$ref = refTo(rename(refName(value)));
    else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, rename)]));
    else if (key === 'discriminator') out.discriminator = { propertyName: value.propertyName };
    else out[key] = normalize(value, rename);
  }
  return /** @type {T} */ (out);
}

/**
 * A copy of a node whose `$ref`s are renamed by `rename`, wording kept.
 * @template T
 * @param {T} node
 * @param {(name: string) => string} rename
 * @returns {T}
 */
export function renameRefs(node, rename) {
  if (Array.isArray(node)) return /** @type {T} */ (node.map((item) => renameRefs(item, rename)));
  if (!node || typeof node !== 'object') return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' ? refTo(rename(refName(value))) : renameRefs(value, rename);
  }
  return /** @type {T} */ (out);
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The differences of one pair of object, enum or union schemas (both normalized to the service's names).
 * @param {string} name
 * @param {SchemaNode} older
 * @param {SchemaNode} newer
 */
function compareSchemas(name, older, newer) {
  /** @type {Difference[]} */
  const found = [];
  /**
   * @param {string} field
   * @param {unknown} before
   * @param {unknown} after
   * @param {{ property?: string, member?: string }} [extra]
   */
  const add = (field, before, after, extra = {}) => found.push({ schema: name, field, old: before, new: after, ...extra });
  if (older.oneOf || newer.oneOf) {
    const members = (/** @type {SchemaNode} */ schema) => (schema.oneOf ?? []).map((member) => refName(member.$ref ?? ''));
    const [a, b] = [members(older), members(newer)];
    for (const member of a) if (!b.includes(member)) add('(members)', member, undefined, { member });
    for (const member of b) if (!a.includes(member)) add('(members)', undefined, member, { member });
  }
  const keys = new Set([...Object.keys(older), ...Object.keys(newer)]);
  for (const key of ['oneOf', 'properties', 'required']) keys.delete(key);
  const olderKeywords = /** @type {Record<string, unknown>} */ (older);
  const newerKeywords = /** @type {Record<string, unknown>} */ (newer);
  for (const key of keys) if (!same(olderKeywords[key], newerKeywords[key])) add(`(${key})`, olderKeywords[key], newerKeywords[key]);
  const [required, newRequired] = [new Set(older.required ?? []), new Set(newer.required ?? [])];
  for (const key of newRequired) if (!required.has(key)) add('(required)', undefined, key, { property: key });
  for (const key of required) if (!newRequired.has(key)) add('(required)', key, undefined, { property: key });
  const [props, newProps] = [older.properties ?? {}, newer.properties ?? {}];
  for (const key of new Set([...Object.keys(props), ...Object.keys(newProps)])) {
    if (!same(props[key], newProps[key])) add(key, props[key], newProps[key], { property: key });
  }
  const order = (/** @type {object} */ a, /** @type {object} */ b) => Object.keys(a).filter((key) => key in b);
  if (!same(order(props, newProps), order(newProps, props))) add('(order)', order(props, newProps), order(newProps, props));
  return found;
}

/**
 * Pairs the event closures of the two documents' `components.schemas` and lists their differences:
 * `{ names, differences }`, where `names` maps an agent-server schema name to the service's (or to
 * itself when the service has no such schema), and each difference is `{ schema, field, old, new }`
 * (`field` a property name or a schema keyword in parentheses: `(members)`, `(required)`, `(order)`,
 * `(additionalProperties)`, `(schema)` for a schema only one document has), with `property` or
 * `member` when it concerns one.
 * @param {Schemas} service
 * @param {Schemas} agentServer
 */
export function compareDocuments(service, agentServer) {
  const olderNames = reachable(service, ['Event-Input']);
  const newerNames = [...reachable(agentServer, ['Event']).keys()];
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const name of newerNames) {
    const candidates = [`${name}-Input`, RENAMED[name], name].filter((candidate) => candidate !== undefined);
    const match = candidates.find((candidate) => olderNames.has(candidate));
    if (!match && service[name]) throw new Error(`${name}: the service's document has a schema of that name outside its event models`);
    names.set(name, match ?? name);
  }
  const rename = (/** @type {string} */ name) => names.get(name) ?? name;
  /** @type {Difference[]} */
  const differences = [];
  const paired = new Set(names.values());
  for (const name of olderNames.keys()) {
    if (!paired.has(name)) differences.push({ schema: name, field: '(schema)', old: 'present', new: undefined });
  }
  for (const [newer, older] of names) {
    const normalized = normalize(schemaNamed(agentServer, newer), rename);
    if (!olderNames.has(older)) differences.push({ schema: older, field: '(schema)', old: undefined, new: normalized });
    else differences.push(...compareSchemas(older, normalize(schemaNamed(service, older)), normalized));
  }
  return { names, differences };
}
