/**
 * The error thrown when events do not match the service's schemas.
 * @module
 */

import type * as v from 'valibot';
import { AgentwireError } from '../internal/agentwire-error';
import type { ValidationErrorItem } from './detail';

const MAX_LISTED = 10;

function describe(detail: readonly ValidationErrorItem[], what: string): string {
  const count = detail.length;
  const lines = detail.slice(0, MAX_LISTED).map((item) => {
    const where =
      item.loc.length === 0
        ? '(root)'
        : item.loc
            .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
            .join('')
            .replace(/^\./, '');
    return `  ${where}: ${item.msg} [${item.type}]`;
  });
  if (count > MAX_LISTED) lines.push(`  … and ${count - MAX_LISTED} more`);
  return `${count} validation error${count === 1 ? '' : 's'} for ${what}\n${lines.join('\n')}`;
}

/**
 * Thrown by `decodeEvent`, `decodeEvents` and `encodeEvent` when the input breaks the wire
 * format. `detail` holds the errors exactly as the service's FastAPI/pydantic stack words them
 * (ready for a 422 body); `issues` holds the underlying Valibot issues. The message lists where
 * and what, never the offending values.
 */
export class EventValidationError extends AgentwireError {
  override readonly name = 'EventValidationError';
  /** The Valibot issues, with paths into the input. */
  readonly issues: readonly v.BaseIssue<unknown>[];
  /** The same problems as pydantic `ValidationError` items `{ type, loc, msg, input, ctx? }`. */
  readonly detail: ValidationErrorItem[];

  constructor(issues: readonly v.BaseIssue<unknown>[], detail: ValidationErrorItem[], what = 'Event') {
    super(describe(detail, what));
    this.issues = issues;
    this.detail = detail;
  }
}
