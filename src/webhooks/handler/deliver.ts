/**
 * One delivery of events, in the order the service checks it: the key (before the body is read),
 * the body, the conversation id, the signature and `verify`, the number of events, the JSON, the
 * events themselves; then the store or the listeners decide the answer.
 * @module
 */
import { type Event, safeDecodeEvents, toValidationDetail } from '../../events/index';
import { normalizeConversationId } from '../../internal/conversation-id';
import { StoreUnavailableError } from '../../stores/index';
import { rememberReceivedJson } from '../../stores/internal';
import { dispatch } from '../dispatch';
import type { HeaderLookup } from '../headers';
import { receivedEventTextsLater } from '../json-items';
import { exceedsArrayItems } from '../json-scan';
import { parseJsonBody } from '../read-body';
import { conversationIdError, detail, SUCCESS } from '../rejection';
import type { WebhookBody, WebhookResult } from '../types';
import { checkRequest, readBodyText } from './body';
import type { HandlerState } from './state';

/** The 413 of a batch with more than `maxEvents` events. */
function tooManyEvents(state: HandlerState): WebhookResult {
  return detail(413, `The batch holds more than ${state.maxEvents} events, the most one request may carry`);
}

/** Bodies up to this length are parsed before their events are counted: building them costs little. */
const COUNT_AFTER_PARSING = 64 * 1024;

/**
 * The JSON of a body, or the answer refusing it: 413 past `maxEvents` events, 422 when it is not
 * JSON. A long body is counted before it is parsed, so half a million tiny events are refused
 * without building them; a short one is counted after (its array's length), or, when it does not
 * parse, before the 422, as a long one would be.
 */
function parseBatch(state: HandlerState, text: string): { value: unknown } | WebhookResult {
  const countFirst = text.length > COUNT_AFTER_PARSING;
  if (countFirst && exceedsArrayItems(text, state.maxEvents)) return tooManyEvents(state);
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return !countFirst && exceedsArrayItems(text, state.maxEvents) ? tooManyEvents(state) : detail(422, [parsed.error]);
  if (!countFirst && Array.isArray(parsed.value) && parsed.value.length > state.maxEvents) return tooManyEvents(state);
  return parsed;
}

/** Seconds a sender is asked to wait when the store is unavailable for now. */
const STORE_RETRY_SECONDS = 5;

/**
 * Delivers a batch for the conversation `rawId` names (hyphenated or 32 hex digits): answers 200
 * once the store and every listener took it, 401, 413 or 422 when it is refused (whole), 503 with
 * `Retry-After` when the store is unavailable for now (`StoreUnavailableError`), 500 when the store
 * or a listener failed otherwise (the sender will deliver it again either way).
 */
export async function deliver(
  state: HandlerState,
  rawId: string,
  headers: HeaderLookup,
  readBody: () => Promise<WebhookBody>,
): Promise<WebhookResult> {
  const conversationId = normalizeConversationId(rawId);
  let authFailure = state.checkAuth(headers, conversationId);
  if (typeof authFailure === 'object') authFailure = await authFailure;
  if (authFailure) return detail(401, authFailure);
  const body = await readBodyText(state, readBody);
  if ('status' in body) return body;
  if (!conversationId) return detail(422, [conversationIdError(rawId)]);
  if (state.secrets || state.options.verify) {
    const rejected = await checkRequest(state, conversationId, headers, body);
    if (rejected) return rejected;
  }
  let json = body.json;
  if (body.text !== undefined) {
    const parsed = parseBatch(state, body.text);
    if ('status' in parsed) return parsed;
    json = parsed.value;
  } else if (Array.isArray(json) && json.length > state.maxEvents) return tooManyEvents(state);
  const decoded = safeDecodeEvents(json, state.decodeOptions);
  if (!decoded.success) return detail(422, toValidationDetail(decoded.issues, ['body']));
  // What a store keeps is each event as it was sent; listeners get the decoded events. The texts
  // are remembered for the events that go on to the store or the listeners, and worked out when a
  // store first asks.
  let remember: ((index: number) => void) | undefined;
  const text = body.text;
  if (text !== undefined) {
    const events = decoded.output;
    let textOf: ((index: number) => string) | undefined;
    remember = (index) => {
      // Before any listener runs: the values decoding generated are read as it made them.
      textOf ??= receivedEventTextsLater(text, json as unknown[], events);
      const texts = textOf;
      rememberReceivedJson(events[index] as object, () => texts(index));
    };
  }
  const failure = await dispatch(decoded.output as Event[], { conversationId }, state.listeners, state.dedupe, remember);
  if (!failure) state.reportUnknownFields(decoded.unknownFields, decoded.output as Event[], conversationId);
  if (failure?.stage === 'store' && failure.error.errors[0] instanceof StoreUnavailableError)
    return detail(503, 'The event store is unavailable for now; the batch was not acknowledged and may be delivered again', {
      'retry-after': String(STORE_RETRY_SECONDS),
    });
  if (failure?.stage === 'store')
    return detail(500, 'The event store could not store the batch; it was not acknowledged and may be delivered again');
  if (failure) return detail(500, 'A webhook listener failed; the batch was not acknowledged and may be delivered again');
  return SUCCESS;
}
