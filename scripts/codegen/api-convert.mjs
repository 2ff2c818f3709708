// @ts-check
// Turns the API's schemas into TypeScript types and, for what responses reach, Valibot schemas
// that decode them as open objects (unknown keys kept, defaults filled), both as source text.

import { isNullable, refName, withoutNull } from './openapi.mjs';
import { defaultValue, docComment, key, lit, operand } from './source-text.mjs';

/** @import { SchemaInfo } from './api-model.mjs' */
/** @import { ApiNames } from './api-tables.mjs' */
/** @import { SchemaNode } from './openapi.mjs' */

/**
 * What a file being written uses: the schemas it may refer to (`schemas`), its own file, the
 * names file's tables (`api`); the imports it collects (types and values by file, external types
 * and schemas, schema helpers, the hand-written checks and error classes of the names file's
 * IMPORTS), and the schemas read lazily (they close a cycle).
 * @typedef {{
 *   schemas: Map<string, SchemaInfo>,
 *   file: string,
 *   api: ApiNames,
 *   typeImports: Map<string, Set<string>>,
 *   valueImports: Map<string, Set<string>>,
 *   external: Set<string>,
 *   helpers: Set<string>,
 *   handWritten: Set<string>,
 *   lazy: Set<string>,
 * }} Context
 */

/**
 * The text of a schema node's description, or of its title when it says more than the field's name.
 * @param {SchemaNode | undefined} node
 * @param {string} [name]
 */
export function describe(node, name) {
  if (node?.description) return node.description;
  const title = node?.title;
  if (!title || (name && title.toLowerCase().replace(/ /g, '_') === name.toLowerCase())) return undefined;
  return title;
}

/**
 * A conversion context: the schema table, the names file's tables (`api`), and what the file
 * being written imports (`handWritten`: the checks and error classes of the names file's IMPORTS).
 * @param {Map<string, SchemaInfo>} schemas
 * @param {string} file
 * @param {ApiNames} api
 * @returns {Context}
 */
export function createContext(schemas, file, api) {
  return {
    schemas,
    file,
    api,
    typeImports: new Map(),
    valueImports: new Map(),
    external: new Set(),
    helpers: new Set(),
    handWritten: new Set(),
    lazy: new Set(),
  };
}

/**
 * @param {Map<string, Set<string>>} map
 * @param {string} file
 * @param {string} name
 */
function importFrom(map, file, name) {
  map.set(file, new Set([...(map.get(file) ?? []), name]));
}

/**
 * A schema the file may refer to.
 * @param {string} name
 * @param {Context} ctx
 */
function infoOf(name, ctx) {
  const info = ctx.schemas.get(name);
  if (!info) throw new Error(`${name} is not a schema the operations reach`);
  return info;
}

/**
 * The TypeScript type of a reference, recording its import.
 * @param {string} name
 * @param {Context} ctx
 */
function refType(name, ctx) {
  const external = ctx.api.EXTERNAL[name];
  if (external) {
    ctx.external.add(external.type);
    return external.type;
  }
  const info = infoOf(name, ctx);
  if (info.file !== ctx.file) importFrom(ctx.typeImports, info.file, info.tsName);
  return info.tsName;
}

/**
 * The TypeScript type of a schema node.
 * @param {SchemaNode | undefined} node
 * @param {Context} ctx
 * @returns {string}
 */
export function tsOf(node, ctx) {
  if (!node || typeof node !== 'object') return 'unknown';
  if (node.$ref) return refType(refName(node.$ref), ctx);
  const union = node.anyOf ?? node.oneOf;
  if (union) return [...new Set(union.map((member) => operand(tsOf(member, ctx))))].join(' | ');
  if (node.const !== undefined) return lit(node.const);
  if (node.enum) return node.enum.map(lit).join(' | ');
  // A file of a multipart body: bytes, or a `Blob` (a `File` keeps its name).
  if (node.type === 'string' && node.contentMediaType === 'application/octet-stream') return 'Blob | Uint8Array';
  switch (node.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (node.prefixItems) return `[${node.prefixItems.map((item) => tsOf(item, ctx)).join(', ')}]`;
      return `${operand(tsOf(node.items, ctx))}[]`;
    case 'object':
      if (node.properties) throw new Error(`inline objects with properties are not supported: ${lit(node).slice(0, 200)}`);
      if (node.additionalProperties && typeof node.additionalProperties === 'object')
        return `Record<string, ${tsOf(node.additionalProperties, ctx)}>`;
      return 'Record<string, unknown>';
    case undefined:
      return 'unknown';
    default:
      throw new Error(`unsupported type ${node.type}`);
  }
}

/**
 * The Valibot expression of a reference, recording its import (lazy when it closes a cycle).
 * @param {string} name
 * @param {Context} ctx
 */
function refSchema(name, ctx) {
  const external = ctx.api.EXTERNAL[name];
  if (external) {
    if (!external.schema) throw new Error(`${name} in a response body needs a decoder`);
    ctx.external.add(external.schema);
    return external.schema;
  }
  const info = infoOf(name, ctx);
  const schema = `${info.tsName}Schema`;
  if (info.file !== ctx.file) importFrom(ctx.valueImports, info.file, schema);
  return ctx.lazy.has(name) ? `v.lazy(() => ${schema})` : schema;
}

/**
 * The Valibot expression decoding a schema node (types only: no bounds, lengths or formats). A
 * `oneOf` becomes `v.union`: its members are open objects told apart by their `kind` literal.
 * @param {SchemaNode | undefined} node
 * @param {Context} ctx
 * @returns {string}
 */
export function valibotOf(node, ctx) {
  if (!node || typeof node !== 'object') return 'v.unknown()';
  if (node.$ref) return refSchema(refName(node.$ref), ctx);
  if (node.anyOf ?? node.oneOf) {
    const { members, nullable } = withoutNull(node);
    const inner =
      members.length === 1 ? valibotOf(members[0], ctx) : `v.union([${members.map((member) => valibotOf(member, ctx)).join(', ')}])`;
    return nullable ? `v.nullable(${inner})` : inner;
  }
  if (node.const !== undefined) return `v.literal(${lit(node.const)})`;
  if (node.enum) return `v.picklist([${node.enum.map(lit).join(', ')}])`;
  switch (node.type) {
    case 'string':
      return 'v.string()';
    case 'integer':
      ctx.helpers.add('integer');
      return 'integer';
    case 'number':
      return 'v.number()';
    case 'boolean':
      return 'v.boolean()';
    case 'null':
      return 'v.null()';
    case 'array':
      if (node.prefixItems) return `v.tuple([${node.prefixItems.map((item) => valibotOf(item, ctx)).join(', ')}])`;
      return `v.array(${valibotOf(node.items, ctx)})`;
    case 'object':
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        return `v.record(v.string(), ${valibotOf(node.additionalProperties, ctx)})`;
      }
      return 'v.record(v.string(), v.unknown())';
    case undefined:
      return 'v.unknown()';
    default:
      throw new Error(`unsupported type ${node.type}`);
  }
}

/**
 * The default a decoder fills in for a missing property, as source text, or undefined when none fits.
 * @param {SchemaNode} node
 */
function defaultOf(node) {
  if (node.default === undefined) return undefined;
  if (node.default === null && !isNullable(node)) return undefined;
  return defaultValue(node.default);
}

/**
 * The declaration of one schema: its type (an interface for objects) and, when responses reach
 * it, its Valibot schema. A type only responses reach describes the decoded value: properties
 * with a default are present, and unknown properties are kept (`[key: string]: unknown`).
 * @param {SchemaInfo} info
 * @param {Context} ctx
 */
export function emitSchema(info, ctx) {
  const { schema, tsName } = info;
  const decoded = info.response && !info.input;
  // A title that only repeats the schema's name (before a rename) says nothing.
  let out = docComment(schema.description ?? (schema.title !== tsName && schema.title !== info.name ? schema.title : undefined));
  let valibot;
  if (schema.properties || (schema.type === 'object' && !schema.additionalProperties)) {
    const required = new Set([...(schema.required ?? []), ...(ctx.api.PRESENT[info.name] ?? [])]);
    const fields = [];
    const entries = [];
    for (const [name, node] of Object.entries(schema.properties ?? {})) {
      const fill = defaultOf(node);
      const present = required.has(name) || (decoded && fill !== undefined);
      fields.push(`${docComment(describe(node, name), '  ')}  ${key(name)}${present ? '' : '?'}: ${tsOf(node, ctx)};`);
      if (!info.response) continue;
      const expression = valibotOf(node, ctx);
      entries.push(
        `  ${key(name)}: ${required.has(name) ? expression : fill !== undefined ? `v.optional(${expression}, ${fill})` : `v.exactOptional(${expression})`},`,
      );
    }
    if (decoded || schema.additionalProperties === true) fields.push('  [key: string]: unknown;');
    out += `export interface ${tsName} {\n${fields.join('\n')}\n}\n`;
    if (info.response) {
      valibot = entries.length ? `v.looseObject({\n${entries.join('\n')}\n})` : 'v.looseObject({})';
    }
  } else {
    out += `export type ${tsName} = ${tsOf(schema, ctx)};\n`;
    if (info.response) valibot = valibotOf(schema, ctx);
  }
  if (valibot) {
    out += `\n/** Decodes {@link ${tsName}}${schema.properties ? ' as an open object: unknown keys are kept, missing defaults filled' : ''}. */\n`;
    const pure = /^v\.\w+\(/.test(valibot) ? '/* @__PURE__ */ ' : '';
    out += `export const ${tsName}Schema: v.GenericSchema<unknown, ${tsName}> = ${pure}${valibot};\n`;
  }
  return out;
}
