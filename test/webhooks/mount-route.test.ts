/**
 * A handler mounted under a route of the application's own (`/hooks/agent/:id`), with the
 * conversation id taken from the route: Hono through `fetch(request, { conversationId })`, Express
 * through `toNodeHandler(handler, { conversationId })`, each a real server on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createWebhookHandler, type WebhookRejection } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import express from 'express';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvent } from '../helpers/events';

const KEY = 'route-key';

interface Running {
  port: number;
  close(): Promise<void>;
}

function honoApp(webhooks: ReturnType<typeof createWebhookHandler>): Hono {
  const app = new Hono();
  app.post('/hooks/agent/:id', (c) => webhooks.fetch(c.req.raw, { conversationId: c.req.param('id') }));
  app.all('/api/v1/webhooks/*', (c) => webhooks.fetch(c.req.raw));
  return app;
}

function expressApp(webhooks: ReturnType<typeof createWebhookHandler>): express.Express {
  const app = express();
  app.post('/hooks/agent/:id', toNodeHandler(webhooks, { conversationId: (req) => req.params?.id }));
  app.use(toNodeHandler(webhooks));
  return app;
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const SERVERS: { name: string; start(webhooks: ReturnType<typeof createWebhookHandler>): Promise<Running> }[] = [
  {
    name: 'Hono 4',
    start: (webhooks) =>
      new Promise((resolve) => {
        const server = serve({ fetch: honoApp(webhooks).fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
          resolve({ port: info.port, close: () => stop(server as Server) }),
        );
      }),
  },
  {
    name: 'Express 5',
    start: (webhooks) =>
      new Promise((resolve) => {
        const server = createServer(expressApp(webhooks));
        server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, close: () => stop(server) }));
      }),
  },
];

describe.each(SERVERS)('mounted under /hooks/agent/:id on $name', ({ start }) => {
  const received: [string, string][] = [];
  const rejections: WebhookRejection[] = [];
  let running: Running;

  beforeAll(async () => {
    const webhooks = createWebhookHandler({ apiKey: KEY });
    webhooks.on('MessageEvent', (event, { conversationId }) => received.push([conversationId, event.id]));
    webhooks.onReject((rejection) => rejections.push(rejection));
    running = await start(webhooks);
  });
  afterAll(() => running.close());

  const send = (path: string, body: unknown, method = 'POST') =>
    fetch(`http://127.0.0.1:${running.port}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    });

  it('delivers to the conversation the route names, normalized', async () => {
    const id = randomUUID();
    const event = messageEvent('routed');
    const response = await send(`/hooks/agent/${id.replaceAll('-', '').toUpperCase()}`, [event]);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { success: true } });
    expect(received).toContainEqual([id, event.id]);
  });

  it('answers 422 for a route id that is not a conversation id, naming the path parameter', async () => {
    const response = await send('/hooks/agent/not-a-uuid', [messageEvent('x')]);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { type: string; loc: string[] }[] };
    expect(body.detail.map((item) => [item.type, item.loc])).toEqual([['uuid_parsing', ['path', 'conversation_id']]]);
    expect(rejections.at(-1)).toMatchObject({ status: 422, method: 'POST', path: '/hooks/agent/not-a-uuid', conversationId: undefined });
  });

  it('keeps the default routes working beside it', async () => {
    const id = randomUUID();
    const event = messageEvent('default');
    expect((await send(`/api/v1/webhooks/events/${id}`, [event])).status).toBe(200);
    expect(received).toContainEqual([id, event.id]);
  });
});

describe('route options on fetch', () => {
  it('ignores what runtimes pass as the second argument, and answers 405 to anything but POST', async () => {
    const webhooks = createWebhookHandler({ apiKey: KEY });
    const id = randomUUID();
    const request = (path: string, method = 'POST') =>
      new Request(`http://agentwire.test${path}`, {
        method,
        headers: { 'x-session-api-key': KEY },
        ...(method === 'POST' ? { body: JSON.stringify([messageEvent('x')]) } : {}),
      });
    const server = { port: 3000, stop: () => undefined };
    expect((await webhooks.fetch(request(`/api/v1/webhooks/events/${id}`), server)).status).toBe(200);
    expect((await webhooks.fetch(request('/hooks/agent/x'), { remoteAddr: { hostname: '127.0.0.1' } })).status).toBe(404);
    expect((await webhooks.fetch(request('/hooks/agent/x'), { conversationId: undefined })).status).toBe(404);
    const wrongMethod = await webhooks.fetch(request('/hooks/agent/x', 'GET'), { conversationId: id });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await webhooks.fetch(request('/anything/at/all'), { conversationId: id })).status).toBe(200);
  });
});
