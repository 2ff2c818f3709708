/**
 * Checking a 2xx body against the API's contract.
 * @module
 */
import * as v from 'valibot';
import { APIResponseValidationError } from './errors';

/** The decoded body, or an {@link APIResponseValidationError} naming the path that broke. */
export function decodeResponse<T>(schema: v.GenericSchema<unknown, T>, body: unknown, what: string): T {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue?.path?.map((item) => String(item.key)).join('.') || '(body)';
  throw new APIResponseValidationError(`${what}: the response breaks the API contract at ${path}: ${issue?.message ?? 'invalid'}`);
}
