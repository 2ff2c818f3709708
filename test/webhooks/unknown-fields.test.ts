/**
 * Fields a newer server adds, through a real `node:http` server: refused as the service refuses
 * them by default, and with `unknownFields: 'keep'` accepted, stored as sent, given to listeners,
 * read back from the store, and told once per field.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Event } from 'agentwire/events';
import { createFileStore } from 'agentwire/stores/file';
import { createWebhookHandler, type UnknownFieldNotice, type WebhookHandlerOptions } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, tempFolder } from '../faults/temp';

const KEY = 'unknown-fields-key';
const servers: Server[] = [];
afterAll(removeTempFolders);
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(options: Omit<WebhookHandlerOptions<'reject'>, 'apiKey'>) {
  const handler = createWebhookHandler({ apiKey: KEY, ...options });
  const server = createServer(toNodeHandler(handler));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const post = async (conversation: string, events: unknown[] | string) => {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks/events/${conversation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
      body: typeof events === 'string' ? events : JSON.stringify(events),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { handler, post };
}

/** An agent error as a newer server might send it: a field of the event and one of a nested model that no model defines. */
const newerError = () => ({
  id: randomUUID(),
  timestamp: '2026-11-26T10:00:00.25',
  source: 'agent',
  tool_name: 'terminal',
  tool_call_id: 'call_1',
  error: 'The command timed out',
  classification: { kind: 'transient', retryable: true, user_action: 'retry', error_id: null, severity: 'low' },
  retry_after: 1.0,
  kind: 'AgentErrorEvent',
});

describe('fields no model defines', () => {
  it('are refused by default, as the service refuses them', async () => {
    const { post } = await serve({});
    const answer = await post(randomUUID(), [newerError()]);
    expect(answer.status).toBe(422);
    expect((answer.body.detail as { type: string; loc: unknown[] }[]).map((item) => [item.type, item.loc])).toEqual([
      ['extra_forbidden', ['body', 0, 'classification', 'severity']],
      ['extra_forbidden', ['body', 0, 'retry_after']],
    ]);
  });

  it("with 'keep': accepted, stored as sent, given to listeners and read back, each told once", async () => {
    const dir = tempFolder('agentwire-unknown-fields-');
    const store = createFileStore({ dir });
    const { handler, post } = await serve({ store, unknownFields: 'keep' });
    const heard: Event[] = [];
    const told: UnknownFieldNotice[] = [];
    handler.onAny((event) => {
      heard.push(event);
    });
    handler.onUnknownField((notice) => {
      told.push(notice);
    });
    const conversation = randomUUID();
    const first = newerError();
    const second = newerError();
    // As a Python server writes a float: `1.0`.
    const asSent = (event: object) => JSON.stringify(event).replace('"retry_after":1', '"retry_after":1.0');
    expect((await post(conversation, `[${asSent(first)}]`)).status).toBe(200);
    expect((await post(conversation, `[${asSent(second)}]`)).status).toBe(200);
    // Stored byte for byte as sent (`1.0` included), kept by listeners and by readers.
    const lines = readFileSync(join(dir, `${conversation}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([first, second].map(asSent));
    expect(heard[0]).toMatchObject({ retry_after: 1, classification: { kind: 'transient', severity: 'low' } });
    const { events } = await store.list(conversation);
    expect(events.map((event) => event.id)).toEqual([first.id, second.id]);
    expect(events[1]).toMatchObject({ retry_after: 1, classification: { severity: 'low' } });
    expect(told).toEqual([
      {
        model: 'ErrorClassification',
        key: 'severity',
        path: ['classification', 'severity'],
        conversationId: conversation,
        eventId: first.id,
        eventKind: 'AgentErrorEvent',
      },
      {
        model: 'AgentErrorEvent',
        key: 'retry_after',
        path: ['retry_after'],
        conversationId: conversation,
        eventId: first.id,
        eventKind: 'AgentErrorEvent',
      },
    ]);
    await store.close();
  });
});
