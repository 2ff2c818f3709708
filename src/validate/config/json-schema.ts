/**
 * The JSON Schema of the configuration file, for editors: the Valibot schema converted, with
 * every rule code and tag of the catalog as a key of `rules`, so an editor completes them and
 * marks an unknown one. `scripts/generate-config-schema.mjs` writes it to
 * `schema/agentwire.config.schema.json`, published as `agentwire/config.schema.json`.
 * @module
 */
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import { ruleCatalog } from '../rule-catalog';
import { ruleTags, TAG_PREFIX } from './rule-keys';
import { RULE_SETTINGS, ValidateConfigSchema } from './schema';

const SETTING = { $ref: '#/definitions/setting' };

/**
 * The `rules` object: each rule code and `tag:<tag>` with its setting, nothing else. The rules'
 * titles are left out: the package's size budget has no room for them (docs/validate/rules/ has them).
 */
function rulesSchema(description: string | undefined): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const rule of ruleCatalog()) properties[rule.code] = SETTING;
  for (const tag of ruleTags()) properties[`${TAG_PREFIX}${tag}`] = SETTING;
  return { type: 'object', ...(description ? { description } : {}), properties, additionalProperties: false };
}

/** The JSON Schema (draft-07) of `agentwire.config.json`. */
export function configJsonSchema(): JsonSchema {
  const converted = toJsonSchema(ValidateConfigSchema, { target: 'draft-07' }) as JsonSchema & {
    properties: Record<string, JsonSchema & { items?: JsonSchema & { properties: Record<string, JsonSchema> } }>;
  };
  const rules = converted.properties.rules as JsonSchema;
  const description = typeof rules === 'object' ? rules.description : undefined;
  converted.properties.rules = { $ref: '#/definitions/rules' };
  const overrides = converted.properties.overrides?.items;
  if (overrides) overrides.properties.rules = { $ref: '#/definitions/rules' };
  const { $schema, title, description: about, ...rest } = converted;
  return {
    $schema,
    title,
    description: about,
    ...rest,
    definitions: {
      rules: rulesSchema(description),
      setting: { enum: [...RULE_SETTINGS], description: 'off drops the diagnostics; info, warning and error set their severity.' },
    },
  };
}
