/**
 * Events of every kind as a 1.43.1 agent server sends them (the service's own serialization of
 * accepted events, from the vendored conformance corpus; error events with `classification`, and
 * without it as older servers send them), posted in the sender's batches of five through
 * `createWebhookHandler` on a real `node:http` server, then read back: every stored line is the
 * event exactly as it was posted (`test/serve-agent-server-events.test.ts` does the same through
 * `agentwire serve`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { decodeEvent, EVENT_KINDS, type Event } from 'agentwire/events';
import { createFileStore } from 'agentwire/stores/file';
import { createWebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY, post } from '../faults/serve-process';
import { removeTempFolders, tempFolder } from '../faults/temp';
import { agentServerBatches } from '../helpers/agent-server-events';

afterAll(removeTempFolders);

const { events, batches, expectedLines } = agentServerBatches();

describe('events as a 1.43.1 agent server sends them', () => {
  it('cover every kind, and error events with and without classification', () => {
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(EVENT_KINDS));
    const errors = events.filter((event) => event.kind === 'AgentErrorEvent' || event.kind === 'ConversationErrorEvent');
    expect(errors.map((event) => 'classification' in event)).toEqual([true, false, true, false]);
  });

  it('through createWebhookHandler: accepted, heard decoded, stored and listed as sent', async () => {
    const dir = tempFolder('agentwire-agent-server-events-');
    const store = createFileStore({ dir });
    const handler = createWebhookHandler({ apiKey: KEY, store });
    const heard: Event[] = [];
    handler.onAny((event) => {
      heard.push(event);
    });
    const server: Server = createServer(toNodeHandler(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks`;
    const conversation = randomUUID();
    try {
      for (const batch of batches) {
        const response = await post(url, conversation, batch);
        expect(response.status, await response.text()).toBe(200);
      }
    } finally {
      server.close();
    }
    expect(heard.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(heard).toEqual(events.map((event) => decodeEvent(event)));
    const lines = readFileSync(join(dir, `${conversation}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual(expectedLines);
    const { events: listed } = await store.list(conversation);
    expect(listed).toEqual(heard.filter((event) => event.kind !== 'StreamingDeltaEvent'));
    await store.close();
  });
});
