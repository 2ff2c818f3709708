/**
 * `client.appConversations`: the generated operations of `/api/v1/app-conversations`, with the
 * conveniences on top: `waitUntilReady` (poll a start task until the conversation exists), `list`
 * (the same as `search`), and `sendMessage` naming the role it sends (`user`).
 * @module
 */
import { AgentwireError } from '../../internal/agentwire-error';
import type { ClientCore } from '../core';
import { type AppConversationsOperations, createAppConversationsOperations } from '../generated/app-conversations';
import type {
  AppConversation,
  AppConversationStartRequest,
  AppConversationStartTask,
  AppConversationStartTaskStatus,
  CountAppConversationsParams,
  SearchAppConversationsParams,
  SendMessageRequest,
} from '../generated/index';
import type { PagePromise } from '../page';
import { checkKeys, type RequestOptions } from '../request-options';
import { sleep } from '../retry';

/** A start task: the answer to a create, polled until the conversation is `READY`. */
export type StartTask = AppConversationStartTask;
/** The states of a start task, from `WORKING` to `READY` or `ERROR`. */
export type StartTaskStatus = AppConversationStartTaskStatus;
/** What `appConversations.create` sends. */
export type CreateConversationRequest = AppConversationStartRequest;
/** The first message of a conversation: text and image blocks, and whether to start the agent on it. */
export type InitialMessage = SendMessageRequest;
/** Search filters of conversations, named as the API names them. */
export type ConversationFilters = CountAppConversationsParams;

/** A start task that ended in `ERROR`; `message` and `task.detail` hold the service's reason. */
export class StartTaskError extends AgentwireError {
  override name = 'StartTaskError';
  constructor(readonly task: StartTask) {
    super(`The conversation could not start: ${task.detail ?? 'no detail given'}`);
  }
}

/** Options of `waitUntilReady`: the request options of each poll, and the pause between polls. */
export interface WaitOptions extends RequestOptions {
  /** Milliseconds between two polls (default 1,000). */
  pollInterval?: number | undefined;
}

const WAIT_KEYS = ['pollInterval', 'signal', 'timeout', 'maxRetries', 'headers'];

/** `client.appConversations`: conversations of the app, their start tasks, and the conveniences. */
export interface AppConversationsResource extends AppConversationsOperations {
  /**
   * Polls a start task until `READY` (resolves to the conversation id) or `ERROR` (rejects with
   * {@link StartTaskError}). `signal` stops the wait; the other options apply to each poll.
   */
  waitUntilReady(task: StartTask, options?: WaitOptions): Promise<string>;
  /** The same as `search`. */
  list(params?: SearchAppConversationsParams, options?: RequestOptions): PagePromise<AppConversation>;
}

/** Creates `client.appConversations`. */
export function createAppConversationsResource(core: ClientCore): AppConversationsResource {
  const operations = createAppConversationsOperations(core);
  return {
    ...operations,
    list: operations.search,
    sendMessage: (conversationId, body, options) =>
      operations.sendMessage(
        conversationId,
        body && typeof body === 'object' && !Array.isArray(body) ? { role: 'user', ...body } : body,
        options,
      ),
    async waitUntilReady(task, options = {}) {
      checkKeys(options, WAIT_KEYS, 'appConversations.waitUntilReady', 'option');
      const { pollInterval = 1000, ...requestOptions } = options;
      for (let current = task; ; ) {
        if (current.status === 'READY' && current.app_conversation_id) return current.app_conversation_id;
        if (current.status === 'ERROR') throw new StartTaskError(current);
        await sleep(pollInterval, options.signal);
        const [next] = await operations.startTasks.get([task.id], requestOptions);
        if (!next) throw new StartTaskError({ ...task, status: 'ERROR', detail: `start task ${task.id} no longer exists` });
        current = next;
      }
    },
  };
}
