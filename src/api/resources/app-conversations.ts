/**
 * Conversations of the app: `/api/v1/app-conversations` and its start tasks.
 * @module
 */

import * as v from 'valibot';
import { AgentwireError } from '../../internal/agentwire-error';
import type { PageParams } from '../page';
import { decodeResponse } from '../response';
import { sleep } from '../retry';
import type { Request } from '../transport';
import { batchGet, listPages } from './batch-get';

/** The states of a start task, from `WORKING` to `READY` or `ERROR`. */
export type StartTaskStatus =
  | 'WORKING'
  | 'WAITING_FOR_SANDBOX'
  | 'PREPARING_REPOSITORY'
  | 'RUNNING_SETUP_SCRIPT'
  | 'SETTING_UP_GIT_HOOKS'
  | 'SETTING_UP_SKILLS'
  | 'STARTING_CONVERSATION'
  | 'READY'
  | 'ERROR';

/** A plugin to attach to a conversation. */
export interface PluginSpec {
  /** `github:owner/repo`, a git URL, or a local path. */
  source: string;
  ref?: string | null;
  repo_path?: string | null;
  parameters?: Record<string, unknown> | null;
}

/** The first message: text (and image) blocks. */
export interface InitialMessage {
  role?: 'user' | 'system' | 'assistant' | 'tool';
  content: ({ type: 'text'; text: string } | { type: 'image'; image_urls: string[] })[];
  /** Start the agent on it (default false on the server). */
  run?: boolean;
}

/** What `appConversations.create` sends; other fields of the OpenAPI pass through as given. */
export interface CreateConversationRequest {
  initial_message?: InitialMessage | null;
  plugins?: PluginSpec[] | null;
  sandbox_id?: string | null;
  selected_repository?: string | null;
  selected_branch?: string | null;
  title?: string | null;
  llm_model?: string | null;
  [key: string]: unknown;
}

/** A start task: the answer to a create, polled until the conversation is `READY`. */
export interface StartTask {
  id: string;
  status: StartTaskStatus;
  /** Why it failed, when `status` is `ERROR`. */
  detail?: string | null;
  /** The conversation id, once there is one. */
  app_conversation_id?: string | null;
  sandbox_id?: string | null;
  [key: string]: unknown;
}

/** A conversation of the app. `session_api_key` is a secret: do not log it. */
export interface AppConversation {
  id: string;
  sandbox_id: string;
  title?: string | null;
  sandbox_status?: string;
  execution_status?: string | null;
  [key: string]: unknown;
}

const TaskSchema = v.looseObject({
  id: v.string(),
  status: v.optional(
    v.picklist([
      'WORKING',
      'WAITING_FOR_SANDBOX',
      'PREPARING_REPOSITORY',
      'RUNNING_SETUP_SCRIPT',
      'SETTING_UP_GIT_HOOKS',
      'SETTING_UP_SKILLS',
      'STARTING_CONVERSATION',
      'READY',
      'ERROR',
    ]),
    'WORKING',
  ),
  detail: v.optional(v.nullable(v.string())),
  app_conversation_id: v.optional(v.nullable(v.string())),
  sandbox_id: v.optional(v.nullable(v.string())),
}) as v.GenericSchema<unknown, StartTask>;
const ConversationSchema = v.looseObject({
  id: v.string(),
  sandbox_id: v.string(),
  title: v.optional(v.nullable(v.string())),
  sandbox_status: v.optional(v.string()),
  execution_status: v.optional(v.nullable(v.string())),
}) as v.GenericSchema<unknown, AppConversation>;
const CountSchema = v.pipe(v.number(), v.integer());

/** A start task that ended in `ERROR`; `message` and `detail` hold the service's reason. */
export class StartTaskError extends AgentwireError {
  override name = 'StartTaskError';
  constructor(readonly task: StartTask) {
    super(`The conversation could not start: ${task.detail ?? 'no detail given'}`);
  }
}

/** Search filters of conversations, named as the API names them. */
export interface ConversationFilters {
  title__contains?: string;
  created_at__gte?: string;
  created_at__lt?: string;
  updated_at__gte?: string;
  updated_at__lt?: string;
  sandbox_id__eq?: string;
}

/** `client.appConversations`. */
export function appConversationsResource(request: Request) {
  const startTasks = {
    /** Lists start tasks. */
    search: async (params: PageParams & { conversation_id__eq?: string; created_at__gte?: string; sort_order?: string } = {}) => {
      const { pageId: _pageId, limit: _limit, ...filters } = params;
      return listPages(request, '/api/v1/app-conversations/start-tasks/search', TaskSchema, filters, params);
    },
    /** Gets start tasks by id (repeated `ids`), in order, `null` for unknown ids. */
    get: (ids: readonly string[]) => batchGet(request, '/api/v1/app-conversations/start-tasks', 'ids', ids, TaskSchema),
    /** Counts start tasks. */
    count: async (filters: { conversation_id__eq?: string; created_at__gte?: string } = {}) =>
      decodeResponse(
        CountSchema,
        await request({ method: 'GET', path: '/api/v1/app-conversations/start-tasks/count', query: filters }),
        'count',
      ),
  };
  const search = async (params: PageParams & ConversationFilters & { include_sub_conversations?: boolean } = {}) => {
    const { pageId: _pageId, limit: _limit, ...filters } = params;
    return listPages(request, '/api/v1/app-conversations/search', ConversationSchema, filters, params);
  };
  return {
    /** Starts a conversation; answers with its start task (not the conversation). Never repeated once the server may have acted. */
    async create(body: CreateConversationRequest): Promise<StartTask> {
      return decodeResponse(
        TaskSchema,
        await request({ method: 'POST', path: '/api/v1/app-conversations', body, create: true }),
        'POST /api/v1/app-conversations',
      );
    },
    /** Polls a start task until `READY` (resolves to the conversation id) or `ERROR` (throws {@link StartTaskError}). */
    async waitUntilReady(task: StartTask, options: { signal?: AbortSignal; pollInterval?: number } = {}): Promise<string> {
      for (let current = task; ; ) {
        if (current.status === 'READY' && current.app_conversation_id) return current.app_conversation_id;
        if (current.status === 'ERROR') throw new StartTaskError(current);
        await sleep(options.pollInterval ?? 1000, options.signal);
        const [next] = await startTasks.get([task.id]);
        if (!next) throw new StartTaskError({ ...task, status: 'ERROR', detail: `start task ${task.id} no longer exists` });
        current = next;
      }
    },
    /** Lists conversations, a page at a time (`for await` walks every page). */
    search,
    /** The same as `search`. */
    list: search,
    /** Counts conversations. */
    count: async (filters: ConversationFilters = {}) =>
      decodeResponse(
        CountSchema,
        await request({ method: 'GET', path: '/api/v1/app-conversations/count', query: { ...filters } }),
        'count',
      ),
    /** Gets conversations by id (repeated `ids`, 99 per request), in order, `null` for unknown ids. */
    get: (ids: readonly string[]) => batchGet(request, '/api/v1/app-conversations', 'ids', ids, ConversationSchema),
    /** Changes a conversation's title, visibility or repository (setting the same fields twice does no harm, so it is retried). */
    async update(
      id: string,
      patch: { title?: string | null; public?: boolean | null; selected_repository?: string | null; selected_branch?: string | null },
    ) {
      const path = `/api/v1/app-conversations/${encodeURIComponent(id)}`;
      return decodeResponse(ConversationSchema, await request({ method: 'PATCH', path, body: patch, idempotent: true }), `PATCH ${path}`);
    },
    /** Deletes a conversation. */
    async delete(id: string): Promise<void> {
      await request({ method: 'DELETE', path: `/api/v1/app-conversations/${encodeURIComponent(id)}` });
    },
    /**
     * Sends a user message to a conversation (`run` starts the agent on it, default true). Never
     * repeated once the server may have acted (after a reset, a timeout or a 5xx the agent may
     * already have the message): only a refused connection, a 429 or a 503 with `Retry-After` is retried.
     */
    async sendMessage(id: string, message: { content: InitialMessage['content']; run?: boolean }) {
      const path = `/api/v1/app-conversations/${encodeURIComponent(id)}/send-message`;
      const body = await request({ method: 'POST', path, body: { role: 'user', ...message }, idempotent: false });
      return decodeResponse(
        v.looseObject({ success: v.boolean(), sandbox_status: v.string(), message: v.optional(v.nullable(v.string())) }),
        body,
        `POST ${path}`,
      );
    },
    startTasks,
  };
}
