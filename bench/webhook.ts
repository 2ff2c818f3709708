/** Requests per second through toNodeHandler against a bare node:http server, same run. */

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createWebhookHandler } from '../src/webhooks/index';
import { toNodeHandler } from '../src/webhooks/node';
import { median } from './measure';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks/events/3f2a9c10-4a00-4a01-a001-5e1d0000b000`;
}

async function rps(url: string, body: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': 'bench-key' },
    body,
    connections: 10,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`benchmark requests failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export async function benchWebhook(seconds = 4, rounds = 3): Promise<{ bare: number; agentwire: number }> {
  // Five events of the recorded conversation: a message, actions and their observations.
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as unknown[];
  const body = JSON.stringify(conversation.slice(6, 11));
  const bare = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.setHeader('content-type', 'application/json');
      res.end('{"success":true}');
    });
  });
  const handler = createWebhookHandler({ apiKey: 'bench-key' });
  handler.onAny(() => undefined);
  const wired = createServer(toNodeHandler(handler));
  const [bareUrl, wiredUrl] = [await listen(bare), await listen(wired)];
  const bareRates: number[] = [];
  const wiredRates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRates.push(await rps(bareUrl, body, seconds));
    wiredRates.push(await rps(wiredUrl, body, seconds));
  }
  for (const server of [bare, wired]) {
    server.closeAllConnections();
    server.close();
  }
  return { bare: median(bareRates), agentwire: median(wiredRates) };
}
