// Turns one JSON Schema node of the reference OpenAPI into a Valibot expression and a
// TypeScript type, both as source text.
import { typeName, UNIONS } from './load.mjs';

const lit = (value) => JSON.stringify(value);

/**
 * Converts a schema node. `refs` collects the TypeScript names it refers to.
 * Returns `{ v, t, kind }` where `kind` tells how a missing optional value defaults.
 */
export function convert(node, ctx) {
  if (node.$ref) {
    const target = node.$ref.split('/').pop();
    const name = typeName(target);
    ctx.refs.add(target);
    const schema = ctx.all[target];
    const fill = UNIONS[target] ? 'none' : schema.enum ? 'none' : 'object';
    return { v: `${name}Schema`, t: name, fill };
  }
  if (node.anyOf) {
    const members = node.anyOf.filter((member) => member.type !== 'null');
    const nullable = members.length !== node.anyOf.length;
    const parts = members.map((member) => convert(member, ctx));
    let inner;
    if (parts.length === 1) inner = parts[0];
    else {
      inner = {
        v: `v.union([${parts.map((p) => p.v).join(', ')}])`,
        t: parts.map((p) => wrapType(p.t)).join(' | '),
        fill: 'none',
      };
    }
    if (!nullable) return inner;
    return { v: `v.nullable(${inner.v})`, t: `${wrapType(inner.t)} | null`, fill: 'null' };
  }
  switch (node.type) {
    case undefined:
      if (Object.keys(node).every((key) => key === 'title' || key === 'description')) {
        return { v: 'v.unknown()', t: 'unknown', fill: 'null' };
      }
      throw new Error(`unsupported schema node ${JSON.stringify(node)}`);
    case 'string':
      return stringNode(node);
    case 'integer':
      return { v: `integer(${bounds(node)})`, t: 'number', fill: 'none' };
    case 'number':
      return { v: `number(${bounds(node)})`, t: 'number', fill: 'none' };
    case 'boolean':
      return { v: 'v.boolean()', t: 'boolean', fill: 'none' };
    case 'null':
      return { v: 'v.null()', t: 'null', fill: 'null' };
    case 'array':
      return arrayNode(node, ctx);
    case 'object':
      return objectNode(node, ctx);
    default:
      throw new Error(`unsupported type ${node.type}`);
  }
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

function stringNode(node) {
  if (node.const !== undefined) return { v: `v.literal(${lit(node.const)})`, t: lit(node.const), fill: 'none' };
  if (node.enum) {
    return { v: `literalOf([${node.enum.map(lit).join(', ')}])`, t: node.enum.map(lit).join(' | '), fill: 'none' };
  }
  if (node.format === 'date-time') return { v: 'dateTime', t: 'string', fill: 'none' };
  if (node.format) throw new Error(`unsupported format ${node.format}`);
  if (node.minLength !== undefined) return { v: `nonEmptyString(${node.minLength})`, t: 'string', fill: 'none' };
  return { v: 'v.string()', t: 'string', fill: 'none' };
}

function arrayNode(node, ctx) {
  if (node.prefixItems) {
    if (node.minItems !== node.prefixItems.length || node.maxItems !== node.prefixItems.length) {
      throw new Error('only fixed-length tuples are supported');
    }
    const parts = node.prefixItems.map((item) => convert(item, ctx));
    return { v: `v.strictTuple([${parts.map((p) => p.v).join(', ')}])`, t: `[${parts.map((p) => p.t).join(', ')}]`, fill: 'none' };
  }
  const item = convert(node.items ?? {}, ctx);
  const base = `v.array(${item.v})`;
  return { v: node.uniqueItems ? `uniqueItems(${base})` : base, t: `${wrapType(item.t)}[]`, fill: 'list' };
}

function objectNode(node, ctx) {
  if (node.properties) throw new Error('inline objects with properties are not supported');
  const ap = node.additionalProperties;
  if (ap === undefined || ap === true) return { v: 'record(v.unknown())', t: 'Record<string, unknown>', fill: 'record' };
  const value = convert(ap, ctx);
  return { v: `record(${value.v})`, t: `Record<string, ${value.t}>`, fill: 'record' };
}

/** The Valibot expression of a property, with its default. Returns `{ v, t }`. */
export function convertProperty(name, node, required, ctx, isEvent) {
  if (isEvent && name === 'id') return { v: 'eventId', t: 'string' };
  if (isEvent && name === 'timestamp') return { v: 'eventTimestamp', t: 'string' };
  const base = convert(node, ctx);
  if (required) return base;
  if (node.default !== undefined) {
    const value = node.default;
    const def = value !== null && typeof value === 'object' ? `() => (${lit(value)})` : lit(value);
    return { v: `v.optional(${base.v}, ${def})`, t: base.t };
  }
  switch (base.fill) {
    case 'null':
      return { v: `v.optional(${base.v}, null)`, t: base.t };
    case 'list':
      return { v: `v.optional(${base.v}, emptyList)`, t: base.t };
    case 'record':
    case 'object':
      return { v: `v.optional(${base.v}, emptyRecord)`, t: base.t };
    default:
      if (base.t === 'string') return { v: `v.optional(${base.v}, newUuid)`, t: base.t };
      throw new Error(`no default rule for optional property ${name}: ${JSON.stringify(node)}`);
  }
}
