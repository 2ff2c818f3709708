/**
 * The harness on Node: the Web app through `@hono/node-server`, and `node-http.ts` (the Node
 * adapter on `node:http`) on a port of its own. Both ports are printed as the first line.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createWebhookHandler } from 'agentwire/webhooks';
import { createNodeServer } from '../../../examples/webhooks/node-http';
import { createDeliveryLog, createRuntimeApp, webExamples } from './app';
import { nextExample } from './next-example';

const log = createDeliveryLog();
const key = process.env.WEBHOOK_KEY ?? '';
const nodeHttp = createWebhookHandler({ apiKey: key }).onAny(log.listener('node-http'));
const app = createRuntimeApp(
  { name: 'node', version: process.version },
  {
    ...webExamples(key, log),
    next: nextExample(log),
    // Requests for node-http go to its own port; the harness only answers its log.
    'node-http': {
      fetch: () => Response.json({ detail: 'use its own port' }, { status: 400 }),
      delivered: (id) => log.delivered('node-http', id),
    },
  },
);

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const port = await listen(createServer(getRequestListener(app)));
const nodeHttpPort = await listen(createNodeServer(nodeHttp));
console.log(JSON.stringify({ port, ports: { 'node-http': nodeHttpPort } }));
