/**
 * Building blocks shared by the generated schemas. Internal: not exported from the package.
 *
 * Messages set here double as markers: the pydantic-style error mapper (`detail.ts`) reads them
 * to tell an integer field from a float field and an enum from a literal.
 * @module
 */
import * as v from 'valibot';
import { naiveLocalTimestamp, newUuid } from './defaults';

export { newUuid };

/** Message of a non-number input on an integer field (pydantic `int_type`). */
export const INT_TYPE_MESSAGE = 'Input should be a valid integer';
/** Message of a fractional number on an integer field (pydantic `int_from_float`). */
export const INT_FROM_FLOAT_MESSAGE = 'Input should be a valid integer, got a number with a fractional part';
/** Message of an invalid date-time string (pydantic `datetime_from_date_parsing`). */
export const DATE_TIME_MESSAGE = 'Input should be a valid datetime';
/** Prefix of the message of a value outside an enum (pydantic `enum`). */
export const ENUM_MESSAGE_PREFIX = 'Input should be ';
/** Message of a repeated item where items must be unique. */
export const UNIQUE_MESSAGE = 'Value error, items must be unique';
/** Message of an event id equal to the reserved `"__root__"`. */
export const ROOT_ID_MESSAGE = 'Value error, "__root__" is reserved and cannot be an event id';

/** The id reserved for an explicit new root in `parent_id`. */
export const ROOT_PARENT_ID = '__root__';

/** Quotes and joins options the way pydantic does: `'a', 'b' or 'c'`. */
export function formatExpected(options: readonly unknown[]): string {
  const quoted = options.map((option) => (typeof option === 'string' ? `'${option}'` : String(option)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** An integer within optional inclusive bounds. */
/* @__NO_SIDE_EFFECTS__ */
export function integer(min?: number, max?: number): v.GenericSchema<number> {
  const items: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [v.integer(INT_FROM_FLOAT_MESSAGE)];
  if (min !== undefined) items.push(v.minValue(min));
  if (max !== undefined) items.push(v.maxValue(max));
  return v.pipe(v.number(INT_TYPE_MESSAGE), ...items);
}

/** A finite number within optional inclusive bounds. */
/* @__NO_SIDE_EFFECTS__ */
export function number(min?: number, max?: number): v.GenericSchema<number> {
  const items: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
  if (min !== undefined) items.push(v.minValue(min));
  if (max !== undefined) items.push(v.maxValue(max));
  return items.length === 0 ? v.number() : v.pipe(v.number(), ...items);
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

/** An array whose items must all differ (JSON equality for primitives). */
/* @__NO_SIDE_EFFECTS__ */
export function uniqueItems<T>(schema: v.GenericSchema<unknown, T[]>): v.GenericSchema<unknown, T[]> {
  return v.pipe(
    schema,
    v.check((items) => new Set(items).size === items.length, UNIQUE_MESSAGE),
  );
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/** Whether a string is an ISO-8601 date-time, with or without a zone. */
export function isDateTime(value: string): boolean {
  return DATE_TIME.test(value);
}

/** An ISO-8601 date-time string, with or without a zone; kept as a string. */
export const dateTime: v.GenericSchema<string> = /* @__PURE__ */ v.pipe(v.string(), v.check(isDateTime, DATE_TIME_MESSAGE));

/** A fresh empty list, for list fields the service defaults to `[]`. */
export const emptyList = (): never[] => [];

/** A fresh empty object, for object fields the service defaults to `{}`. */
export const emptyRecord = (): Record<string, never> => ({});

/** The `id` of an event: any string but the reserved root marker; a fresh UUID4 when absent. */
export const eventId: v.GenericSchema<unknown, string> = /* @__PURE__ */ v.optional(
  v.pipe(
    v.string(),
    v.check((id) => id !== ROOT_PARENT_ID, ROOT_ID_MESSAGE),
  ),
  newUuid,
);

/** The `timestamp` of an event, kept as sent; the current naive local time when absent. */
export const eventTimestamp: v.GenericSchema<unknown, string> = /* @__PURE__ */ v.optional(v.string(), () => naiveLocalTimestamp());

/** The decode configuration that nested schemas see. */
export interface DecodeConfig extends v.Config<v.BaseIssue<unknown>> {
  /** `'keep'` lets actions, observations and tool definitions of unknown kinds through as opaque objects. */
  unknownKinds?: 'reject' | 'keep';
}

type Run = (dataset: v.UnknownDataset, config: DecodeConfig) => v.OutputDataset<unknown, v.BaseIssue<unknown>>;

/** A copy of `schema` whose `~run` is replaced; everything else (entries, options, types) is kept. */
function withRun<S extends v.GenericSchema<unknown, unknown>>(schema: S, run: (original: Run) => Run): S {
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

/** Valibot's object schemas take arrays for objects; JSON Schema and the service do not. */
/* @__NO_SIDE_EFFECTS__ */
function rejectArrays<S extends v.GenericSchema<unknown, unknown>>(schema: S): S {
  return withRun(schema, (original) => (dataset, config) => {
    if (!Array.isArray(dataset.value)) return original(dataset, config);
    const issue = {
      kind: 'schema',
      type: schema.type,
      input: dataset.value,
      expected: 'Object',
      received: 'Array',
      message: 'Invalid type: Expected Object but received Array',
    } as v.BaseIssue<unknown>;
    return { typed: false, value: dataset.value, issues: [issue] } as v.OutputDataset<unknown, v.BaseIssue<unknown>>;
  });
}

/** A closed object: unknown keys are rejected. */
/* @__NO_SIDE_EFFECTS__ */
export function strictObject<const E extends v.ObjectEntries>(entries: E): v.StrictObjectSchema<E, undefined> {
  return rejectArrays(v.strictObject(entries));
}

/** An open object: unknown keys are kept. */
/* @__NO_SIDE_EFFECTS__ */
export function looseObject<const E extends v.ObjectEntries>(entries: E): v.LooseObjectSchema<E, undefined> {
  return rejectArrays(v.looseObject(entries));
}

/** A JSON object of string keys to values of one schema. */
/* @__NO_SIDE_EFFECTS__ */
export function record<const S extends v.GenericSchema>(value: S): v.RecordSchema<v.StringSchema<undefined>, S, undefined> {
  return rejectArrays(v.record(v.string(), value));
}

/**
 * A `v.variant` on `kind`. When `open`, a value whose `kind` is a string that names no known
 * member passes as an opaque copy, but only under the `unknownKinds: 'keep'` decode option.
 */
/* @__NO_SIDE_EFFECTS__ */
export function kindUnion<T>(
  kinds: readonly string[],
  options: readonly v.GenericSchema<unknown, unknown>[],
  open: boolean,
): v.GenericSchema<unknown, T> {
  // The members are typed loosely (see the generated files); at run time they are object schemas.
  const variant = v.variant('kind', options as unknown as v.VariantOptions<'kind'>);
  if (!open) return variant as unknown as v.GenericSchema<unknown, T>;
  const known = new Set(kinds);
  const schema = withRun(variant as unknown as v.GenericSchema, (original) => (dataset, config) => {
    const input = dataset.value as { kind?: unknown } | null;
    if (
      config.unknownKinds === 'keep' &&
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      typeof input.kind === 'string' &&
      !known.has(input.kind)
    ) {
      return { typed: true, value: { ...input } };
    }
    return original(dataset, config);
  });
  return schema as unknown as v.GenericSchema<unknown, T>;
}
