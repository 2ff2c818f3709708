/**
 * The handler's answers: the fixed ones (the 422 item of a bad conversation id too), and a refused
 * request described in one line for `onReject` listeners and logs.
 * @module
 */
import type { ValidationErrorItem } from '../events/index';
import type { WebhookResult } from './types';

/** The answer to an accepted batch. */
export const SUCCESS: WebhookResult = { status: 200, body: { success: true } };

/** An answer `{ detail }` with a status (and extra headers). */
export const detail = (status: number, text: unknown, headers?: Record<string, string>): WebhookResult =>
  headers ? { status, body: { detail: text }, headers } : { status, body: { detail: text } };

/** What the Node adapter answers when a middleware read the body and kept it nowhere. */
export const CONSUMED =
  'The request body was already read by an earlier middleware and not kept in req.body: mount the webhook handler before body parsers, or leave the parsed body in req.body';

/** A percent-decoded path segment; the raw text when it does not decode (it then fails the UUID check with the service's answer). */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The one-line reason of a refused answer: its detail, or the first validation error with its location. */
export function rejectionReason(result: WebhookResult): string {
  const detail = (result.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const first = detail[0] as { loc?: unknown; msg?: unknown; type?: unknown };
    const where = Array.isArray(first.loc) ? first.loc.join('.') : '(body)';
    const more = detail.length > 1 ? ` (and ${detail.length - 1} more)` : '';
    return `${where}: ${String(first.msg ?? 'invalid')} [${String(first.type ?? 'invalid')}]${more}`;
  }
  return `HTTP ${result.status}`;
}

/** The 422 item the service answers for a bad `conversation_id`. */
export function conversationIdError(value: string): ValidationErrorItem {
  return {
    type: 'uuid_parsing',
    loc: ['path', 'conversation_id'],
    msg: 'Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-]',
    input: value,
    ctx: { error: 'invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-]' },
  };
}
