/**
 * The service's tagged families (events, actions, observations, tool definitions): dispatch on
 * `kind` the way its models do, the type registry behind a tool definition's `action_type` and
 * `observation_type`, and a tool definition's computed `title`.
 * Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import { pythonStr } from '../internal/python/repr';
import { pythonTypeName } from '../internal/python/types';
import { attachPopped, type DecodeConfig, fail, type PoppedKeys, recordPop, serviceIssue } from './service-issue';
import { withRun } from './with-run';

/** The four families, by the service's base class. */
export type Family = 'Event' | 'Action' | 'Observation' | 'ToolDefinition';

const BASE_CLASS: Record<Family, string> = {
  Event: 'openhands.sdk.event.base.Event',
  Action: 'openhands.sdk.tool.schema.Action',
  Observation: 'openhands.sdk.tool.schema.Observation',
  ToolDefinition: 'openhands.sdk.tool.tool.ToolDefinition',
};

/** The message of a kind the family does not know (a missing or null kind reads as `''`). */
export function unknownKindMessage(family: Family, kinds: readonly string[], kind: unknown): string {
  const listed = kinds.map((name) => `'${name}'`).join(', ');
  return `Value error, Unknown kind '${pythonStr(kind ?? '')}' for ${BASE_CLASS[family]}; Expected one of: [${listed}]`;
}

const isDict = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A family's union: the member named by `kind`. A value that is not an object, or whose kind the
 * family does not know, is an error at the value's own place. When `open`, a string kind that names
 * no member passes as an opaque copy under the decode option `unknownKinds: 'keep'`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function kindUnion<T>(
  family: Family,
  kinds: readonly string[],
  options: readonly v.GenericSchema<unknown, unknown>[],
  open: boolean,
): v.GenericSchema<unknown, T> {
  const members = new Map(kinds.map((kind, i) => [kind, options[i] as v.GenericSchema<unknown, unknown>]));
  const variant = v.variant('kind', options as unknown as v.VariantOptions<'kind'>) as unknown as v.GenericSchema;
  return withRun(variant, () => (dataset, config) => {
    const input = dataset.value;
    if (!isDict(input)) {
      return fail(
        input,
        serviceIssue('model_attributes_type', 'Input should be a valid dictionary or object to extract fields from', input),
      );
    }
    const kind = input.kind;
    const member = typeof kind === 'string' ? members.get(kind) : undefined;
    if (!member && open && config.unknownKinds === 'keep' && typeof kind === 'string') return { typed: true, value: { ...input } };
    // The outermost union of a decode keeps the record of what the service's validators popped.
    const outermost = config.popped === undefined;
    const scoped: DecodeConfig = outermost ? { ...config, popped: new Map() as PoppedKeys } : config;
    recordPop(scoped, input, 'kind');
    const result = member
      ? member['~run'](dataset, scoped)
      : fail(input, serviceIssue('value_error', unknownKindMessage(family, kinds, kind), input, { error: {} }));
    if (outermost && result.issues && scoped.popped) attachPopped(result.issues, scoped.popped);
    return result;
  }) as v.GenericSchema<unknown, T>;
}

/**
 * A tool definition's `action_type` or `observation_type`: the name of a registered action or
 * observation kind (the service resolves it to the class). Under `unknownKinds: 'keep'` any name
 * passes, as client tools name kinds no schema knows.
 */
export function kindReference(field: 'action_type', family: 'Action', kinds: readonly string[]): v.GenericSchema<unknown, string>;
export function kindReference(
  field: 'observation_type',
  family: 'Observation',
  kinds: readonly string[],
): v.GenericSchema<unknown, string | null>;
/* @__NO_SIDE_EFFECTS__ */
export function kindReference(
  field: 'action_type' | 'observation_type',
  family: 'Action' | 'Observation',
  kinds: readonly string[],
): v.GenericSchema<unknown, string | null> {
  const known = new Set(kinds);
  const nullable = field === 'observation_type';
  return withRun(nullable ? v.nullable(v.string()) : v.string(), () => (dataset, config) => {
    const input = dataset.value;
    if (input === null && nullable) return { typed: true, value: null };
    if (typeof input === 'string') {
      if (known.has(input) || config.unknownKinds === 'keep') return { typed: true, value: input };
      return fail(input, serviceIssue('value_error', unknownKindMessage(family, kinds, input), input, { error: {} }));
    }
    const message = `Assertion failed, ${field} must be a subclass of ${family}, but got <class '${pythonTypeName(input)}'>`;
    return fail(input, serviceIssue('assertion_error', message, input, { error: {} }));
  }) as v.GenericSchema<unknown, string | null>;
}

/**
 * Adds a tool definition's computed `title` after its `kind`: the title of its annotations when
 * set, else the tool's name (a fixed name, or the value at `name` inside the tool). A `title` on
 * input is ignored, as the service ignores it, even where unknown keys are kept.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withTitle<T>(
  schema: v.GenericSchema<unknown, T>,
  name: string | readonly string[],
): v.GenericSchema<unknown, T & { title: string }> {
  return withRun(schema as v.GenericSchema<unknown, unknown>, (original) => (dataset, config) => {
    const result = original(dataset, config);
    if (result.issues) return result;
    const tool = result.value as Record<string, unknown> & { annotations?: { title?: unknown } | null };
    if ('title' in tool) {
      // Kept by `unknownFields: 'keep'`: not unknown, and not where the computed title goes.
      delete tool.title;
      const at = config.kept?.findIndex((kept) => kept.object === dataset.value && kept.key === 'title') ?? -1;
      if (at >= 0) config.kept?.splice(at, 1);
    }
    let title = tool.annotations?.title;
    if (!title) {
      if (typeof name === 'string') title = name;
      else title = name.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], tool);
    }
    tool.title = title;
    return result;
  }) as v.GenericSchema<unknown, T & { title: string }>;
}
