// @ts-check
// Turns one JSON Schema node of the reference OpenAPI (with the service's rules applied, see
// service-rules.mjs) into a Valibot expression and a TypeScript type, both as source text.
import { typeName } from './load.mjs';
import { className } from './names.mjs';
import { refName, schemaNamed, withoutNull } from './openapi.mjs';
import { defaultValue, json, operand } from './source-text.mjs';

/** @import { Field } from './fields.mjs' */
/** @import { SchemaNode, Schemas } from './openapi.mjs' */

/**
 * What a file being generated uses: the schemas it refers to, the helpers of `schema-helpers` and
 * the kind constants it imports; `all` is the document's schemas.
 * @typedef {{ refs: Set<string>, all: Schemas, helpers: Set<string>, kinds: Set<string> }} Context
 */

/**
 * A node as source text: the Valibot expression (`v`) and the TypeScript type (`t`).
 * @typedef {{ v: string, t: string }} Converted
 */

/**
 * Marks a helper of `schema-helpers` as used by the file being generated.
 * @param {Context} ctx
 * @param {string} helper
 */
const use = (ctx, helper) => {
  ctx.helpers.add(helper);
  return helper;
};

/**
 * Converts a schema node. `ctx.refs` collects the schema names it refers to and `ctx.helpers`
 * the helpers it uses. Returns `{ v, t }`: the Valibot expression and the TypeScript type.
 * @param {SchemaNode} node
 * @param {Context} ctx
 * @returns {Converted}
 */
export function convert(node, ctx) {
  if (node.$ref) {
    const target = refName(node.$ref);
    const name = typeName(target);
    ctx.refs.add(target);
    return { v: `${name}Schema`, t: name };
  }
  if (node['x-service'] === 'action-kind') {
    ctx.kinds.add('ACTION_KINDS');
    return { v: `${use(ctx, 'kindReference')}('action_type', 'Action', ACTION_KINDS)`, t: 'string' };
  }
  if (node['x-service'] === 'observation-kind') {
    ctx.kinds.add('OBSERVATION_KINDS');
    return { v: `${use(ctx, 'kindReference')}('observation_type', 'Observation', OBSERVATION_KINDS)`, t: 'string | null' };
  }
  if (node.anyOf) return anyOfNode(node, ctx);
  switch (node.type) {
    case undefined:
      if (Object.keys(node).every((key) => key === 'title' || key === 'description' || key === 'default')) {
        return { v: 'v.unknown()', t: 'unknown' };
      }
      throw new Error(`unsupported schema node ${JSON.stringify(node)}`);
    case 'string':
      return stringNode(node, ctx);
    case 'integer':
      return { v: `${use(ctx, 'integer')}(${bounds(node)})`, t: 'number' };
    case 'number':
      return { v: `${use(ctx, 'number')}(${bounds(node)})`, t: 'number' };
    case 'boolean':
      return { v: use(ctx, 'boolean'), t: 'boolean' };
    case 'null':
      return { v: 'v.null()', t: 'null' };
    case 'array':
      return arrayNode(node, ctx);
    case 'object':
      return objectNode(node, ctx);
    default:
      throw new Error(`unsupported type ${node.type}`);
  }
}

/**
 * @param {SchemaNode} node
 * @param {Context} ctx
 * @returns {Converted}
 */
function anyOfNode(node, ctx) {
  const { members, nullable } = withoutNull(node);
  let inner;
  if (members.length === 1) inner = convert(/** @type {SchemaNode} */ (members[0]), ctx);
  else {
    // Unions without a discriminator are pydantic smart unions of models: errors name the member.
    const models = members.map((member) => (member.$ref ? refName(member.$ref) : undefined));
    if (!models.every((name) => name !== undefined && schemaNamed(ctx.all, name).properties)) {
      throw new Error(`only unions of models are supported: ${JSON.stringify(node)}`);
    }
    const parts = members.map((member, i) => ({ name: className(/** @type {string} */ (models[i])), ...convert(member, ctx) }));
    inner = {
      v: `${use(ctx, 'modelUnion')}<${parts.map((p) => operand(p.t)).join(' | ')}>({ ${parts.map((p) => `${p.name}: ${p.v}`).join(', ')} })`,
      t: parts.map((p) => operand(p.t)).join(' | '),
    };
  }
  if (!nullable) return inner;
  return { v: `v.nullable(${inner.v})`, t: `${operand(inner.t)} | null` };
}

/** @param {SchemaNode} node */
function bounds(node) {
  const min = node.minimum ?? node.exclusiveMinimum;
  if (node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined) {
    throw new Error('exclusive bounds are not supported');
  }
  if (node.maximum !== undefined) return `${min ?? 'undefined'}, ${node.maximum}`;
  if (min !== undefined) return `${min}`;
  return '';
}

/**
 * @param {SchemaNode} node
 * @param {Context} ctx
 * @returns {Converted}
 */
function stringNode(node, ctx) {
  if (node.const !== undefined) return { v: `v.literal(${json(node.const)})`, t: json(node.const) };
  if (node.enum) {
    return { v: `${use(ctx, 'literalOf')}([${node.enum.map(json).join(', ')}])`, t: node.enum.map(json).join(' | ') };
  }
  if (node['x-service'] === 'datetime') return { v: use(ctx, 'serviceDateTime'), t: 'string' };
  if (node.format) throw new Error(`unsupported format ${node.format} (say how the service reads it in service-rules.mjs)`);
  if (node.minLength !== undefined) return { v: `${use(ctx, 'nonEmptyString')}(${node.minLength})`, t: 'string' };
  return { v: 'v.string()', t: 'string' };
}

/** @type {Record<string, string>} */
const ARRAY_HELPERS = { set: 'setOf', sequence: 'sequence', 'message-content': 'messageContent' };

/**
 * @param {SchemaNode} node
 * @param {Context} ctx
 * @returns {Converted}
 */
function arrayNode(node, ctx) {
  if (node.prefixItems) {
    if (node.minItems !== node.prefixItems.length || node.maxItems !== node.prefixItems.length) {
      throw new Error('only fixed-length tuples are supported');
    }
    const parts = node.prefixItems.map((item) => convert(item, ctx));
    return { v: `${use(ctx, 'tuple')}([${parts.map((p) => p.v).join(', ')}])`, t: `[${parts.map((p) => p.t).join(', ')}]` };
  }
  if (node.uniqueItems) throw new Error('uniqueItems: say how the service reads this list in service-rules.mjs');
  const item = convert(node.items ?? {}, ctx);
  const helper = node['x-service'] && ARRAY_HELPERS[node['x-service']];
  const v = helper ? `${use(ctx, helper)}(${item.v})` : `v.array(${item.v})`;
  return { v, t: `${operand(item.t)}[]` };
}

/**
 * @param {SchemaNode} node
 * @param {Context} ctx
 * @returns {Converted}
 */
function objectNode(node, ctx) {
  if (node.properties) throw new Error('inline objects with properties are not supported');
  const ap = node.additionalProperties;
  // `false` would be an object that must stay empty: nothing the service sends.
  if (ap === false) throw new Error('closed objects without properties are not supported');
  use(ctx, 'record');
  if (ap === undefined || ap === true) return { v: 'record(v.unknown())', t: 'Record<string, unknown>' };
  const value = convert(ap, ctx);
  return { v: `record(${value.v})`, t: `Record<string, ${value.t}>` };
}

/**
 * The Valibot expression of a field of a model (see fields.mjs), with its default. Returns `{ v, t }`.
 * An event's `id` and `timestamp` use the helpers `eventId` and `eventTimestamp`, which the JSON
 * Schema conversion recognizes.
 * @param {Field} field
 * @param {Context} ctx
 * @returns {Converted}
 */
export function convertField(field, ctx) {
  const { node, required, fill } = field;
  if (node['x-service'] === 'event-id') {
    if (fill?.kind !== 'uuid') throw new Error(`${field.key}: an event id defaults to a fresh UUID4`);
    return { v: use(ctx, 'eventId'), t: 'string' };
  }
  const base = convert(node, ctx);
  if (required || !fill) return base;
  switch (fill.kind) {
    case 'value':
      return { v: `v.optional(${base.v}, ${defaultValue(fill.value, json)})`, t: base.t };
    case 'null':
      return { v: `v.optional(${base.v}, null)`, t: base.t };
    case 'list':
      return { v: `v.optional(${base.v}, ${use(ctx, 'emptyList')})`, t: base.t };
    case 'record':
    case 'model':
      // A model's default is the model validated from `{}`: its own defaults.
      return { v: `v.optional(${base.v}, ${use(ctx, 'emptyRecord')})`, t: base.t };
    case 'uuid':
      return { v: `v.optional(${base.v}, ${use(ctx, 'newUuid')})`, t: base.t };
    case 'now':
      if (base.v !== 'v.string()') throw new Error(`${field.key}: only a plain string defaults to the current time`);
      return { v: use(ctx, 'eventTimestamp'), t: base.t };
    default:
      throw new Error(`${field.key}: unknown default ${JSON.stringify(fill)}`);
  }
}
