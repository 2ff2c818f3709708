// @ts-check
// The models of the document as both emitters read them: the Valibot schemas (emit.mjs,
// convert.mjs) and the single-pass decoder (emit-fast.mjs). Each model lists its fields in the
// service's order, each with its schema node (the service's rules applied), whether it is required,
// and what a missing value becomes. Every default is decided here, once.
import { typeName, UNIONS } from './load.mjs';
import { className } from './names.mjs';
import { refName, schemaNamed, withoutNull } from './openapi.mjs';
import { DEFAULT_FACTORIES } from './service-rules.mjs';

/** @import { Loaded, UnionInfo } from './load.mjs' */
/** @import { SchemaNode, Schemas, ToolTitle } from './openapi.mjs' */
/** @import { Factory } from './service-rules.mjs' */

/**
 * What a missing optional value becomes:
 * - `{ kind: 'value', value }`: the document's default (a fresh copy when it is a list or an object);
 * - `{ kind: 'null' }`: a field the document types `X | null` (or leaves untyped) without a default;
 * - `{ kind: 'uuid' }`, `{ kind: 'now' }`, `{ kind: 'list' }`, `{ kind: 'record' }`, `{ kind: 'model' }`:
 *   a factory of the service's models, listed in `DEFAULT_FACTORIES` (service-rules.mjs).
 * @typedef {{ kind: 'value', value: unknown } | { kind: 'null' | Factory }} Fill
 */

/**
 * What a model does with keys it does not define: reject (`forbid`), drop (`ignore`) or keep (`allow`).
 * @typedef {'forbid' | 'ignore' | 'allow'} Extra
 */

/**
 * A field of a model: its key, its schema node, whether it is required, its default (`fill`,
 * undefined when required) and `after`, the helper that fills a null value once the model is valid
 * (see `AFTER_FILLS` of service-rules.mjs).
 * @typedef {{ key: string, node: SchemaNode, required: boolean, fill: Fill | undefined, after?: string }} Field
 */

/**
 * The model of an object schema, as both emitters read it.
 * @typedef {{
 *   schemaName: string,
 *   name: string,
 *   className: string,
 *   union: UnionInfo | undefined,
 *   isEvent: boolean,
 *   extra: Extra,
 *   popKeys: string[],
 *   title: ToolTitle | undefined,
 *   fields: Field[],
 * }} Model
 */

/**
 * What a model does with keys it does not define.
 * @param {SchemaNode} schema
 * @returns {Extra}
 */
export const extraOf = (schema) =>
  schema.additionalProperties === false ? 'forbid' : schema.additionalProperties === true ? 'allow' : 'ignore';

/**
 * Whether a missing value of a node without a default is null: a nullable node, or an untyped one.
 * @param {SchemaNode} node
 */
const defaultsToNull = (node) => withoutNull(node).nullable || Object.keys(node).every((key) => key === 'title' || key === 'description');

/**
 * Throws unless a factory fits the field's node.
 * @param {string} factory
 * @param {SchemaNode} node
 * @param {string} where
 * @param {Schemas} all
 */
function checkFactory(factory, node, where, all) {
  const target = node.$ref ? refName(node.$ref) : undefined;
  /** @type {Record<string, boolean>} */
  const fitting = {
    uuid: node.type === 'string' || node['x-service'] === 'event-id',
    now: node.type === 'string',
    list: node.type === 'array',
    record: node.type === 'object',
    model: target !== undefined && schemaNamed(all, target).properties !== undefined && !UNIONS[target],
  };
  const fits = fitting[factory];
  if (fits === undefined) throw new Error(`DEFAULT_FACTORIES: unknown factory ${factory} for ${where}`);
  if (!fits) throw new Error(`DEFAULT_FACTORIES: ${where} cannot default to ${factory}: ${JSON.stringify(node)}`);
}

/**
 * The default of an optional field.
 * @param {Model} model
 * @param {string} key
 * @param {SchemaNode} node
 * @param {Schemas} all
 * @returns {Fill}
 */
function fillOf(model, key, node, all) {
  const where = `${model.className}.${key}`;
  const factory = DEFAULT_FACTORIES[where] ?? (model.union ? DEFAULT_FACTORIES[`${model.union.name}.${key}`] : undefined);
  if (node.default !== undefined) {
    if (factory !== undefined) throw new Error(`DEFAULT_FACTORIES: ${where} has a default in the document already`);
    return { kind: 'value', value: node.default };
  }
  if (factory !== undefined) {
    checkFactory(factory, node, where, all);
    return { kind: factory };
  }
  if (defaultsToNull(node)) return { kind: 'null' };
  throw new Error(
    `no default for the optional field ${where}: say what the service's model defaults it to in DEFAULT_FACTORIES (service-rules.mjs)`,
  );
}

/**
 * Checks that every entry of `DEFAULT_FACTORIES` names a field of the document, so a renamed field is not silently ignored.
 * @param {Loaded} loaded
 */
export function checkFactories(loaded) {
  const fields = new Set();
  for (const [schemaName, schema] of loaded.reachable) {
    if (!schema.properties) continue;
    const union = loaded.unionOf.get(schemaName);
    for (const key of Object.keys(schema.properties)) {
      fields.add(`${className(schemaName)}.${key}`);
      if (union) fields.add(`${union.name}.${key}`);
    }
  }
  for (const entry of Object.keys(DEFAULT_FACTORIES)) {
    if (!fields.has(entry)) throw new Error(`DEFAULT_FACTORIES: ${entry} is not a field of the document`);
  }
}

/**
 * The model of an object schema: `{ schemaName, name, className, union, isEvent, extra, popKeys,
 * title, fields }`, where each field is `{ key, node, required, fill, after }` (`fill` undefined when
 * required; `after` the helper that fills a null value once the model is valid, see `AFTER_FILLS`),
 * `kind` last for members of the tagged unions.
 * @param {string} schemaName
 * @param {Loaded} loaded
 * @returns {Model}
 */
export function describeModel(schemaName, loaded) {
  const schema = schemaNamed(loaded.all, schemaName);
  const properties = schema.properties;
  if (!properties) throw new Error(`${schemaName} is not an object schema`);
  const union = loaded.unionOf.get(schemaName);
  /** @type {Model} */
  const model = {
    schemaName,
    name: typeName(schemaName),
    className: className(schemaName),
    union,
    isEvent: union?.family === 'events',
    extra: extraOf(schema),
    popKeys: schema['x-service-pop'] ?? [],
    title: schema['x-service-title'],
    fields: [],
  };
  const required = new Set(schema.required ?? []);
  if (union) required.add('kind');
  // A union member's `kind` goes last, as the service writes it; elsewhere `kind` is an ordinary field.
  const keys = Object.keys(properties).filter((key) => !union || key !== 'kind');
  if (union) keys.push('kind');
  for (const key of keys) {
    const node = properties[key];
    if (!node) throw new Error(`${schemaName} has no property ${key}`);
    const isRequired = required.has(key);
    /** @type {Field} */
    const field = { key, node, required: isRequired, fill: isRequired ? undefined : fillOf(model, key, node, loaded.all) };
    if (node['x-service-fill']) field.after = node['x-service-fill'];
    model.fields.push(field);
  }
  return model;
}
