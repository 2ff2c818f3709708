/**
 * The judge of the conformance tests: Ajv (JSON Schema 2020-12) over the reference OpenAPI
 * document's own schemas.
 *
 * The document is patched where Ajv cannot read it or where the service enforces a rule the
 * document does not state:
 * - the discriminators' `mapping` is removed (its keys are mangled module paths, and Ajv does not
 *   support `mapping`); Ajv then dispatches on each member's `kind` const;
 * - `kind` is added to `required` of every union member (the service rejects a member without it);
 * - each union gets `type: 'object'`: Ajv's `discriminator` keyword only applies to objects and
 *   lets any other value (an array, a number) through, while the service rejects it;
 * - an event's `id` must not be the reserved `"__root__"`;
 * - the `date-time` format accepts ISO-8601 date-times with or without a zone (the service writes
 *   naive local times), with the same test agentwire uses.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { isDateTime } from '../../src/events/schema-helpers';

/** The reference OpenAPI document's path (`AGENTWIRE_OPENAPI` overrides it; the benchmarks set it). */
export const OPENAPI_PATH =
  process.env.AGENTWIRE_OPENAPI ?? fileURLToPath(new URL('../../../shared/reference/service-openapi.json', import.meta.url));

/** The four tagged unions. */
export const UNION_NAMES = ['Event-Input', 'Action-Input', 'Observation-Input', 'ToolDefinition-Input'] as const;

type JsonSchema = Record<string, unknown> & {
  oneOf?: { $ref: string }[];
  discriminator?: { mapping?: unknown };
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Loads `components.schemas` of the reference document (a fresh copy each call). */
export function loadSchemas(): Record<string, JsonSchema> {
  return (JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { components: { schemas: Record<string, JsonSchema> } }).components.schemas;
}

const refName = (ref: string) => ref.split('/').pop() as string;

/** The member schema names of a union. */
export function unionMembers(schemas: Record<string, JsonSchema>, union: string): string[] {
  return (schemas[union]?.oneOf ?? []).map((member) => refName(member.$ref));
}

/** Builds the oracle: `validate(schemaName, value)`. */
export function createOracle(): { validate(schemaName: string, value: unknown): boolean } {
  const schemas = loadSchemas();
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
  const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: false });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
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
