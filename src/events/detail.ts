/**
 * Translation of Valibot issues into the validation error items FastAPI/pydantic answers with,
 * so that a receiver built on agentwire can answer exactly like the service.
 * @module
 */
import type * as v from 'valibot';
import { DATE_TIME_MESSAGE, ENUM_MESSAGE_PREFIX, formatExpected, INT_FROM_FLOAT_MESSAGE, INT_TYPE_MESSAGE } from './schema-helpers';

/** One item of a pydantic `ValidationError`, as FastAPI puts it in a 422 `detail` array. */
export interface ValidationErrorItem {
  /** The error type, such as `missing`, `extra_forbidden`, `string_type` or `union_tag_invalid`. */
  type: string;
  /** Where the error is: object keys and array indexes from the outermost value inward. */
  loc: (string | number)[];
  /** A human-readable message, worded as pydantic words it. */
  msg: string;
  /** The offending value (for `missing`, the object that lacks the key). */
  input: unknown;
  /** Extra context for some types, such as `{ expected: "'text'" }` for `literal_error`. */
  ctx?: Record<string, unknown>;
}

/** A Valibot issue of the event schemas. */
export type EventIssue = v.BaseIssue<unknown>;

const pathOf = (issue: EventIssue): (string | number)[] => (issue.path ?? []).map((item) => item.key as string | number);

const parentOf = (issue: EventIssue): unknown => issue.path?.[issue.path.length - 1]?.input;

/** Reads the options of a Valibot `expected` string such as `("a" | "b")`. */
function expectedOptions(expected: string | null): string[] {
  if (!expected) return [];
  const trimmed = expected.startsWith('(') && expected.endsWith(')') ? expected.slice(1, -1) : expected;
  return trimmed.split(' | ').map((part) => {
    try {
      return JSON.parse(part) as string;
    } catch {
      return part;
    }
  });
}

function item(type: string, loc: (string | number)[], msg: string, input: unknown, ctx?: Record<string, unknown>): ValidationErrorItem {
  return ctx ? { type, loc, msg, input, ctx } : { type, loc, msg, input };
}

/** Converts one Valibot issue into one or more pydantic error items. */
function convertIssue(issue: EventIssue, prefix: (string | number)[], out: ValidationErrorItem[]): void {
  const loc = [...prefix, ...pathOf(issue)];
  const origin = issue.path?.[issue.path.length - 1]?.origin;
  // A key present with the value `undefined` (only possible from JavaScript) counts as absent.
  if (issue.input === undefined && origin === 'value' && issue.type !== 'variant' && issue.received === 'undefined') {
    out.push(item('missing', loc, 'Field required', parentOf(issue)));
    return;
  }
  switch (issue.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
      if (issue.path?.length && issue.received === 'undefined' && issue.expected !== 'never') {
        out.push(item('missing', loc, 'Field required', parentOf(issue)));
      } else if (origin === 'key' || issue.expected === 'never') {
        const value = issue.path?.[issue.path.length - 1]?.value;
        out.push(item('extra_forbidden', loc, 'Extra inputs are not permitted', value));
      } else {
        out.push(item('model_type', loc, 'Input should be a valid dictionary or object', issue.input));
      }
      return;
    case 'record':
      out.push(item('dict_type', loc, 'Input should be a valid dictionary', issue.input));
      return;
    case 'variant': {
      if (issue.expected === 'Object' || !issue.path?.length || issue.path[issue.path.length - 1]?.key !== 'kind') {
        out.push(item('model_attributes_type', loc, 'Input should be a valid dictionary or object to extract fields from', issue.input));
        return;
      }
      const owner = loc.slice(0, -1);
      const parent = parentOf(issue);
      if (Array.isArray(parent)) {
        out.push(item('model_attributes_type', owner, 'Input should be a valid dictionary or object to extract fields from', parent));
        return;
      }
      if (issue.input === undefined) {
        out.push(
          item('union_tag_not_found', owner, "Unable to extract tag using discriminator 'kind'", parent, { discriminator: "'kind'" }),
        );
        return;
      }
      const tags = formatExpected(expectedOptions(issue.expected)).replace(/ or /, ', ');
      const tag = typeof issue.input === 'string' ? issue.input : JSON.stringify(issue.input);
      out.push(
        item('union_tag_invalid', owner, `Input tag '${tag}' found using 'kind' does not match any of the expected tags: ${tags}`, parent, {
          discriminator: "'kind'",
          tag,
          expected_tags: tags,
        }),
      );
      return;
    }
    case 'union':
      // The members' issues have paths relative to the union's own place.
      for (const sub of issue.issues ?? []) convertIssue(sub, loc, out);
      return;
    case 'string':
      out.push(item('string_type', loc, 'Input should be a valid string', issue.input));
      return;
    case 'number':
      if (issue.message === INT_TYPE_MESSAGE) out.push(item('int_type', loc, INT_TYPE_MESSAGE, issue.input));
      else out.push(item('float_type', loc, 'Input should be a valid number', issue.input));
      return;
    case 'integer':
      out.push(item('int_from_float', loc, INT_FROM_FLOAT_MESSAGE, issue.input));
      return;
    case 'boolean':
      out.push(item('bool_type', loc, 'Input should be a valid boolean', issue.input));
      return;
    case 'null':
      out.push(item('none_required', loc, 'Input should be None', issue.input));
      return;
    case 'array':
      out.push(item('list_type', loc, 'Input should be a valid list', issue.input));
      return;
    case 'strict_tuple':
      if (Array.isArray(issue.input) || origin === 'value') {
        const length = Array.isArray(parentOf(issue)) ? (parentOf(issue) as unknown[]).length : undefined;
        out.push(
          item('too_long', loc.slice(0, -1), `Tuple should have at most 2 items after validation, not ${length ?? '?'}`, parentOf(issue), {
            field_type: 'Tuple',
            max_length: 2,
            actual_length: length,
          }),
        );
      } else {
        out.push(item('tuple_type', loc, 'Input should be a valid tuple', issue.input));
      }
      return;
    case 'literal': {
      const expected = formatExpected(expectedOptions(issue.expected));
      out.push(item('literal_error', loc, `Input should be ${expected}`, issue.input, { expected }));
      return;
    }
    case 'picklist': {
      const expected = formatExpected(expectedOptions(issue.expected));
      const type = issue.message.startsWith(ENUM_MESSAGE_PREFIX) ? 'enum' : 'literal_error';
      out.push(item(type, loc, `Input should be ${expected}`, issue.input, { expected }));
      return;
    }
    case 'min_value': {
      const ge = Number(issue.requirement);
      out.push(item('greater_than_equal', loc, `Input should be greater than or equal to ${ge}`, issue.input, { ge }));
      return;
    }
    case 'max_value': {
      const le = Number(issue.requirement);
      out.push(item('less_than_equal', loc, `Input should be less than or equal to ${le}`, issue.input, { le }));
      return;
    }
    case 'min_length': {
      const min = Number(issue.requirement);
      out.push(
        item('string_too_short', loc, `String should have at least ${min} character${min === 1 ? '' : 's'}`, issue.input, {
          min_length: min,
        }),
      );
      return;
    }
    case 'check':
      if (issue.message === DATE_TIME_MESSAGE) {
        out.push(item('datetime_from_date_parsing', loc, `${DATE_TIME_MESSAGE}, invalid datetime format`, issue.input));
      } else {
        out.push(item('value_error', loc, issue.message, issue.input));
      }
      return;
    default:
      out.push(item(issue.type, loc, issue.message, issue.input));
  }
}

/**
 * Converts Valibot issues into pydantic-style error items. `prefix` goes in front of every
 * `loc` (the webhook passes `['body']`).
 */
export function toValidationDetail(issues: readonly EventIssue[], prefix: (string | number)[] = []): ValidationErrorItem[] {
  const out: ValidationErrorItem[] = [];
  for (const issue of issues) convertIssue(issue, prefix, out);
  return out;
}
