/**
 * `client.events` against a service newer than the codecs, served by a real loopback server:
 * error events with `classification` decode, and a field no model defines fails the answer by
 * default or is kept with `unknownFields: 'keep'` (on the client or on one search), told once.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIResponseValidationError, type ClientUnknownField, createClient } from 'agentwire/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = 'sk-unknown-fields-0123456789';
const CONVERSATION = randomUUID();
const classified = {
  id: randomUUID(),
  timestamp: '2026-11-26T10:00:00.25',
  source: 'environment',
  parent_id: null,
  code: 'LLMRateLimitError',
  detail: 'Too many requests',
  classification: { kind: 'rate_limit', retryable: true, user_action: 'retry', error_id: null },
  kind: 'ConversationErrorEvent',
};
const newer = { ...classified, id: randomUUID(), retry_after: 30.0 };

let server: Server;
let baseUrl: string;
let answer: unknown[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${KEY}`) {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ items: answer, next_page_id: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

describe('client.events.search on a newer service', () => {
  it('decodes error events with classification', async () => {
    answer = [classified];
    const page = await createClient({ baseUrl, apiKey: KEY }).events.search(CONVERSATION);
    expect(page.items).toEqual([classified]);
  });

  it('refuses a field no model defines by default, naming where', async () => {
    answer = [classified, newer];
    const failure = await createClient({ baseUrl, apiKey: KEY, maxRetries: 0 })
      .events.search(CONVERSATION)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(APIResponseValidationError);
    expect(String((failure as Error).message)).toMatch(/retry_after: Extra inputs are not permitted/);
  });

  it("keeps it with unknownFields: 'keep', on the client or on one search, and tells it once", async () => {
    answer = [newer, { ...newer, id: randomUUID() }];
    const told: ClientUnknownField[] = [];
    const client = createClient({ baseUrl, apiKey: KEY, unknownFields: 'keep', onUnknownField: (field) => told.push(field) });
    const page = await client.events.search(CONVERSATION);
    expect(page.items).toEqual(answer);
    await client.events.search(CONVERSATION);
    expect(told).toEqual([{ model: 'ConversationErrorEvent', key: 'retry_after', path: ['retry_after'], where: expect.any(String) }]);
    const strict = createClient({ baseUrl, apiKey: KEY });
    expect((await strict.events.search(CONVERSATION, { unknownFields: 'keep' })).items).toEqual(answer);
    await expect(strict.events.search(CONVERSATION, { unknownFields: 'drop' as never })).rejects.toThrow(
      `events.search: unknownFields must be 'reject' or 'keep', not "drop"`,
    );
  });
});
