/**
 * Turning an answer into JSON text without ever failing on what a hostile request echoes back.
 * @module
 */
import { SUCCESS } from './rejection';
import type { WebhookResult } from './types';

const SUCCESS_TEXT = '{"success":true}';

/**
 * The JSON text of an answer. Validation errors echo the offending `input`, as the service does;
 * when that input cannot be serialized (nested too deeply for the stack), it is left out.
 */
export function serializeResult(result: WebhookResult): string {
  if (result === SUCCESS) return SUCCESS_TEXT;
  try {
    return JSON.stringify(result.body);
  } catch {
    const body = result.body as { detail?: unknown };
    if (Array.isArray(body?.detail)) {
      const detail = body.detail.map((item: Record<string, unknown>) => {
        const { input: _input, ...rest } = item;
        return rest;
      });
      try {
        return JSON.stringify({ detail });
      } catch {
        // fall through
      }
    }
    return JSON.stringify({ detail: 'The request could not be answered in detail' });
  }
}
