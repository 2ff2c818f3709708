/**
 * Booleans, integers and numbers as the service validates them: pydantic's lax mode, where
 * `"true"`, `"yes"` and `1` are booleans, `"5"`, `" 5 "`, `"5.0"` and `true` are integers, and
 * numeric strings are numbers. The decoded value is the coerced one. With the decode option
 * `coercion: 'strict'` only values of the declared JSON type pass.
 * Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import { laxBoolText } from '../internal/python/types';
import { type DecodeConfig, fail, type ServiceIssue, serviceIssue } from './service-issue';
import { withRun } from './with-run';

/** Message of a non-number input on an integer field (pydantic `int_type`). */
export const INT_TYPE_MESSAGE = 'Input should be a valid integer';
/** Message of a fractional number on an integer field (pydantic `int_from_float`). */
export const INT_FROM_FLOAT_MESSAGE = 'Input should be a valid integer, got a number with a fractional part';

const BOOL_TYPE = 'Input should be a valid boolean';
const BOOL_PARSING = 'Input should be a valid boolean, unable to interpret input';
const INT_PARSING = 'Input should be a valid integer, unable to parse string as an integer';
const FLOAT_TYPE = 'Input should be a valid number';
const FLOAT_PARSING = 'Input should be a valid number, unable to parse string as a number';

// The characters Rust's `str::trim` removes (Unicode White_Space), which pydantic applies to numbers.
const EDGE_SPACE =
  /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const INTEGER_TEXT = /^[+-]?\d+$/;
const WHOLE_DECIMAL_TEXT = /^([+-]?\d+)\.0*$/;
const FLOAT_TEXT = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf|infinity|nan)$/i;

/** Removes digit-group underscores (`1_000`) the way pydantic accepts them, or undefined. */
function withoutUnderscores(text: string): string | undefined {
  if (!text.includes('_') || text.startsWith('_') || text.endsWith('_') || text.includes('__')) return undefined;
  return text.replaceAll('_', '');
}

/** pydantic's reading of a string as an integer: trimmed, an optional sign, digits, optional `.000`. */
export function parseIntegerText(text: string): number | undefined {
  const trimmed = text.replace(EDGE_SPACE, '');
  for (const candidate of [trimmed, withoutUnderscores(trimmed)]) {
    if (candidate === undefined) continue;
    if (INTEGER_TEXT.test(candidate)) return Number(candidate);
    const whole = WHOLE_DECIMAL_TEXT.exec(candidate);
    if (whole) return Number(whole[1]);
  }
  return undefined;
}

/** pydantic's reading of a string as a number (Rust's float grammar, with `inf` and `nan`), or undefined. */
export function parseNumberText(text: string): number | undefined {
  const trimmed = text.replace(EDGE_SPACE, '');
  for (const candidate of [trimmed, withoutUnderscores(trimmed)]) {
    if (candidate === undefined || !FLOAT_TEXT.test(candidate)) continue;
    const lower = candidate.toLowerCase().replace(/^\+/, '');
    if (lower.endsWith('inf') || lower.endsWith('infinity')) return lower.startsWith('-') ? -Infinity : Infinity;
    if (lower.endsWith('nan')) return Number.NaN;
    return Number(candidate);
  }
  return undefined;
}

const isStrict = (config: DecodeConfig) => config.coercion === 'strict';

/** A boolean, lax as the service is (see the module comment). */
export const boolean: v.GenericSchema<unknown, boolean> = /* @__PURE__ */ withRun(v.boolean(), () => (dataset, config) => {
  const input = dataset.value;
  if (typeof input === 'boolean') return { typed: true, value: input };
  if (!isStrict(config)) {
    if (typeof input === 'string') {
      const parsed = laxBoolText(input);
      return parsed === undefined ? fail(input, serviceIssue('bool_parsing', BOOL_PARSING, input)) : { typed: true, value: parsed };
    }
    // A whole number other than 0 or 1 cannot be read; a fractional one is not a boolean at all.
    if (typeof input === 'number' && Number.isInteger(input)) {
      return input === 0 || input === 1
        ? { typed: true, value: input === 1 }
        : fail(input, serviceIssue('bool_parsing', BOOL_PARSING, input));
    }
  }
  return fail(input, serviceIssue('bool_type', BOOL_TYPE, input));
});

function checkBounds(value: number, input: unknown, min: number | undefined, max: number | undefined): ServiceIssue | undefined {
  if (min !== undefined && !(value >= min)) {
    return serviceIssue('greater_than_equal', `Input should be greater than or equal to ${min}`, input, { ge: min });
  }
  if (max !== undefined && !(value <= max)) {
    return serviceIssue('less_than_equal', `Input should be less than or equal to ${max}`, input, { le: max });
  }
  return undefined;
}

function bounded(value: number, input: unknown, min: number | undefined, max: number | undefined) {
  const issue = checkBounds(value, input, min, max);
  return issue ? fail(input, issue) : { typed: true as const, value };
}

function readInteger(input: unknown, strict: boolean): number | ServiceIssue {
  if (typeof input === 'number') {
    if (Number.isInteger(input)) return input;
    if (!Number.isFinite(input)) return serviceIssue('finite_number', 'Input should be a finite number', input);
    return serviceIssue('int_from_float', INT_FROM_FLOAT_MESSAGE, input);
  }
  if (!strict && typeof input === 'boolean') return input ? 1 : 0;
  if (!strict && typeof input === 'string') return parseIntegerText(input) ?? serviceIssue('int_parsing', INT_PARSING, input);
  return serviceIssue('int_type', INT_TYPE_MESSAGE, input);
}

function readNumber(input: unknown, strict: boolean): number | ServiceIssue {
  if (typeof input === 'number') return input;
  if (!strict && typeof input === 'boolean') return input ? 1 : 0;
  if (!strict && typeof input === 'string') return parseNumberText(input) ?? serviceIssue('float_parsing', FLOAT_PARSING, input);
  return serviceIssue('float_type', FLOAT_TYPE, input);
}

/** An integer within optional inclusive bounds, lax as the service is. */
/* @__NO_SIDE_EFFECTS__ */
export function integer(min?: number, max?: number): v.GenericSchema<unknown, number> {
  const items: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [v.integer()];
  if (min !== undefined) items.push(v.minValue(min));
  if (max !== undefined) items.push(v.maxValue(max));
  return withRun(v.pipe(v.number(), ...items), () => (dataset, config) => {
    const value = readInteger(dataset.value, isStrict(config));
    return typeof value === 'number' ? bounded(value, dataset.value, min, max) : fail(dataset.value, value);
  });
}

/** A number within optional inclusive bounds, lax as the service is. */
/* @__NO_SIDE_EFFECTS__ */
export function number(min?: number, max?: number): v.GenericSchema<unknown, number> {
  const items: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
  if (min !== undefined) items.push(v.minValue(min));
  if (max !== undefined) items.push(v.maxValue(max));
  return withRun(v.pipe(v.number(), ...items), () => (dataset, config) => {
    const value = readNumber(dataset.value, isStrict(config));
    return typeof value === 'number' ? bounded(value, dataset.value, min, max) : fail(dataset.value, value);
  });
}
