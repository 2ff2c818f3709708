import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toValidationDetail } from './detail';
import { boolean, integer, number, parseIntegerText, parseNumberText } from './lax';
import type { DecodeConfig } from './service-issue';

/** Runs a schema as the decoder does, in lax or strict mode: the output, or the pydantic detail. */
function read(schema: v.GenericSchema<unknown, unknown>, value: unknown, coercion: 'lax' | 'strict' = 'lax') {
  const config: DecodeConfig = { abortEarly: false, abortPipeEarly: false, coercion };
  const dataset = schema['~run']({ value }, config);
  return dataset.issues ? { detail: toValidationDetail(dataset.issues) } : { value: dataset.value };
}

const BOOL_TYPE = { type: 'bool_type', loc: [], msg: 'Input should be a valid boolean' };
const BOOL_PARSING = { type: 'bool_parsing', loc: [], msg: 'Input should be a valid boolean, unable to interpret input' };

describe('booleans', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['True', true],
    ['TRUE', true],
    ['t', true],
    ['f', false],
    ['yes', true],
    ['no', false],
    ['y', true],
    ['n', false],
    ['on', true],
    ['off', false],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    [1.0, true],
    [0.0, false],
    [true, true],
    [false, false],
  ])('reads %j as %j', (input, expected) => {
    expect(read(boolean, input)).toEqual({ value: expected });
  });

  it.each([2, -1, '5', '', 'maybe', ' true'])('cannot interpret %j (bool_parsing)', (input) => {
    expect(read(boolean, input)).toEqual({ detail: [{ ...BOOL_PARSING, input }] });
  });

  it.each([null, 1.5, [], {}])('refuses %j as not a boolean (bool_type)', (input) => {
    expect(read(boolean, input)).toEqual({ detail: [{ ...BOOL_TYPE, input }] });
  });

  it('takes only true and false in strict mode', () => {
    expect(read(boolean, true, 'strict')).toEqual({ value: true });
    for (const input of ['true', 1, 0, 'yes']) expect(read(boolean, input, 'strict')).toEqual({ detail: [{ ...BOOL_TYPE, input }] });
  });
});

describe('integers', () => {
  it.each([
    ['5', 5],
    [' 5 ', 5],
    ['\t-7\n', -7],
    ['+3', 3],
    ['5.0', 5],
    ['5.', 5],
    ['-7.000', -7],
    ['1_000', 1000],
    [5.0, 5],
    [true, 1],
    [false, 0],
    [42, 42],
  ])('reads %j as %j', (input, expected) => {
    expect(read(integer(), input)).toEqual({ value: expected });
  });

  it('refuses a fractional number (int_from_float)', () => {
    expect(read(integer(), 5.5)).toEqual({
      detail: [
        { type: 'int_from_float', loc: [], msg: 'Input should be a valid integer, got a number with a fractional part', input: 5.5 },
      ],
    });
  });

  it.each(['5.5', 'five', '', '1e3', '_1', '1__0', '0x10'])('cannot parse %j (int_parsing)', (input) => {
    expect(read(integer(), input)).toEqual({
      detail: [{ type: 'int_parsing', loc: [], msg: 'Input should be a valid integer, unable to parse string as an integer', input }],
    });
  });

  it.each([null, [], {}])('refuses %j as not an integer (int_type)', (input) => {
    expect(read(integer(), input)).toEqual({ detail: [{ type: 'int_type', loc: [], msg: 'Input should be a valid integer', input }] });
  });

  it('checks bounds on the coerced value and echoes the input', () => {
    expect(read(integer(0), '-1')).toEqual({
      detail: [{ type: 'greater_than_equal', loc: [], msg: 'Input should be greater than or equal to 0', input: '-1', ctx: { ge: 0 } }],
    });
    expect(read(integer(1), false)).toEqual({
      detail: [{ type: 'greater_than_equal', loc: [], msg: 'Input should be greater than or equal to 1', input: false, ctx: { ge: 1 } }],
    });
    expect(read(integer(undefined, 10), '11')).toEqual({
      detail: [{ type: 'less_than_equal', loc: [], msg: 'Input should be less than or equal to 10', input: '11', ctx: { le: 10 } }],
    });
  });

  it('takes only integral numbers in strict mode', () => {
    expect(read(integer(), 5, 'strict')).toEqual({ value: 5 });
    for (const input of ['5', true]) {
      expect(read(integer(), input, 'strict')).toEqual({
        detail: [{ type: 'int_type', loc: [], msg: 'Input should be a valid integer', input }],
      });
    }
  });
});

describe('numbers', () => {
  it.each([
    ['1.5', 1.5],
    [' 2.5e1 ', 25],
    ['.5', 0.5],
    ['3', 3],
    ['1_000.5', 1000.5],
    [true, 1],
    [false, 0],
    [7, 7],
  ])('reads %j as %j', (input, expected) => {
    expect(read(number(), input)).toEqual({ value: expected });
  });

  it('reads the words for infinity and not-a-number, as the service does', () => {
    expect(parseNumberText('inf')).toBe(Number.POSITIVE_INFINITY);
    expect(parseNumberText('-Infinity')).toBe(Number.NEGATIVE_INFINITY);
    expect(parseNumberText('NaN')).toBeNaN();
  });

  it('refuses what is not a number', () => {
    expect(read(number(), 'abc')).toEqual({
      detail: [{ type: 'float_parsing', loc: [], msg: 'Input should be a valid number, unable to parse string as a number', input: 'abc' }],
    });
    expect(read(number(), null)).toEqual({ detail: [{ type: 'float_type', loc: [], msg: 'Input should be a valid number', input: null }] });
    expect(read(number(0, 1), '1.5')).toEqual({
      detail: [{ type: 'less_than_equal', loc: [], msg: 'Input should be less than or equal to 1', input: '1.5', ctx: { le: 1 } }],
    });
  });

  it('takes only numbers in strict mode', () => {
    expect(read(number(), 1.5, 'strict')).toEqual({ value: 1.5 });
    expect(read(number(), '1.5', 'strict')).toEqual({
      detail: [{ type: 'float_type', loc: [], msg: 'Input should be a valid number', input: '1.5' }],
    });
  });

  it('parses integer text the way pydantic does', () => {
    expect(parseIntegerText('007')).toBe(7);
    expect(parseIntegerText('1 000')).toBeUndefined();
  });
});
