/**
 * `client.pendingMessages.queue` against the OpenAPI-checking loopback server, which reads the body
 * the service's route reads (`{ content, role? }`) although the document declares none.
 */
import {
  type AgentwireClient,
  BadRequestError,
  createClient,
  MessageContentError,
  PendingMessageLimitError,
  type PendingMessageRequest,
  RateLimitError,
} from 'agentwire/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenApiServer } from './openapi-server';

const KEY = 'sk-pending-0123456789';
const QUEUE = 'POST /api/v1/conversations/{conversation_id}/pending-messages';
const TASK = 'task-3f2a9c104a004a01a0015e1d0000b000';

let server: Awaited<ReturnType<typeof startOpenApiServer>>;
let api: AgentwireClient;
let before: number;

beforeAll(async () => {
  server = await startOpenApiServer(
    { [QUEUE]: { id: 'pm-1', queued: true, position: 1 } },
    { header: 'authorization', value: `Bearer ${KEY}` },
  );
  api = createClient({ baseUrl: server.baseUrl, apiKey: KEY, maxRetries: 2, timeout: 5_000 });
});
afterAll(() => server.close());
beforeEach(() => {
  before = server.recorded.length;
});

const sent = () => server.recorded.slice(before);

describe('pendingMessages.queue', () => {
  it('sends the message as { content, role } and resolves to its place in the queue', async () => {
    const message: PendingMessageRequest = {
      content: [
        { type: 'text', text: 'Also run the linter' },
        { type: 'image', image_urls: ['https://example.com/screenshot.png'] },
      ],
    };
    expect(await api.pendingMessages.queue(TASK, message)).toEqual({ id: 'pm-1', queued: true, position: 1 });
    await api.pendingMessages.queue(TASK, { content: [{ type: 'text', text: 'from the system' }], role: 'system' });
    expect(server.violations).toEqual([]);
    expect(sent().map((request) => [request.path, JSON.parse(request.body)])).toEqual([
      [`/api/v1/conversations/${TASK}/pending-messages`, message],
      [`/api/v1/conversations/${TASK}/pending-messages`, { content: [{ type: 'text', text: 'from the system' }], role: 'system' }],
    ]);
  });

  it('refuses a message without content before sending anything, with MessageContentError', async () => {
    const bad: unknown[] = [{ content: [] }, {}, { content: 'hello' }, { content: ['hello'] }, { content: [{ text: 'x' }], role: 1 }, null];
    for (const body of bad) {
      const error = await api.pendingMessages.queue(TASK, body as PendingMessageRequest).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MessageContentError);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toMatch(/^MessageContentError: pendingMessages\.queue: /);
    }
    expect(sent()).toEqual([]);
  });

  it('throws PendingMessageLimitError past 10 pending messages, without trying again', async () => {
    const detail = '{"detail":"Too many pending messages. Maximum 10 messages per conversation."}';
    server.fail(QUEUE, { status: 429, headers: { 'content-type': 'application/json' }, body: detail });
    const error = await api.pendingMessages.queue(TASK, { content: [{ text: 'one more' }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PendingMessageLimitError);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(String(error)).toContain('Maximum 10 messages per conversation');
    expect(sent()).toHaveLength(1);
  });

  it('keeps the status classes for the rest: a 400 is a BadRequestError', async () => {
    server.fail(QUEUE, { status: 400, headers: { 'content-type': 'application/json' }, body: '{"detail":"Invalid request body"}' });
    await expect(api.pendingMessages.queue(TASK, { content: [{ text: 'x' }] })).rejects.toBeInstanceOf(BadRequestError);
  });
});
