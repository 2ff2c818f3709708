import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Event } from 'agentwire/events';
import { createWebhookHandler } from 'agentwire/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeServer } from '../../examples/webhooks/node-http';

const KEY = 'k';
const received: Event[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  const handler = createWebhookHandler({ apiKey: KEY });
  handler.onAny((event) => {
    received.push(event);
  });
  server = createNodeServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const url = () => `http://127.0.0.1:${port}/api/v1/webhooks/events/${randomUUID()}`;
const post = (body: BodyInit) =>
  fetch(url(), { method: 'POST', headers: { 'x-session-api-key': KEY, 'content-type': 'application/json' }, body });

describe('hostile input', () => {
  it('survives deeply nested JSON', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const nested = await post(`[{"kind":"ConversationStateUpdateEvent","key":"k","value":${deep}}]`);
    expect([200, 422]).toContain(nested.status);
    expect((await post(deep)).status).toBe(422);
  });

  it('never pollutes prototypes through __proto__ keys', async () => {
    const closed = await post('[{"kind":"PauseEvent","__proto__":{"polluted":true}}]');
    expect(closed.status).toBe(422);
    expect((await closed.json()).detail[0]).toMatchObject({ type: 'extra_forbidden', loc: ['body', 0, '__proto__'] });
    const open = await post('[{"kind":"MessageEvent","source":"user","llm_message":{"role":"user","__proto__":{"polluted":true}}}]');
    expect(open.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  it('accepts a huge string within the limit', async () => {
    const text = 'x'.repeat(5 * 1024 * 1024);
    const response = await post(
      JSON.stringify([{ kind: 'MessageEvent', source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text }] } }]),
    );
    expect(response.status).toBe(200);
  });

  it('answers 400 for invalid UTF-8', async () => {
    const bytes = new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]);
    const response = await post(bytes);
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toContain('not valid UTF-8');
  });

  it('keeps serving after an aborted body, and accepts a slow one', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/webhooks/events/${randomUUID()} HTTP/1.1\r\nHost: x\r\nX-Session-API-Key: ${KEY}\r\nContent-Length: 1000\r\n\r\n[{"kind":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        const body = new TextEncoder().encode('[{"kind":"PauseEvent"}]');
        for (const byte of body) {
          controller.enqueue(new Uint8Array([byte]));
          await new Promise((wait) => setTimeout(wait, 10));
        }
        controller.close();
      },
    });
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'x-session-api-key': KEY, 'content-type': 'application/json' },
      body: slow,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(received.some((event) => event.kind === 'PauseEvent')).toBe(true);
  });
});
