/**
 * Objects as the service's models validate them: a dict or an error naming the class, every field
 * in order (`missing` where a required one is absent), then every unknown key, which a closed model
 * forbids, an open model drops and a free model keeps; under `unknownFields: 'keep'` every model
 * keeps it. Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import { type DecodeConfig, fail, outcome, recordPop, serviceIssue } from './service-issue';
import { runSchema, withRun } from './with-run';

/** What a model does with keys it does not define: reject, drop, or keep. */
export type Extra = 'forbid' | 'ignore' | 'allow';

/** What a model does beyond validating its fields. */
export interface ModelOptions {
  /** agentwire's name of the model where it differs from the class name (`McpTool` for `Tool`). */
  readonly name?: string;
  /** Keys the service's own validator removes before validating (deprecated fields it still tolerates). */
  readonly pop?: readonly string[];
  /**
   * Fields an after-validator of the model fills when they are null once every field is valid:
   * the key, and the value computed from the validated object.
   */
  readonly fill?: Readonly<Record<string, (model: Record<string, unknown>) => unknown>>;
}

type Issue = v.BaseIssue<unknown>;

// Keys that would reach a prototype if copied with plain assignment; never copied into outputs.
const UNSAFE_KEYS = /* @__PURE__ */ new Set(['__proto__', 'constructor', 'prototype']);

const isOptional = (schema: v.GenericSchema<unknown, unknown>): boolean => {
  const type = schema.type;
  return type === 'optional' || type === 'exact_optional' || type === 'nullish';
};

function keyItem(input: Record<string, unknown>, key: string, origin: 'key' | 'value'): v.ObjectPathItem {
  return { type: 'object', origin, input, key, value: input[key] };
}

function addUnder(issues: Issue[], found: readonly Issue[], item: v.ObjectPathItem): void {
  for (const issue of found) {
    if (issue.path) issue.path.unshift(item);
    else (issue as { path?: v.IssuePathItem[] }).path = [item];
    issues.push(issue);
  }
}

/** The keys of `input` the model does not define, in input order. */
function unknownKeys(input: Record<string, unknown>, entries: v.ObjectEntries): string[] {
  const found: string[] = [];
  for (const key of Object.keys(input)) if (!Object.hasOwn(entries, key)) found.push(key);
  return found;
}

/** A model of the given class name (see {@link ModelOptions}). */
/* @__NO_SIDE_EFFECTS__ */
export function model<const E extends v.ObjectEntries>(
  entries: E,
  className: string,
  extra: Extra,
  options: ModelOptions = {},
): v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>> {
  const base = extra === 'forbid' ? v.strictObject(entries) : extra === 'allow' ? v.looseObject(entries) : v.object(entries);
  const keys = Object.keys(entries);
  // A union member's `kind` is its last field; kept unknown keys go before it.
  const kindAt = keys[keys.length - 1] === 'kind' ? keys.length - 1 : keys.length;
  const { name = className, pop = [], fill } = options;
  return withRun(base as v.GenericSchema, () => (dataset, config: DecodeConfig) => {
    const given = dataset.value as Record<string, unknown>;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      const message = `Input should be a valid dictionary or instance of ${className}`;
      return fail(given, serviceIssue('model_type', message, given, { class_name: className }));
    }
    let input = given;
    for (const key of pop) {
      if (!Object.hasOwn(input, key)) continue;
      recordPop(config, input, key);
      const { [key]: _removed, ...rest } = input;
      input = rest;
    }
    const keep = config.unknownFields === 'keep';
    const extras = keep || extra !== 'ignore' ? unknownKeys(input, entries) : [];
    const output: Record<string, unknown> = {};
    const issues: Issue[] = [];
    for (let i = 0; i <= keys.length; i++) {
      if (i === kindAt && extras.length > 0 && (keep || extra === 'allow')) {
        for (const key of extras) {
          if (UNSAFE_KEYS.has(key)) continue;
          output[key] = input[key];
          if (keep) config.kept?.push({ object: given, model: name, key });
        }
      }
      if (i === keys.length) break;
      const key = keys[i] as string;
      const schema = entries[key] as v.GenericSchema<unknown, unknown>;
      // A key holding `undefined` (possible from JavaScript only) counts as absent.
      const present = key in input && input[key] !== undefined;
      if (!present) {
        if (!isOptional(schema)) {
          addUnder(issues, [serviceIssue('missing', 'Field required', input)], keyItem(input, key, 'key'));
          continue;
        }
        if ((schema as { default?: unknown }).default === undefined) continue;
      }
      const result = runSchema(schema, present ? input[key] : undefined, config);
      if (result.issues) addUnder(issues, result.issues, keyItem(input, key, 'value'));
      output[key] = result.value;
    }
    if (extra === 'forbid') {
      // Under 'keep', only the keys that cannot be kept are refused.
      for (const key of extras) {
        if (keep && !UNSAFE_KEYS.has(key)) continue;
        addUnder(issues, [serviceIssue('extra_forbidden', 'Extra inputs are not permitted', input[key])], keyItem(input, key, 'key'));
      }
    }
    if (fill && issues.length === 0) {
      for (const key in fill) if (output[key] === null) output[key] = (fill[key] as (model: Record<string, unknown>) => unknown)(output);
    }
    return outcome(input, output, issues);
  }) as v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>>;
}
