/**
 * The same webhook handler behind every supported way of mounting it, each a real server on
 * 127.0.0.1 (except `fetch`, called directly).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { WebhookHandler } from 'agentwire/webhooks';
import { createExpressApp } from '../../examples/webhooks/express';
import { createFastifyApp } from '../../examples/webhooks/fastify';
import { createHonoApp } from '../../examples/webhooks/hono';
import { createNodeServer } from '../../examples/webhooks/node-http';

/** A running variant: where to send requests, and how to stop it. */
export interface Mounted {
  send(path: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

type NodeServer = { close(callback: () => void): unknown; closeAllConnections?: () => void; address(): AddressInfo | string | null };

function viaHttp(server: NodeServer): Mounted {
  const { port } = server.address() as AddressInfo;
  return {
    send: (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server): Promise<Mounted> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(viaHttp(server))));
}

/** The ways of mounting, by name. `parsesJson` marks the variant whose framework parses JSON first. */
export const VARIANTS: { name: string; parsesJson: boolean; mount(handler: WebhookHandler): Promise<Mounted> }[] = [
  {
    name: 'Web fetch',
    parsesJson: false,
    mount: async (handler) => ({
      send: (path, init) => handler.fetch(new Request(`http://agentwire.test${path}`, init)),
      close: async () => undefined,
    }),
  },
  { name: 'node:http', parsesJson: false, mount: (handler) => listen(createNodeServer(handler)) },
  {
    name: 'Express 5',
    parsesJson: false,
    mount: (handler) => listen(createServer(createExpressApp(handler))),
  },
  {
    name: 'Express 5 + express.json()',
    parsesJson: true,
    mount: (handler) => listen(createServer(createExpressApp(handler, true))),
  },
  {
    name: 'Fastify 5',
    parsesJson: false,
    mount: async (handler) => {
      const app = createFastifyApp(handler);
      await app.listen({ port: 0, host: '127.0.0.1' });
      return viaHttp(app.server);
    },
  },
  {
    name: 'Hono 4',
    parsesJson: false,
    mount: (handler) =>
      new Promise((resolve) => {
        const server = serve({ fetch: createHonoApp(handler).fetch, port: 0, hostname: '127.0.0.1' }, () =>
          resolve(viaHttp(server as unknown as NodeServer)),
        );
      }),
  },
];
