/**
 * What a store keeps is each event as it was sent: a real `node:http` server with the webhook
 * handler on the file store, a body posted with `fetch`, and the conversation file read back.
 * Listeners get the decoded events.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Event } from 'agentwire/events';
import { createFileStore } from 'agentwire/stores/file';
import { createWebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempFolders, tempFolder } from '../faults/temp';

const KEY = 'stored-as-sent-key';
afterAll(removeTempFolders);

describe('a stored event is the event as it was sent', () => {
  it('keeps numbers as written and values the service reads laxly, without the whitespace between tokens', async () => {
    const dir = tempFolder('agentwire-as-sent-');
    const store = createFileStore({ dir });
    const handler = createWebhookHandler({ apiKey: KEY, store });
    const heard: Event[] = [];
    handler.onAny((event) => {
      heard.push(event);
    });
    const server: Server = createServer(toNodeHandler(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const conversation = randomUUID();
    const hook = {
      id: randomUUID(),
      timestamp: '2026-11-26T10:00:00.5',
      source: 'hook',
      hook_event_type: 'Stop',
      hook_command: 'check.sh',
      success: 'yes',
      exit_code: '3',
      kind: 'HookExecutionEvent',
    };
    const state = {
      id: randomUUID(),
      timestamp: '2026-11-26T10:00:01',
      key: 'stats',
      value: { seconds: 30.0 },
      kind: 'ConversationStateUpdateEvent',
    };
    // Pretty-printed as a person would write it; `30.0` written as Python writes a float.
    const body = `[\n  ${JSON.stringify(hook, null, 2)},\n  ${JSON.stringify(state).replace('"seconds":30', '"seconds": 30.0')}\n]`;
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks/events/${conversation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
        body,
      });
      expect(response.status).toBe(200);
    } finally {
      server.close();
      await store.close();
    }
    const lines = readFileSync(join(dir, `${conversation}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([JSON.stringify(hook), JSON.stringify(state).replace('"seconds":30', '"seconds":30.0')]);
    // Listeners get the events as the service's models read them.
    expect(heard[0]).toMatchObject({ kind: 'HookExecutionEvent', success: true, exit_code: 3 });
    expect(heard[1]).toMatchObject({ kind: 'ConversationStateUpdateEvent', value: { seconds: 30 } });
  });
});
