/**
 * Building blocks shared by the generated schemas, all in one import. Internal: not exported
 * from the package.
 *
 * The blocks reproduce the service's models (pydantic, lax mode, with its own validators) rather
 * than its OpenAPI document; the modules they come from say how.
 * @module
 */
import * as v from 'valibot';
import { naiveLocalTimestamp, newUuid } from './defaults';
import { type Extra, type ModelOptions, model } from './model';
import { fail, serviceIssue } from './service-issue';
import { withRun } from './with-run';

export { messageContent, modelUnion, sequence, setOf, tuple } from './collections';
export { agentErrorClassification, conversationErrorClassification } from './error-classification';
export { kindReference, kindUnion, withTitle } from './kind-union';
export { boolean, INT_FROM_FLOAT_MESSAGE, INT_TYPE_MESSAGE, integer, number } from './lax';
export { serviceDateTime } from './service-datetime';
export type { DecodeConfig } from './service-issue';
export { newUuid };

/** Prefix of the message of a value outside an enum (pydantic `enum`). */
export const ENUM_MESSAGE_PREFIX = 'Input should be ';
/** Message of an event id equal to the reserved `"__root__"`. */
export const ROOT_ID_MESSAGE = "Value error, Event id may not equal reserved sentinel '__root__'";

/** The id reserved for an explicit new root in `parent_id`. */
export const ROOT_PARENT_ID = '__root__';

/** Quotes and joins options the way pydantic does: `'a', 'b' or 'c'`. */
export function formatExpected(options: readonly unknown[]): string {
  const quoted = options.map((option) => (typeof option === 'string' ? `'${option}'` : String(option)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** A string of at least `min` characters. */
/* @__NO_SIDE_EFFECTS__ */
export function nonEmptyString(min: number): v.GenericSchema<string> {
  return v.pipe(v.string(), v.minLength(min));
}

/** An inline enumeration of strings (a pydantic `Literal`). */
/* @__NO_SIDE_EFFECTS__ */
export function literalOf<const T extends readonly string[]>(options: T): v.GenericSchema<T[number]> {
  return v.picklist(options as unknown as T[number][]);
}

/** A named enumeration of strings (a pydantic `Enum`). */
/* @__NO_SIDE_EFFECTS__ */
export function enumOf<const T extends readonly string[]>(options: T): v.GenericSchema<unknown, T[number]> {
  return v.picklist(options as unknown as T[number][], `${ENUM_MESSAGE_PREFIX}${formatExpected(options)}`);
}

/** A fresh empty list, for list fields the service defaults to `[]`. */
export const emptyList = (): never[] => [];

/** A fresh empty object, for object fields the service defaults to `{}`. */
export const emptyRecord = (): Record<string, never> => ({});

/** The `id` of an event: any string but the reserved root marker; a fresh UUID4 when absent. */
export const eventId: v.GenericSchema<unknown, string> = /* @__PURE__ */ v.optional(
  withRun(v.string(), (original) => (dataset, config) => {
    if (dataset.value === ROOT_PARENT_ID)
      return fail(ROOT_PARENT_ID, serviceIssue('value_error', ROOT_ID_MESSAGE, ROOT_PARENT_ID, { error: {} }));
    return original(dataset, config);
  }),
  newUuid,
);

/** The `timestamp` of an event, kept as sent; the current naive local time when absent. */
export const eventTimestamp: v.GenericSchema<unknown, string> = /* @__PURE__ */ v.optional(v.string(), () => naiveLocalTimestamp());

const objectOf =
  (extra: Extra) =>
  <const E extends v.ObjectEntries>(className: string, entries: E, options?: ModelOptions) =>
    model(entries, className, extra, options);

/** A closed model: unknown keys are rejected (`extra_forbidden`). */
export const strictObject = /* @__PURE__ */ objectOf('forbid');

/** An open model: unknown keys are accepted and dropped, as the service ignores them. */
export const object = /* @__PURE__ */ objectOf('ignore');

/** A free model: unknown keys are accepted and kept (never `__proto__`, `constructor` or `prototype`). */
export const looseObject = /* @__PURE__ */ objectOf('allow');

/** A JSON object of string keys to values of one schema (a pydantic `dict[str, ...]`). */
/* @__NO_SIDE_EFFECTS__ */
export function record<const S extends v.GenericSchema>(value: S): v.RecordSchema<v.StringSchema<undefined>, S, undefined> {
  const schema = v.record(v.string(), value);
  return withRun(schema, (original) => (dataset, config) => {
    const input = dataset.value;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return fail(input, serviceIssue('dict_type', 'Input should be a valid dictionary', input));
    }
    return original(dataset, config);
  });
}
