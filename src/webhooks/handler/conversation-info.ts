/**
 * The conversation info the sender posts to `{basePath}/conversations`: the key, the body and its
 * checks, a JSON object, then the `onConversation` listeners.
 * @module
 */
import type { HeaderLookup } from '../headers';
import { parseJsonBody } from '../read-body';
import { detail, SUCCESS } from '../rejection';
import type { WebhookBody, WebhookResult } from '../types';
import { checkRequest, readBodyText } from './body';
import type { HandlerState } from './state';

/** The 422 the service answers for a body that is not a JSON object. */
function notAnObject(info: unknown): WebhookResult {
  return detail(422, [
    {
      type: 'model_attributes_type',
      loc: ['body'],
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input: info,
    },
  ]);
}

/**
 * Receives one conversation info post: 200 once every `onConversation` listener finished, 401 or
 * 422 when it is refused, 500 when a listener failed.
 */
export async function receiveConversationInfo(
  state: HandlerState,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
): Promise<WebhookResult> {
  const authFailure = await state.checkAuth(headers, undefined);
  if (authFailure) return detail(401, authFailure);
  const body = await readBodyText(state, readBody);
  if ('status' in body) return body;
  const rejected = await checkRequest(state, undefined, headers, body);
  if (rejected) return rejected;
  const parsed = body.text !== undefined ? parseJsonBody(body.text) : { ok: true as const, value: body.json };
  if (!parsed.ok) return detail(422, [parsed.error]);
  const info = parsed.value;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return notAnObject(info);
  try {
    for (const listener of state.conversationListeners) await listener(info as Record<string, unknown>);
  } catch {
    return detail(500, 'A webhook listener failed; the request was not acknowledged');
  }
  return SUCCESS;
}
