import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from './webhooks/cloudflare-worker';
import { createEdgeApp } from './webhooks/edge-runtimes';
import { GET, POST } from './webhooks/next-route';

const body = JSON.stringify([{ kind: 'ConversationErrorEvent', source: 'environment', code: 'Boom', detail: 'it broke' }]);
const post = (url: string, key?: string) =>
  new Request(url, { method: 'POST', headers: key === undefined ? {} : { 'x-session-api-key': key }, body });

describe('examples/webhooks', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('next-route.ts answers 500 while WEBHOOK_KEY is unset, and accepts no default key', async () => {
    vi.stubEnv('WEBHOOK_KEY', undefined);
    const url = `https://app.example/api/v1/webhooks/events/${randomUUID()}`;
    for (const key of ['change-me', '', undefined]) {
      const response = await POST(post(url, key));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ detail: 'WEBHOOK_KEY is not set: the webhook has no key to check' });
    }
  });

  it('next-route.ts answers like the service once WEBHOOK_KEY is set', async () => {
    vi.stubEnv('WEBHOOK_KEY', 'next-key');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const conversation = randomUUID();
    const url = `https://app.example/api/v1/webhooks/events/${conversation}`;
    const ok = await POST(post(url, 'next-key'));
    expect(await ok.json()).toEqual({ success: true });
    expect(errors.mock.calls).toEqual([[`conversation ${conversation} failed: Boom: it broke`]]);
    expect((await POST(post(url, 'change-me'))).status).toBe(401);
    expect((await POST(post(url))).status).toBe(401);
    expect((await GET(new Request(url))).status).toBe(405);
  });

  it('cloudflare-worker.ts reads the key from the env binding and says when it is missing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const conversation = randomUUID();
    const url = `https://worker.example/api/v1/webhooks/events/${conversation}`;
    const missing = await worker.fetch(post(url, 'worker-key'), {});
    expect(missing.status).toBe(500);
    expect(await missing.json()).toEqual({ detail: 'WEBHOOK_KEY is not set: add it with `wrangler secret put WEBHOOK_KEY`' });
    expect(await (await worker.fetch(post(url, 'worker-key'), { WEBHOOK_KEY: 'worker-key' })).json()).toEqual({ success: true });
    expect((await worker.fetch(post(url, 'wrong'), { WEBHOOK_KEY: 'worker-key' })).status).toBe(401);
    // A rotated secret takes effect on the next request.
    expect((await worker.fetch(post(url, 'worker-key'), { WEBHOOK_KEY: 'rotated-key' })).status).toBe(401);
    expect((await worker.fetch(post(url, 'rotated-key'), { WEBHOOK_KEY: 'rotated-key' })).status).toBe(200);
    // The new handler has not seen the event yet: its listener runs once more.
    expect(errors.mock.calls).toEqual([
      [`conversation ${conversation} failed: Boom: it broke`],
      [`conversation ${conversation} failed: Boom: it broke`],
    ]);
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
    expect((await app.store.list(conversation)).events.map((event) => event.kind)).toEqual(['ConversationErrorEvent']);
  });
});
