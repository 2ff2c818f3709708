/**
 * What `client.pendingMessages.queue` checks before sending, and the errors it throws beyond the
 * status classes: the service refuses a message without content (400), and keeps at most 10
 * pending messages per conversation (429, a limit rather than a rate: trying again soon fails too).
 * @module
 */
import { RateLimitError } from './errors';

/** A message to queue whose content is missing, empty or not a list of blocks: refused before anything is sent. */
export class MessageContentError extends TypeError {
  override name = 'MessageContentError';
}

/**
 * The 429 of `pendingMessages.queue`: the conversation already holds 10 pending messages. It is
 * never retried; the queue empties when the conversation becomes ready and receives them.
 */
export class PendingMessageLimitError extends RateLimitError {
  override name = 'PendingMessageLimitError';
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Throws a {@link MessageContentError} unless `body` is `{ content, role? }` with `content` a
 * non-empty list of blocks (objects) and `role`, when given, a string. `what` names the call.
 */
export function checkPendingMessage(body: unknown, what: string): void {
  if (!isObject(body)) throw new MessageContentError(`${what}: the message must be an object { content, role? }`);
  const { content, role } = body;
  if (!Array.isArray(content) || content.length === 0) {
    throw new MessageContentError(`${what}: content must be a non-empty list of text or image blocks`);
  }
  const bad = content.findIndex((block) => !isObject(block));
  if (bad >= 0) throw new MessageContentError(`${what}: content[${bad}] must be a text or image block (an object)`);
  if (role !== undefined && typeof role !== 'string') throw new MessageContentError(`${what}: role must be a string`);
}
