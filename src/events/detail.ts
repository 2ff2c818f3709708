/**
 * Translation of Valibot issues into the validation error items FastAPI/pydantic answers with,
 * so that a receiver built on agentwire can answer exactly like the service.
 * @module
 */
import type * as v from 'valibot';
import { ENUM_MESSAGE_PREFIX, formatExpected } from './schema-helpers';
import { echoInput, isServiceIssue, type PoppedKeys, poppedOf } from './service-issue';

/** One item of a pydantic `ValidationError`, as FastAPI puts it in a 422 `detail` array. */
export interface ValidationErrorItem {
  /** The error type, such as `missing`, `extra_forbidden`, `string_type` or `bool_parsing`. */
  type: string;
  /** Where the error is: object keys and array indexes from the outermost value inward. */
  loc: (string | number)[];
  /** A human-readable message, worded as pydantic words it. */
  msg: string;
  /** The offending value (for `missing`, the object that lacks the key), as the service echoes it. */
  input: unknown;
  /** Extra context for some types, such as `{ expected: "'text'" }` for `literal_error`. */
  ctx?: Record<string, unknown>;
}

/** A Valibot issue of the event schemas. */
export type EventIssue = v.BaseIssue<unknown>;

const pathOf = (issue: EventIssue): (string | number)[] => (issue.path ?? []).map((item) => item.key as string | number);

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

/** Converts one issue into the pydantic error item it stands for. */
function convertIssue(issue: EventIssue, prefix: (string | number)[], popped: PoppedKeys | undefined): ValidationErrorItem {
  const loc = [...prefix, ...pathOf(issue)];
  const input = echoInput(issue.input, popped);
  if (isServiceIssue(issue)) return item(issue.type, loc, issue.message, input, issue.ctx);
  switch (issue.type) {
    case 'string':
      return item('string_type', loc, 'Input should be a valid string', input);
    case 'array':
      return item('list_type', loc, 'Input should be a valid list', input);
    case 'null':
      return item('none_required', loc, 'Input should be None', input);
    case 'literal':
    case 'picklist': {
      const expected = formatExpected(expectedOptions(issue.expected));
      const type = issue.type === 'picklist' && issue.message.startsWith(ENUM_MESSAGE_PREFIX) ? 'enum' : 'literal_error';
      return item(type, loc, `Input should be ${expected}`, input, { expected });
    }
    case 'min_length': {
      const min = Number(issue.requirement);
      const msg = `String should have at least ${min} character${min === 1 ? '' : 's'}`;
      return item('string_too_short', loc, msg, input, { min_length: min });
    }
    default:
      return item(issue.type, loc, issue.message, input);
  }
}

/**
 * Converts Valibot issues of the event schemas into pydantic-style error items. `prefix` goes in
 * front of every `loc` (the webhook passes `['body']`).
 */
export function toValidationDetail(issues: readonly EventIssue[], prefix: (string | number)[] = []): ValidationErrorItem[] {
  return issues.map((issue) => convertIssue(issue, prefix, poppedOf(issue)));
}
