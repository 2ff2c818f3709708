/**
 * Describing a refused request in one line, for `onReject` listeners and logs.
 * @module
 */
import type { WebhookResult } from './types';

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
