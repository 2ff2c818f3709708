// Turns one JSON Schema node of the reference OpenAPI (with the service's rules applied, see
// service-rules.mjs) into a Valibot expression and a TypeScript type, both as source text.
import { typeName } from './load.mjs';
import { className } from './service-rules.mjs';

const lit = (value) => JSON.stringify(value);

/** Marks a helper of `schema-helpers` as used by the file being generated. */
const use = (ctx, helper) => {
  ctx.helpers.add(helper);
  return helper;
};

/**
 * Converts a schema node. `ctx.refs` collects the schema names it refers to and `ctx.helpers`
 * the helpers it uses. Returns `{ v, t }`: the Valibot expression and the TypeScript type.
 */
export function convert(node, ctx) {
  if (node.$ref) {
    const target = node.$ref.split('/').pop();
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

function anyOfNode(node, ctx) {
  const members = node.anyOf.filter((member) => member.type !== 'null');
  const nullable = members.length !== node.anyOf.length;
  let inner;
  if (members.length === 1) inner = convert(members[0], ctx);
  else {
    // Unions without a discriminator are pydantic smart unions of models: errors name the member.
    if (!members.every((member) => member.$ref && ctx.all[member.$ref.split('/').pop()].properties)) {
      throw new Error(`only unions of models are supported: ${JSON.stringify(node)}`);
    }
    const parts = members.map((member) => ({ name: className(member.$ref.split('/').pop()), ...convert(member, ctx) }));
    inner = {
      v: `${use(ctx, 'modelUnion')}<${parts.map((p) => wrapType(p.t)).join(' | ')}>({ ${parts.map((p) => `${p.name}: ${p.v}`).join(', ')} })`,
      t: parts.map((p) => wrapType(p.t)).join(' | '),
    };
  }
  if (!nullable) return inner;
  return { v: `v.nullable(${inner.v})`, t: `${wrapType(inner.t)} | null` };
}

function wrapType(t) {
  return /[|&]/.test(t) ? `(${t})` : t;
}

function bounds(node) {
  const min = node.minimum ?? node.exclusiveMinimum;
  if (node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined) {
    throw new Error('exclusive bounds are not supported');
  }
  if (node.maximum !== undefined) return `${min ?? 'undefined'}, ${node.maximum}`;
  if (min !== undefined) return `${min}`;
  return '';
}

function stringNode(node, ctx) {
  if (node.const !== undefined) return { v: `v.literal(${lit(node.const)})`, t: lit(node.const) };
  if (node.enum) {
    return { v: `${use(ctx, 'literalOf')}([${node.enum.map(lit).join(', ')}])`, t: node.enum.map(lit).join(' | ') };
  }
  if (node['x-service'] === 'datetime') return { v: use(ctx, 'serviceDateTime'), t: 'string' };
  if (node.format) throw new Error(`unsupported format ${node.format} (say how the service reads it in service-rules.mjs)`);
  if (node.minLength !== undefined) return { v: `${use(ctx, 'nonEmptyString')}(${node.minLength})`, t: 'string' };
  return { v: 'v.string()', t: 'string' };
}

const ARRAY_HELPERS = { set: 'setOf', sequence: 'sequence', 'message-content': 'messageContent' };

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
  const helper = ARRAY_HELPERS[node['x-service']];
  const v = helper ? `${use(ctx, helper)}(${item.v})` : `v.array(${item.v})`;
  return { v, t: `${wrapType(item.t)}[]` };
}

function objectNode(node, ctx) {
  if (node.properties) throw new Error('inline objects with properties are not supported');
  const ap = node.additionalProperties;
  use(ctx, 'record');
  if (ap === undefined || ap === true) return { v: 'record(v.unknown())', t: 'Record<string, unknown>' };
  const value = convert(ap, ctx);
  return { v: `record(${value.v})`, t: `Record<string, ${value.t}>` };
}

/**
 * The Valibot expression of a field of a model (see fields.mjs), with its default. Returns `{ v, t }`.
 * An event's `id` and `timestamp` use the helpers `eventId` and `eventTimestamp`, which the JSON
 * Schema conversion recognizes.
 */
export function convertField(field, ctx) {
  const { node, required, fill } = field;
  if (node['x-service'] === 'event-id') {
    if (fill?.kind !== 'uuid') throw new Error(`${field.key}: an event id defaults to a fresh UUID4`);
    return { v: use(ctx, 'eventId'), t: 'string' };
  }
  const base = convert(node, ctx);
  if (required) return base;
  switch (fill.kind) {
    case 'value': {
      const value = fill.value;
      const def = value !== null && typeof value === 'object' ? `() => (${lit(value)})` : lit(value);
      return { v: `v.optional(${base.v}, ${def})`, t: base.t };
    }
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
