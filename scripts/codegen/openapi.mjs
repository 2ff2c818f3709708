// @ts-check
// The OpenAPI documents as both generators read them: their shapes (as far as they are read), the
// lookups of schemas, properties and union members, which stop the generator on a name that is not
// there, and the one walk over `$ref`s.

/**
 * A JSON Schema node of a document's `components.schemas`. The `x-service…` keys are the marks
 * service-rules.mjs adds for the events generator.
 * @typedef {{
 *   $ref?: string,
 *   type?: string,
 *   anyOf?: SchemaNode[],
 *   oneOf?: SchemaNode[],
 *   properties?: Record<string, SchemaNode>,
 *   required?: string[],
 *   additionalProperties?: boolean | SchemaNode,
 *   items?: SchemaNode,
 *   prefixItems?: SchemaNode[],
 *   minItems?: number,
 *   maxItems?: number,
 *   uniqueItems?: boolean,
 *   const?: unknown,
 *   enum?: unknown[],
 *   default?: unknown,
 *   title?: string,
 *   description?: string,
 *   format?: string,
 *   contentMediaType?: string,
 *   minLength?: number,
 *   minimum?: number,
 *   maximum?: number,
 *   exclusiveMinimum?: number,
 *   exclusiveMaximum?: number,
 *   readOnly?: boolean,
 *   discriminator?: { propertyName: string, mapping?: Record<string, string> },
 *   'x-service'?: ServiceMark,
 *   'x-service-fill'?: string,
 *   'x-service-hidden'?: boolean,
 *   'x-service-pop'?: string[],
 *   'x-service-title'?: ToolTitle,
 * }} SchemaNode
 */

/**
 * How the service reads a node beyond what the document says (see service-rules.mjs).
 * @typedef {'set' | 'sequence' | 'message-content' | 'datetime' | 'event-id' | 'action-kind' | 'observation-kind'} ServiceMark
 */

/**
 * A tool's computed title when its annotations give none: a fixed name, or the path of a field.
 * @typedef {string | string[]} ToolTitle
 */

/** @typedef {Record<string, SchemaNode>} Schemas A document's `components.schemas`, by name. */

/** @typedef {{ schema?: SchemaNode }} MediaType */
/** @typedef {{ content?: Record<string, MediaType>, required?: boolean }} RequestBody */
/** @typedef {{ content?: Record<string, MediaType> }} Response */

/**
 * @typedef {{ name: string, in: 'query' | 'path' | 'header' | 'cookie', required?: boolean, schema: SchemaNode, description?: string }} Parameter
 */

/**
 * @typedef {{
 *   operationId: string,
 *   summary?: string,
 *   description?: string,
 *   parameters?: Parameter[],
 *   requestBody?: RequestBody,
 *   responses: Record<string, Response>,
 * }} Operation
 */

/**
 * A parsed document (spec.mjs checks it has `paths` and `components.schemas`).
 * @typedef {{
 *   openapi: string,
 *   info?: { version?: string },
 *   paths: Record<string, Record<string, Operation>>,
 *   components: { schemas: Schemas },
 * }} OpenApiDocument
 */

const SCHEMAS_PREFIX = '#/components/schemas/';

/**
 * The schema name a `$ref` points at: `#/components/schemas/Event-Input` → `Event-Input`.
 * @param {string} ref
 */
export function refName(ref) {
  if (!ref.startsWith(SCHEMAS_PREFIX)) throw new Error(`unsupported $ref ${ref} (only ${SCHEMAS_PREFIX}… is read)`);
  return ref.slice(SCHEMAS_PREFIX.length);
}

/**
 * The `$ref` of a schema of `components.schemas`.
 * @param {string} name
 */
export const refTo = (name) => `${SCHEMAS_PREFIX}${name}`;

/**
 * The schema a name refers to, or an error naming the reference.
 * @param {Schemas} schemas
 * @param {string} name
 */
export function schemaNamed(schemas, name) {
  const schema = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (!schema) throw new Error(`unresolved $ref ${refTo(name)}`);
  return schema;
}

/**
 * A property of a schema, or an error naming both.
 * @param {Schemas} schemas
 * @param {string} schemaName
 * @param {string} key
 */
export function propertyNamed(schemas, schemaName, key) {
  const properties = Object.hasOwn(schemas, schemaName) ? schemas[schemaName]?.properties : undefined;
  const node = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
  if (!node) throw new Error(`${schemaName}.${key} is not in the document`);
  return node;
}

/**
 * Inserts a property into an object schema right after the first of `after` it has (at the end
 * when it has none), keeping the order of the others.
 * @param {SchemaNode} schema
 * @param {string} key
 * @param {SchemaNode} node
 * @param {readonly string[]} after
 */
export function insertProperty(schema, key, node, after) {
  const entries = Object.entries(schema.properties ?? {});
  const at = after.map((name) => entries.findIndex(([other]) => other === name)).find((index) => index >= 0);
  entries.splice(at === undefined ? entries.length : at + 1, 0, [key, node]);
  schema.properties = Object.fromEntries(entries);
}

/**
 * The names of the members of a `oneOf` union schema, in its order.
 * @param {Schemas} schemas
 * @param {string} union
 */
export function memberNames(schemas, union) {
  const { oneOf } = schemaNamed(schemas, union);
  if (!oneOf) throw new Error(`${union} is not a oneOf union`);
  return oneOf.map((member) => {
    if (member.$ref === undefined) throw new Error(`${union}: a member is not a $ref`);
    return refName(member.$ref);
  });
}

/**
 * The `kind` constant of a member of a tagged union.
 * @param {Schemas} schemas
 * @param {string} name
 */
export function kindOf(schemas, name) {
  const kind = schemaNamed(schemas, name).properties?.kind?.const;
  if (typeof kind !== 'string') throw new Error(`${name} has no kind const`);
  return kind;
}

/** Whether a node is the JSON `null` type. */
const isNull = (/** @type {SchemaNode} */ node) => node.type === 'null';

/**
 * A union node's members (`anyOf`, else `oneOf`) without `null`, and whether `null` was one of them
 * (a node that is no union: none, not nullable).
 * @param {SchemaNode} node
 */
export function withoutNull(node) {
  const union = node.anyOf ?? node.oneOf ?? [];
  const members = union.filter((member) => !isNull(member));
  return { members, nullable: members.length !== union.length };
}

/**
 * A node without its `null` member (`X | null` → `X`).
 * @param {SchemaNode} node
 * @returns {SchemaNode}
 */
export function nonNull(node) {
  if (!node.anyOf) return node;
  const { members } = withoutNull(node);
  return members.length === 1 ? /** @type {SchemaNode} */ (members[0]) : { anyOf: members };
}

/** Whether a node admits `null`: the `null` type, or a union with a `null` member. */
export const isNullable = (/** @type {SchemaNode} */ node) => isNull(node) || withoutNull(node).nullable;

/**
 * Keywords whose values are no schemas: wording, examples, defaults and the discriminator (values
 * and mappings, whatever keys they hold).
 */
const NOT_SCHEMAS = new Set(['title', 'description', 'examples', 'default', 'discriminator']);

/**
 * The schema names a node refers to, directly or through its children, in the order they appear
 * (the schemas they name are not entered). A property is a schema whatever its name.
 * @param {unknown} node a schema node, or a list of them
 * @param {Set<string>} [out]
 */
export function refsOf(node, out = new Set()) {
  if (Array.isArray(node)) {
    for (const item of node) refsOf(item, out);
    return out;
  }
  if (!node || typeof node !== 'object') return out;
  const schema = /** @type {Record<string, unknown>} */ (node);
  if (typeof schema.$ref === 'string') out.add(refName(schema.$ref));
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') refsOf(Object.values(/** @type {Schemas} */ (value)), out);
    else if (!NOT_SCHEMAS.has(key)) refsOf(value, out);
  }
  return out;
}

/**
 * Every schema reachable from the schemas named `roots`, in the order a depth-first walk meets
 * them (each right after the schema that first refers to it). A schema `enter` refuses is listed
 * but not entered.
 * @param {Schemas} schemas
 * @param {Iterable<string>} roots
 * @param {(name: string) => boolean} [enter]
 * @returns {Map<string, SchemaNode>}
 */
export function reachable(schemas, roots, enter = () => true) {
  /** @type {Map<string, SchemaNode>} */
  const seen = new Map();
  /** @param {string} name */
  const visit = (name) => {
    if (seen.has(name)) return;
    const schema = schemaNamed(schemas, name);
    seen.set(name, schema);
    if (enter(name)) for (const next of refsOf(schema)) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}
