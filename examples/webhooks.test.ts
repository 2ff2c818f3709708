import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from './webhooks/edge-runtimes';
import { GET, POST } from './webhooks/next-route';

const body = JSON.stringify([{ kind: 'ConversationErrorEvent', source: 'environment', code: 'Boom', detail: 'it broke' }]);

describe('examples/webhooks', () => {
  it('next-route.ts answers like the service', async () => {
    const url = `https://app.example/api/v1/webhooks/events/${randomUUID()}`;
    const ok = await POST(new Request(url, { method: 'POST', headers: { 'x-session-api-key': 'change-me' }, body }));
    expect(await ok.json()).toEqual({ success: true });
    expect((await POST(new Request(url, { method: 'POST', body }))).status).toBe(401);
    expect((await GET(new Request(url))).status).toBe(405);
  });

  it('edge-runtimes.ts stores what it receives', async () => {
    const app = createEdgeApp('edge-key');
    const conversation = randomUUID();
    const response = await app.fetch(
      new Request(`https://edge.example/api/v1/webhooks/events/${conversation.replaceAll('-', '')}`, {
        method: 'POST',
        headers: { 'x-session-api-key': 'edge-key' },
        body,
      }),
    );
    expect(response.status).toBe(200);
    expect((await app.store.list(conversation)).map((event) => event.kind)).toEqual(['ConversationErrorEvent']);
  });
});
