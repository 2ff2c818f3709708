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

/** What a run sends: the same body every time (re-delivered ids), or fresh event ids on every request. */
type Load = { body: string } | { fresh: string[]; requests: number };

async function rps(url: string, load: Load, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': 'bench-key' },
    connections: 10,
    ...('body' in load
      ? { body: load.body, duration: seconds }
      : { amount: load.requests, requests: [{ setupRequest: (request: object) => ({ ...request, body: freshBody(load.fresh) }) }] }),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`benchmark requests failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  // With a fixed amount, the per-second average counts the last partial second as a whole one.
  if (!('body' in load)) return result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000);
  return result.requests.average;
}

let sequence = 0;
/** The batch with a new id for each of its events, as the service sends a conversation. */
export function freshBody(template: string[]): string {
  let body = template[0] as string;
  for (let i = 1; i < template.length; i++) body += `${(sequence++).toString(16).padStart(12, '0')}${template[i]}`;
  return body;
}

export interface WebhookRates {
  bare: number;
  agentwire: number;
  bareFresh: number;
  agentwireFresh: number;
  freshEvents: number;
}

export async function benchWebhook(seconds = 4, rounds = 3, freshEvents = 300_000): Promise<WebhookRates> {
  // Five events of the recorded conversation: a message, actions and their observations.
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as unknown[];
  const batch = conversation.slice(6, 11) as { id: string }[];
  const body = JSON.stringify(batch);
  // The same batch with a placeholder where each id's last 12 digits go.
  const fresh = JSON.stringify(batch.map((event) => ({ ...event, id: `${event.id.slice(0, -12)}\u0000` }))).split('\\u0000');
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
    bareRates.push(await rps(bareUrl, { body }, seconds));
    wiredRates.push(await rps(wiredUrl, { body }, seconds));
  }
  // Fresh ids past the seen store's capacity (100,000 keys): what a long-running receiver meets.
  const requests = Math.ceil(freshEvents / batch.length);
  const bareFresh = await rps(bareUrl, { fresh, requests }, seconds);
  const agentwireFresh = await rps(wiredUrl, { fresh, requests }, seconds);
  for (const server of [bare, wired]) {
    server.closeAllConnections();
    server.close();
  }
  return { bare: median(bareRates), agentwire: median(wiredRates), bareFresh, agentwireFresh, freshEvents: requests * batch.length };
}
