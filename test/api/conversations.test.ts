import { readFileSync } from 'node:fs';
import { createClient, StartTaskError } from 'agentwire/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWalkthrough } from '../../examples/api/walkthrough';
import { startOpenApiServer } from './openapi-server';

const KEY = 'sk-conversations-0123456789';
const CONVERSATION = '3f2a9c104a004a01a0015e1d0000b000';
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'task-1',
  created_by_user_id: 'u1',
  status,
  detail: null,
  app_conversation_id: status === 'READY' ? CONVERSATION : null,
  sandbox_id: 'sb-1',
  agent_server_url: null,
  request: {},
  created_at: '2026-06-16T05:39:18Z',
  updated_at: '2026-06-16T05:39:20Z',
  ...extra,
});
const conversation = {
  id: CONVERSATION,
  created_by_user_id: 'u1',
  sandbox_id: 'sb-1',
  title: 'Fix the checkout',
  acp_server: null,
  launched_agent_profile: null,
  created_at: '2026-06-16T05:39:18Z',
  updated_at: '2026-06-16T05:40:00Z',
};
// The first events of the recorded conversation: the system prompt with its tools, a hook, a message.
const events = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')).slice(0, 3);

let server: Awaited<ReturnType<typeof startOpenApiServer>>;
beforeAll(async () => {
  server = await startOpenApiServer(
    {
      'POST /api/v1/app-conversations': task('WORKING'),
      'GET /api/v1/app-conversations/start-tasks': [task('READY')],
      'GET /api/v1/app-conversations/start-tasks/search': { items: [task('READY')], next_page_id: null },
      'GET /api/v1/app-conversations/start-tasks/count': 1,
      'GET /api/v1/app-conversations/search': { items: [conversation], next_page_id: null },
      'GET /api/v1/app-conversations/count': 1,
      'GET /api/v1/app-conversations': [conversation],
      'PATCH /api/v1/app-conversations/{conversation_id}': { ...conversation, title: 'Renamed' },
      'DELETE /api/v1/app-conversations/{conversation_id}': { success: true },
      'POST /api/v1/app-conversations/{conversation_id}/send-message': { success: true, sandbox_status: 'RUNNING', message: null },
      'GET /api/v1/conversation/{conversation_id}/events/search': { items: events, next_page_id: null },
      'GET /api/v1/conversation/{conversation_id}/events/count': 3,
      'POST /api/v1/sandboxes/{sandbox_id}/pause': { success: true },
      'POST /api/v1/sandboxes/{sandbox_id}/resume': { success: true },
    },
    { header: 'authorization', value: `Bearer ${KEY}` },
  );
});
afterAll(() => server?.close());

const api = () => createClient({ baseUrl: server.baseUrl, apiKey: KEY, maxRetries: 1, timeout: 30_000 });

describe('appConversations and events against the reference OpenAPI', () => {
  it('creates a conversation with a plugin and a first message, and waits until it is ready', async () => {
    const client = api();
    const started = await client.appConversations.create({
      initial_message: { content: [{ type: 'text', text: 'Fix the checkout total' }], run: true },
      plugins: [{ source: 'github:acme/agent-plugins', ref: 'main', repo_path: 'plugins/pr-review' }],
    });
    expect(started.status).toBe('WORKING');
    expect(await client.appConversations.waitUntilReady(started, { pollInterval: 10 })).toBe(CONVERSATION);
    const sent = server.recorded.find((entry) => entry.method === 'POST' && entry.path === '/api/v1/app-conversations');
    expect(JSON.parse(sent?.body ?? '{}').plugins[0].repo_path).toBe('plugins/pr-review');
  });

  it('throws the task detail when the start fails', async () => {
    await expect(api().appConversations.waitUntilReady(task('ERROR', { detail: 'No sandbox capacity' }) as never)).rejects.toThrow(
      StartTaskError,
    );
    await expect(api().appConversations.waitUntilReady(task('ERROR', { detail: 'No sandbox capacity' }) as never)).rejects.toThrow(
      'No sandbox capacity',
    );
  });

  it('lists, counts, gets, updates, messages and deletes conversations', async () => {
    const client = api();
    const found: string[] = [];
    for await (const item of await client.appConversations.search({ title__contains: 'checkout', limit: 20 })) found.push(item.id);
    expect(found).toEqual([CONVERSATION]);
    expect((await client.appConversations.list()).items).toHaveLength(1);
    expect(await client.appConversations.count({ title__contains: 'checkout' })).toBe(1);
    expect((await client.appConversations.get([CONVERSATION]))[0]?.title).toBe('Fix the checkout');
    expect((await client.appConversations.update(CONVERSATION, { title: 'Renamed' })).title).toBe('Renamed');
    expect((await client.appConversations.sendMessage(CONVERSATION, { content: [{ type: 'text', text: 'go on' }] })).sandbox_status).toBe(
      'RUNNING',
    );
    await client.appConversations.delete(CONVERSATION);
    expect((await client.appConversations.startTasks.search({ conversation_id__eq: CONVERSATION })).items[0]?.status).toBe('READY');
    expect(await client.appConversations.startTasks.count()).toBe(1);
    const get = server.recorded.filter((entry) => entry.path === '/api/v1/app-conversations' && entry.method === 'GET').at(-1);
    expect(get?.query.getAll('ids')).toEqual([CONVERSATION]);
    expect(server.violations).toEqual([]);
  });

  it('decodes a conversation’s events with the event codecs', async () => {
    const page = await api().events.search(CONVERSATION, { kind__eq: 'MessageEvent', limit: 50 });
    expect(page.items.map((event) => event.kind)).toEqual(events.map((event: { kind: string }) => event.kind));
    expect(await api().events.count(CONVERSATION)).toBe(3);
    expect(server.recorded.some((entry) => entry.path === `/api/v1/conversation/${CONVERSATION}/events/search`)).toBe(true);
    expect(server.violations).toEqual([]);
  });

  it('runs examples/api/walkthrough.ts end to end', async () => {
    const result = await runWalkthrough({ baseUrl: server.baseUrl, apiKey: KEY, pollInterval: 10 });
    expect(result).toEqual({
      conversationId: CONVERSATION,
      eventKinds: events.map((event: { kind: string }) => event.kind),
      sandboxId: 'sb-1',
    });
    expect(server.recorded.some((entry) => entry.path === '/api/v1/sandboxes/sb-1/resume')).toBe(true);
    expect(server.violations).toEqual([]);
  });
});
