/**
 * Decoding JSON values into typed events, the way the service validates them.
 * @module
 */
import * as v from 'valibot';
import { toValidationDetail, type ValidationErrorItem } from './detail';
import { EventValidationError } from './errors';
import { type Event, EventSchema } from './generated/event';
import { FAIL, fastDecodeEvent } from './generated/fast-decode';
import type { LenientEvent } from './lenient';
import type { DecodeConfig } from './service-issue';
import { locateUnknownFields, type UnknownField, type UnknownFieldsMode } from './unknown-fields';

/** What to do with an action, observation or tool definition of a kind no schema knows: refuse it (default) or keep it. */
export type UnknownKindsMode = 'reject' | 'keep';

/** Options of the decode functions. */
export interface DecodeOptions {
  /**
   * What to do with an action, observation or tool definition whose `kind` no schema knows.
   * `'reject'` (the default) fails the event, as the service does; `'keep'` keeps the value as an
   * {@link OpaqueValue}. Unknown event kinds are always rejected.
   */
  unknownKinds?: 'reject' | 'keep';
  /**
   * What to do with a key that no model defines (see {@link UnknownFieldsMode}). `'reject'` (the
   * default) answers as the service does: closed models refuse it, open models drop it. `'keep'`
   * accepts it anywhere, keeps its value in the output (so `encodeEvent` writes it back) and lists it
   * in the `unknownFields` of a safe decode's result. The output types do not show kept keys.
   */
  unknownFields?: UnknownFieldsMode;
  /**
   * How booleans, numbers and date-times are read. `'lax'` (the default) reads them as the service
   * does (pydantic's lax mode): `"true"`, `"yes"`, `1` are booleans, `"5"`, `" 5 "`, `"5.0"`, `true`
   * are integers, numeric strings are numbers, and a directory entry's `modified_time` may be a date
   * or a Unix timestamp; the output holds the converted value. `'strict'` accepts only the JSON types
   * the OpenAPI document declares. Everything else (set semantics, defaults, the tool-type registry)
   * is the same in both.
   */
  coercion?: 'lax' | 'strict';
}

/** {@link DecodeOptions} that keep unknown kinds. */
export type LenientDecodeOptions = DecodeOptions & { unknownKinds: 'keep' };

/**
 * The result of a safe decode: the output, or the issues and their pydantic-style `detail`. With
 * `unknownFields: 'keep'`, a success lists in `unknownFields` every key no model defines that the
 * output kept (present only when there is at least one).
 */
export type SafeDecodeResult<T> =
  | { success: true; output: T; issues?: undefined; detail?: undefined; unknownFields?: readonly UnknownField[] }
  | { success: false; output?: undefined; issues: v.BaseIssue<unknown>[]; detail: ValidationErrorItem[]; unknownFields?: undefined };

const config = (unknownKinds: 'reject' | 'keep', coercion: 'lax' | 'strict'): DecodeConfig =>
  Object.freeze({ abortEarly: false, abortPipeEarly: false, unknownKinds, coercion });

const CONFIGS = {
  reject: { lax: /* @__PURE__ */ config('reject', 'lax'), strict: /* @__PURE__ */ config('reject', 'strict') },
  keep: { lax: /* @__PURE__ */ config('keep', 'lax'), strict: /* @__PURE__ */ config('keep', 'strict') },
};

const EventListSchema = /* @__PURE__ */ v.array(EventSchema);

/** The generated single-pass decoder over a batch; FAIL when any event needs the full schemas. */
function fastDecodeBatch(input: unknown, keepKinds: boolean, keepFields: boolean): unknown {
  if (!Array.isArray(input)) return FAIL;
  const output = new Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const event = fastDecodeEvent(input[i], keepKinds, keepFields);
    if (event === FAIL) return FAIL;
    output[i] = event;
  }
  return output;
}

/**
 * Decodes with the generated single-pass decoder when it can decide, and with the Valibot schemas
 * otherwise (they produce the same output, and the issues when the input is invalid). The
 * single-pass decoder gives up on any key no model defines, so the kept ones are all found by the
 * schemas, which note them.
 */
function run<T>(schema: v.GenericSchema<unknown, unknown>, input: unknown, options: DecodeOptions | undefined): SafeDecodeResult<T> {
  const keepKinds = options?.unknownKinds === 'keep';
  const keepFields = options?.unknownFields === 'keep';
  const fast = schema === EventSchema ? fastDecodeEvent(input, keepKinds, keepFields) : fastDecodeBatch(input, keepKinds, keepFields);
  if (fast !== FAIL) return { success: true, output: fast as T };
  const base = CONFIGS[keepKinds ? 'keep' : 'reject'][options?.coercion === 'strict' ? 'strict' : 'lax'];
  const config: DecodeConfig = keepFields ? { ...base, unknownFields: 'keep', kept: [] } : base;
  const dataset = schema['~run']({ value: input }, config);
  if (dataset.issues) {
    return { success: false, issues: dataset.issues, detail: toValidationDetail(dataset.issues) };
  }
  if (config.kept && config.kept.length > 0) {
    return { success: true, output: dataset.value as T, unknownFields: locateUnknownFields(input, config.kept) };
  }
  return { success: true, output: dataset.value as T };
}

/**
 * Decodes one event without throwing. Defaults are filled as the service fills them, including a
 * fresh `id` and `timestamp` when they are absent.
 */
export function safeDecodeEvent(input: unknown, options: LenientDecodeOptions): SafeDecodeResult<LenientEvent>;
export function safeDecodeEvent(input: unknown, options?: DecodeOptions): SafeDecodeResult<Event>;
export function safeDecodeEvent(input: unknown, options?: DecodeOptions): SafeDecodeResult<Event | LenientEvent> {
  return run(EventSchema, input, options);
}

/** Decodes one event, or throws an {@link EventValidationError}. */
export function decodeEvent(input: unknown, options: LenientDecodeOptions): LenientEvent;
export function decodeEvent(input: unknown, options?: DecodeOptions): Event;
export function decodeEvent(input: unknown, options?: DecodeOptions): Event | LenientEvent {
  const result = run<Event>(EventSchema, input, options);
  if (!result.success) throw new EventValidationError(result.issues, result.detail);
  return result.output;
}

/**
 * Decodes a batch (a JSON array, such as a webhook body) without throwing. All or nothing: one
 * bad event fails the batch, and every issue path starts with the event's index.
 */
export function safeDecodeEvents(input: unknown, options: LenientDecodeOptions): SafeDecodeResult<LenientEvent[]>;
export function safeDecodeEvents(input: unknown, options?: DecodeOptions): SafeDecodeResult<Event[]>;
export function safeDecodeEvents(input: unknown, options?: DecodeOptions): SafeDecodeResult<Event[] | LenientEvent[]> {
  return run(EventListSchema, input, options);
}

/** Decodes a batch of events, all or nothing, or throws an {@link EventValidationError}. */
export function decodeEvents(input: unknown, options: LenientDecodeOptions): LenientEvent[];
export function decodeEvents(input: unknown, options?: DecodeOptions): Event[];
export function decodeEvents(input: unknown, options?: DecodeOptions): Event[] | LenientEvent[] {
  const result = run<Event[]>(EventListSchema, input, options);
  if (!result.success) throw new EventValidationError(result.issues, result.detail, 'Event batch');
  return result.output;
}
