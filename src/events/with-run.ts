/**
 * Copies of Valibot schemas with their validation replaced, so the service's rules can run while
 * the schema keeps its type, entries and options (JSON Schema conversion and introspection still
 * see a boolean, an object, an array). Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import type { DecodeConfig } from './service-issue';

/** The `~run` of a schema, with agentwire's decode configuration. */
export type Run = (dataset: v.UnknownDataset, config: DecodeConfig) => v.OutputDataset<unknown, v.BaseIssue<unknown>>;

/** A copy of `schema` whose `~run` is replaced; everything else (entries, options, types) is kept. */
export function withRun<S extends v.GenericSchema<unknown, unknown>>(schema: S, run: (original: Run) => Run): S {
  const original = schema['~run'].bind(schema) as Run;
  const copy = {
    ...schema,
    '~run': run(original),
    get '~standard'(): v.StandardProps<unknown, unknown> {
      const self = this as unknown as v.GenericSchema;
      return {
        version: 1,
        vendor: 'valibot',
        validate(value: unknown) {
          const result = v.safeParse(self, value);
          if (result.success) return { value: result.output };
          const issues = result.issues.map((issue) => ({
            message: issue.message,
            path: issue.path?.map((item) => ({ key: item.key as PropertyKey })),
          }));
          return { issues } as never;
        },
      };
    },
  };
  return copy as unknown as S;
}

/** Runs a nested schema with the same configuration. */
export function runSchema(schema: v.GenericSchema<unknown, unknown>, value: unknown, config: DecodeConfig) {
  return (schema['~run'] as Run)({ value }, config);
}
