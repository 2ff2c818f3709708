/**
 * Requests per second, and server CPU time per request, through toNodeHandler against a bare
 * node:http server, same run. Each server runs in a process of its own; where `taskset` is
 * available, the servers are pinned to the first core and the load generator to the second, so
 * the client does not take CPU from the server it measures.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { createWebhookHandler } from '../src/webhooks/index';
import { toNodeHandler } from '../src/webhooks/node';
import { median } from './measure';

const PATH = '/api/v1/webhooks/events/3f2a9c10-4a00-4a01-a001-5e1d0000b000';
type ServerKind = 'bare' | 'agentwire';

/** The bare server: read the body, JSON.parse it, answer the service's success. */
export function bare(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res.setHeader('content-type', 'application/json');
    res.end('{"success":true}');
  });
}

/**
 * The body of a benchmark server process (`--webhook-server=<kind>`): listens, sends its port to
 * the parent, and answers `usage` with its CPU time (µs) and the requests it served.
 */
export async function runBenchServer(kind: ServerKind): Promise<void> {
  let requests = 0;
  let server: Server;
  if (kind === 'bare') server = createServer(bare);
  else {
    const handler = createWebhookHandler({ apiKey: 'bench-key' });
    handler.onAny(() => undefined);
    server = createServer(toNodeHandler(handler));
  }
  server.on('request', () => requests++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port });
  process.on('message', (message) => {
    if (message === 'usage') {
      const usage = process.cpuUsage();
      process.send?.({ cpu: usage.user + usage.system, requests });
    } else process.exit(0);
  });
}

/** Whether processes can be pinned to cores here. */
const canPin = () => cpus().length >= 2 && spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

interface BenchServer {
  url: string;
  usage(): Promise<{ cpu: number; requests: number }>;
  stop(): void;
}

async function startServer(kind: ServerKind, bundle: string, pinned: boolean): Promise<BenchServer> {
  const args = [bundle, `--webhook-server=${kind}`];
  const child: ChildProcess = pinned
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise<Record<string, number>>((resolve) => child.once('message', (message) => resolve(message as never)));
  const { port } = await next();
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    usage: async () => {
      const answer = next();
      child.send('usage');
      return (await answer) as { cpu: number; requests: number };
    },
    stop: () => child.send('stop'),
  };
}

/** What a run sends: the same body every time (re-delivered ids), or fresh event ids on every request. */
type Load = { body: string; seconds: number } | { fresh: string[]; seconds: number };

/** One measured run: requests per second at the client, server CPU µs per request, requests the server answered. */
interface Run {
  rps: number;
  cpuPerRequest: number;
  requests: number;
}

async function measure(server: BenchServer, load: Load): Promise<Run> {
  const before = await server.usage();
  const result = await autocannon({
    url: server.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': 'bench-key' },
    connections: 10,
    duration: load.seconds,
    ...('body' in load
      ? { body: load.body }
      : { requests: [{ setupRequest: (request: object) => ({ ...request, body: freshBody(load.fresh) }) }] }),
  });
  const after = await server.usage();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`benchmark requests failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = after.requests - before.requests;
  // Runs of whole seconds: autocannon's per-second average is exact (a run of a fixed number of
  // requests ends on its next one-second tick, which would make every server look alike).
  return { rps: result.requests.average, cpuPerRequest: (after.cpu - before.cpu) / Math.max(1, requests), requests };
}

/** The default capacity of `createMemorySeenStore`. */
const SEEN_CAPACITY = 100_000;

let sequence = 0;
/** The batch with a new id for each of its events, as the service sends a conversation. */
export function freshBody(template: string[]): string {
  let body = template[0] as string;
  for (let i = 1; i < template.length; i++) body += `${(sequence++).toString(16).padStart(12, '0')}${template[i]}`;
  return body;
}

/** Medians of the runs of one server under one load. */
export interface WebhookFigures {
  rps: number;
  cpuPerRequest: number;
}

export interface WebhookRates {
  bare: WebhookFigures;
  agentwire: WebhookFigures;
  bareFresh: WebhookFigures;
  agentwireFresh: WebhookFigures;
  freshEvents: number;
  /** How many 2-second chunks each server was sent, and how many of them started past the seen store's capacity. */
  freshChunks: number;
  freshChunksPast: number;
  pinned: boolean;
}

const medianRun = (runs: Run[]): WebhookFigures => ({
  rps: median(runs.map((r) => r.rps)),
  cpuPerRequest: median(runs.map((r) => r.cpuPerRequest)),
});

/** Runs both servers in processes of their own (`bundle` is this benchmark's bundle) and loads them in turn. */
export async function benchWebhook(bundle: string, seconds = 4, rounds = 3, freshEvents = 300_000): Promise<WebhookRates> {
  // Five events of the recorded conversation: a message, actions and their observations.
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as unknown[];
  const batch = conversation.slice(6, 11) as { id: string }[];
  const body = JSON.stringify(batch);
  // The same batch with a placeholder where each id's last 12 digits go.
  const fresh = JSON.stringify(batch.map((event) => ({ ...event, id: `${event.id.slice(0, -12)}\u0000` }))).split('\\u0000');
  const pinned = canPin();
  // The client (this process) on the second core, the servers on the first.
  if (pinned) spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const servers = { bare: await startServer('bare', bundle, pinned), agentwire: await startServer('agentwire', bundle, pinned) };
  try {
    // Warm-up: the first second of a server is spent compiling.
    for (const kind of ['bare', 'agentwire'] as const) await measure(servers[kind], { body, seconds: 2 });
    const runs: Record<ServerKind, Run[]> = { bare: [], agentwire: [] };
    for (let round = 0; round < rounds; round++) {
      for (const kind of ['bare', 'agentwire'] as const) runs[kind].push(await measure(servers[kind], { body, seconds }));
    }
    // Fresh ids past the seen store's capacity (100,000 keys): what a long-running receiver meets.
    // Sent in chunks, the servers taking turns, so a change of load touches both alike.
    // Chunks of 2 s until the handler has taken `freshEvents` events (at least 6 chunks, at most 60);
    // the figures are the medians of the chunks that started past the seen store's capacity.
    const freshRuns: Record<ServerKind, Run[]> = { bare: [], agentwire: [] };
    const past: Record<ServerKind, Run[]> = { bare: [], agentwire: [] };
    let sent = 0;
    for (let chunk = 0; chunk < 60 && (chunk < 6 || sent < freshEvents); chunk++) {
      const full = sent >= SEEN_CAPACITY;
      for (const kind of ['bare', 'agentwire'] as const) {
        const run = await measure(servers[kind], { fresh, seconds: 2 });
        freshRuns[kind].push(run);
        if (full) past[kind].push(run);
      }
      sent += (freshRuns.agentwire.at(-1) as Run).requests * batch.length;
    }
    return {
      bare: medianRun(runs.bare),
      agentwire: medianRun(runs.agentwire),
      bareFresh: medianRun(past.bare.length > 0 ? past.bare : freshRuns.bare),
      agentwireFresh: medianRun(past.agentwire.length > 0 ? past.agentwire : freshRuns.agentwire),
      freshEvents: sent,
      freshChunks: freshRuns.agentwire.length,
      freshChunksPast: past.agentwire.length,
      pinned,
    };
  } finally {
    servers.bare.stop();
    servers.agentwire.stop();
    if (pinned) spawnSync('taskset', ['-p', '-c', `0-${cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
  }
}
