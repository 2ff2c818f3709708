/**
 * The webhook handler's CPU time per request in one process, without HTTP: `handler.handle` on the
 * benchmark's 5-event batch (the body as bytes, a listener), against `JSON.parse` of the same
 * bytes, runs interleaved. Steadier than the HTTP figures on a shared machine.
 */
import { readFileSync } from 'node:fs';
import { nodeHeaderLookup } from '../src/webhooks/headers';
import { createWebhookHandler } from '../src/webhooks/index';
import { median } from './measure';

const PATH = '/api/v1/webhooks/events/3f2a9c10-4a00-4a01-a001-5e1d0000b000';
// Node's header record, read as the Node adapter reads it.
const HEADERS = nodeHeaderLookup({ 'content-type': 'application/json', 'x-session-api-key': 'bench-key' });

/** Medians of CPU µs per request: the bare work, and the handler above it, re-delivered and fresh. */
export interface WebhookCpu {
  bare: number;
  redelivered: number;
  fresh: number;
  runs: number;
  requests: number;
}

const cpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/** `runs` interleaved runs of `requests` requests each side; fresh ids start past the seen store's capacity. */
export async function benchWebhookCpu(runs = 15, requests = 5_000): Promise<WebhookCpu> {
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as unknown[];
  const batch = conversation.slice(6, 11) as { id: string }[];
  const body = Buffer.from(JSON.stringify(batch));
  // The same batch with a placeholder where each id's last 12 digits go.
  const template = JSON.stringify(batch.map((event) => ({ ...event, id: `${event.id.slice(0, -12)}\u0000` }))).split('\\u0000');
  let sequence = 0;
  const freshBody = () => {
    let text = template[0] as string;
    for (let i = 1; i < template.length; i++) text += `${(sequence++).toString(16).padStart(12, '0')}${template[i]}`;
    return Buffer.from(text);
  };
  const redelivered = createWebhookHandler({ apiKey: 'bench-key' }).onAny(() => undefined);
  const fresh = createWebhookHandler({ apiKey: 'bench-key' }).onAny(() => undefined);
  // Bodies made before each run, so making them is not counted.
  const freshBodies = (count: number) => Array.from({ length: count }, freshBody);
  const readOf = (bytes: Buffer) => async () => bytes;
  // Past the seen store's capacity (100,000 keys) before measuring.
  for (const bytes of freshBodies(25_000)) await fresh.handle('POST', PATH, HEADERS, readOf(bytes));
  const sides = {
    bare: async (bodies: Buffer[]) => {
      for (const bytes of bodies) JSON.parse(bytes.toString('utf8'));
    },
    redelivered: async (bodies: Buffer[]) => {
      for (const bytes of bodies) {
        const result = await redelivered.handle('POST', PATH, HEADERS, readOf(bytes));
        if (result.status !== 200) throw new Error(`status ${result.status}`);
      }
    },
    fresh: async (bodies: Buffer[]) => {
      for (const bytes of bodies) {
        const result = await fresh.handle('POST', PATH, HEADERS, readOf(bytes));
        if (result.status !== 200) throw new Error(`status ${result.status}`);
      }
    },
  };
  const times: Record<keyof typeof sides, number[]> = { bare: [], redelivered: [], fresh: [] };
  for (let run = -2; run < runs; run++) {
    for (const side of ['bare', 'redelivered', 'fresh'] as const) {
      const bodies = side === 'fresh' ? freshBodies(requests) : Array.from({ length: requests }, () => body);
      const start = cpuMicros();
      await sides[side](bodies);
      // The first two runs warm up.
      if (run >= 0) times[side].push((cpuMicros() - start) / requests);
    }
  }
  const bare = median(times.bare);
  return { bare, redelivered: median(times.redelivered) - bare, fresh: median(times.fresh) - bare, runs, requests };
}

/** The figures in one line each. */
export function webhookCpuReport(cpu: WebhookCpu): string[] {
  return [
    `In one process, CPU µs per request, medians of ${cpu.runs} interleaved runs of ${cpu.requests} requests:`,
    `- JSON.parse of the body: ${cpu.bare.toFixed(1)}`,
    `- handler.handle above it, re-delivered ids: ${cpu.redelivered.toFixed(1)}`,
    `- handler.handle above it, fresh ids past the seen store's capacity: ${cpu.fresh.toFixed(1)}`,
  ];
}
