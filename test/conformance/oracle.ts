/**
 * The judges of the conformance tests: Ajv (JSON Schema 2020-12) over the schemas of the two
 * vendored OpenAPI documents, merged as the generator merges them (the service's document, whose
 * event models the agent server's 1.43.1 document replaces where they differ; see
 * `scripts/codegen/merge.mjs`). {@link createServiceOracle} judges as the service does;
 * {@link createOracle} judges as the document alone says (the benchmarks' baseline).
 *
 * The document is patched where Ajv cannot read it, or where the service enforces or relaxes a
 * rule the document does not state (the service validates with pydantic models in lax mode;
 * `test/fixtures/service-conformance.jsonl.gz` records what they decide). A patch that changes what
 * a valid event looks like, which the case generator also needs ({@link loadServiceSchemas}):
 * - a tool definition's `action_type` must name a registered action kind and `observation_type`
 *   an observation kind or be null (the document types both as "any"; the service resolves them
 *   to classes and refuses anything else).
 * Patches both judges share:
 * - the discriminators' `mapping` is removed (its keys are mangled module paths, and Ajv does not
 *   support `mapping`); Ajv then dispatches on each member's `kind` const;
 * - `kind` is added to `required` of every union member (the service rejects a member without it);
 * - each union gets `type: 'object'`: Ajv's `discriminator` keyword only applies to objects and
 *   lets any other value (an array, a number) through, while the service rejects it;
 * - an event's `id` must not be the reserved `"__root__"`;
 * - the document's `date-time` format accepts the ISO 8601 date-times the service reads.
 * Patches of the service judge alone ({@link createServiceOracle}):
 * - `Condensation.forgotten_event_ids` loses `uniqueItems`: it is a set, repeated ids collapse;
 * - `TaskAction` gets the `max_turns` field (an integer of at least 1, or null) the document hides;
 * - lax coercion: a boolean may also be `0`, `1` or one of pydantic's words (`"yes"`, `"off"`, …);
 *   an integer or a number may also be a boolean (when 0 or 1 is within its bounds) or a numeric
 *   string (whose bounds JSON Schema cannot check; the generated cases never hold one);
 * - `FileEntry.modified_time` is a real datetime: what `readServiceDateTime` accepts (ISO 8601 with
 *   a `T`, `t`, `_` or space, plain dates, numeric strings) or a Unix timestamp as a number;
 * - `Message.content` may be null or a string (the service's validator turns them into a list);
 * - `TextContent` tolerates the deprecated `enable_truncation` key (the service removes it).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { mergeDocuments, type OpenApiDocument } from '../../scripts/codegen/merge.mjs';
import { ACTION_KINDS, OBSERVATION_KINDS } from '../../src/events/generated/kinds';
import { readServiceDateTime } from '../../src/events/service-datetime';

/** The vendored OpenAPI document's path, `spec/service-openapi.json` (`AGENTWIRE_OPENAPI` overrides it; the benchmarks set it). */
export const OPENAPI_PATH = process.env.AGENTWIRE_OPENAPI ?? fileURLToPath(new URL('../../spec/service-openapi.json', import.meta.url));

/** The four tagged unions. */
export const UNION_NAMES = ['Event-Input', 'Action-Input', 'Observation-Input', 'ToolDefinition-Input'] as const;

type JsonSchema = Record<string, unknown> & {
  oneOf?: { $ref: string }[];
  discriminator?: { mapping?: unknown };
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** The agent server's document, beside the service's. */
export const AGENT_SERVER_OPENAPI_PATH = join(dirname(OPENAPI_PATH), 'agent-server-openapi.json');

// The merged schemas as JSON text, made on first use.
let merged: string | undefined;

/**
 * Loads `components.schemas` of the service's document with the merged event models (a fresh copy
 * each call): `AgentErrorEvent-Input` has `classification`, `ErrorClassification` is there.
 */
export function loadSchemas(): Record<string, JsonSchema> {
  if (merged === undefined) {
    const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
    merged = JSON.stringify(mergeDocuments(read(OPENAPI_PATH), read(AGENT_SERVER_OPENAPI_PATH)).document.components.schemas);
  }
  return JSON.parse(merged) as Record<string, JsonSchema>;
}

const refName = (ref: string) => ref.split('/').pop() as string;

/** The member schema names of a union. */
export function unionMembers(schemas: Record<string, JsonSchema>, union: string): string[] {
  return (schemas[union]?.oneOf ?? []).map((member) => refName(member.$ref));
}

/** `components.schemas` with the patches that change what a valid event looks like (see the module comment). */
export function loadServiceSchemas(): Record<string, JsonSchema> {
  const schemas = loadSchemas();
  for (const member of unionMembers(schemas, 'ToolDefinition-Input')) {
    const properties = (schemas[member] as JsonSchema).properties as Record<string, JsonSchema>;
    properties.action_type = { enum: [...ACTION_KINDS] };
    properties.observation_type = { anyOf: [{ enum: [...OBSERVATION_KINDS] }, { type: 'null' }], default: null };
  }
  return schemas;
}

const BOOLEAN_WORDS = ['0', '1', 't', 'f', 'y', 'n', 'yes', 'no', 'on', 'off', 'true', 'false'];
// Case-insensitive words without the `i` flag, which JSON Schema patterns do not have.
const anyCase = (word: string) => [...word].map((char) => (/[a-z]/.test(char) ? `[${char}${char.toUpperCase()}]` : char)).join('');
const BOOLEAN_TEXT = `^(?:${BOOLEAN_WORDS.map(anyCase).join('|')})$`;
const SPACE = '[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*';
const INTEGER_TEXT = `^${SPACE}[+-]?\\d+(?:\\.0*)?${SPACE}$`;
const NUMBER_TEXT = `^${SPACE}[+-]?(?:(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|${anyCase('inf')}|${anyCase('infinity')}|${anyCase('nan')})${SPACE}$`;

function within(node: JsonSchema, value: number): boolean {
  return (typeof node.minimum !== 'number' || value >= node.minimum) && (typeof node.maximum !== 'number' || value <= node.maximum);
}

/** The same node, widened to what pydantic's lax mode also reads as its type. */
function laxNode(node: JsonSchema): JsonSchema | undefined {
  const { type, minimum, maximum, ...rest } = node;
  const exact: JsonSchema = {
    type: type as string,
    ...(minimum === undefined ? {} : { minimum }),
    ...(maximum === undefined ? {} : { maximum }),
  };
  if (type === 'boolean') return { ...rest, anyOf: [exact, { enum: [0, 1] }, { type: 'string', pattern: BOOLEAN_TEXT }] };
  if (type !== 'integer' && type !== 'number') return undefined;
  const booleans = [false, true].filter((flag) => within(node, flag ? 1 : 0));
  const text = { type: 'string', pattern: type === 'integer' ? INTEGER_TEXT : NUMBER_TEXT };
  return { ...rest, anyOf: [exact, ...(booleans.length > 0 ? [{ enum: booleans }] : []), text] };
}

/** Widens every boolean, integer and number node under `node`, in place. */
function widen(node: unknown): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const lax = laxNode(node[i] as JsonSchema);
      if (lax) node[i] = lax;
      else widen(node[i]);
    }
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(object)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    const lax = value && typeof value === 'object' && !Array.isArray(value) ? laxNode(value as JsonSchema) : undefined;
    if (lax) object[key] = lax;
    else widen(value);
  }
}

/** A judge of values: `validate(schemaName, value)`. */
export interface Oracle {
  validate(schemaName: string, value: unknown): boolean;
}

/** The patches Ajv needs, and the rules every member of a union has (see the module comment). */
function patchUnions(schemas: Record<string, JsonSchema>): void {
  for (const union of UNION_NAMES) {
    const schema = schemas[union] as JsonSchema;
    if (schema.discriminator) delete schema.discriminator.mapping;
    schema.type = 'object';
    for (const member of unionMembers(schemas, union)) {
      const target = schemas[member] as JsonSchema;
      target.required = [...new Set([...(target.required ?? []), 'kind'])];
      if (union === 'Event-Input' && target.properties?.id) {
        target.properties.id = { ...target.properties.id, not: { const: '__root__' } };
      }
    }
  }
}

const isServiceDateTime = (value: string | number) => typeof readServiceDateTime(value) === 'string';
const isDateTimeText = (value: string) => typeof readServiceDateTime(value, true) === 'string';

function compile(schemas: Record<string, JsonSchema>, useDefaults = false): Oracle {
  const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: false, useDefaults });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTimeText });
  ajv.addFormat('service-date-time', { type: 'string', validate: isServiceDateTime });
  ajv.addFormat('service-timestamp', { type: 'number', validate: isServiceDateTime });
  ajv.addSchema({ $id: 'openapi', components: { schemas } });
  const cache = new Map<string, ValidateFunction>();
  return {
    validate(schemaName, value) {
      let fn = cache.get(schemaName);
      if (!fn) {
        fn = ajv.getSchema(`openapi#/components/schemas/${schemaName}`) as ValidateFunction;
        if (!fn) throw new Error(`no schema ${schemaName}`);
        cache.set(schemaName, fn);
      }
      return fn(value) as boolean;
    },
  };
}

/**
 * The document as JSON Schema reads it, with only the patches Ajv needs and the rules of every
 * union member (`kind` required, the reserved id): what the benchmarks measure agentwire against.
 * `useDefaults` makes Ajv fill the document's defaults into the value it validates.
 */
export function createOracle(options: { useDefaults?: boolean } = {}): Oracle {
  const schemas = loadSchemas();
  patchUnions(schemas);
  return compile(schemas, options.useDefaults);
}

/** The judge of the conformance tests: the document with every patch the service calls for. */
export function createServiceOracle(): Oracle {
  const schemas = loadServiceSchemas();
  patchUnions(schemas);
  widen(schemas);
  const forgotten = schemas['Condensation-Input']?.properties?.forgotten_event_ids as JsonSchema;
  delete forgotten.uniqueItems;
  const task = schemas['TaskAction-Input'] as JsonSchema;
  task.properties = { ...task.properties, max_turns: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], default: null } };
  const entry = schemas.FileEntry?.properties as Record<string, JsonSchema>;
  entry.modified_time = {
    anyOf: [
      { type: 'string', format: 'service-date-time' },
      { type: 'number', format: 'service-timestamp' },
    ],
  };
  const message = schemas.Message?.properties as Record<string, JsonSchema>;
  message.content = { anyOf: [message.content as JsonSchema, { type: 'null' }, { type: 'string' }] };
  const text = schemas.TextContent as JsonSchema;
  text.properties = { ...text.properties, enable_truncation: {} };
  return compile(schemas);
}
