/**
 * Objects as the service's models validate them: a dict or an error naming the class, every field
 * in order (`missing` where a required one is absent), then every unknown key, which a closed model
 * forbids, an open model drops and a free model keeps. Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import { fail, outcome, recordPop, serviceIssue } from './service-issue';
import { runSchema, withRun } from './with-run';

/** What a model does with keys it does not define: reject, drop, or keep. */
export type Extra = 'forbid' | 'ignore' | 'allow';

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

/**
 * A model of the given class name. `popKeys` are keys the service's own validator removes
 * before validating (deprecated fields it still tolerates).
 */
/* @__NO_SIDE_EFFECTS__ */
export function model<const E extends v.ObjectEntries>(
  entries: E,
  className: string,
  extra: Extra,
  popKeys: readonly string[] = [],
): v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>> {
  const base = extra === 'forbid' ? v.strictObject(entries) : extra === 'allow' ? v.looseObject(entries) : v.object(entries);
  const keys = Object.keys(entries);
  return withRun(base as v.GenericSchema, () => (dataset, config) => {
    let input = dataset.value as Record<string, unknown>;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const message = `Input should be a valid dictionary or instance of ${className}`;
      return fail(input, serviceIssue('model_type', message, input, { class_name: className }));
    }
    for (const key of popKeys) {
      if (!Object.hasOwn(input, key)) continue;
      recordPop(config, input, key);
      const { [key]: _removed, ...rest } = input;
      input = rest;
    }
    const output: Record<string, unknown> = {};
    const issues: Issue[] = [];
    for (const key of keys) {
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
    if (extra !== 'ignore') {
      for (const key of Object.keys(input)) {
        if (Object.hasOwn(entries, key)) continue;
        if (extra === 'forbid') {
          addUnder(issues, [serviceIssue('extra_forbidden', 'Extra inputs are not permitted', input[key])], keyItem(input, key, 'key'));
        } else if (!UNSAFE_KEYS.has(key)) {
          output[key] = input[key];
        }
      }
    }
    return outcome(input, output, issues);
  }) as v.GenericSchema<unknown, v.InferOutput<v.ObjectSchema<E, undefined>>>;
}
