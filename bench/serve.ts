/**
 * `agentwire serve` (the built executable) under load: 5-event batches with fresh ids at 8 and 64
 * connections, with the file store (group commit on and off) and with PostgreSQL, beside a bare
 * `node:http` server in the same run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../test/helpers/embedded-postgres';
import { format } from './measure';
import { bare as bareHandler, freshBody } from './webhook';

const CONVERSATION = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
const KEY = 'bench-key';

/** One measured configuration. */
export interface ServeRow {
  server: string;
  connections: number;
  rps: number;
  p99: number;
}

/** Requests per second and p99 latency (ms) of `seconds` of fresh batches. */
async function load(url: string, template: string[], connections: number, seconds: number): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request: object) => ({ ...request, body: freshBody(template) }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`serve benchmark: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000), p99: result.latency.p99 };
}

/** Starts `agentwire serve` and resolves with its webhook base URL once it prints it. */
function startServe(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['dist/cli/main.js', 'serve', '--port', '0', '--api-key', KEY, '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /webhook URL\s+(\S+)/.exec(output);
      if (match) resolve({ child, url: `${match[1]}/events/${CONVERSATION}` });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`agentwire serve exited with ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** A PostgreSQL server for the benchmark: `DATABASE_URL`, or one started from `embedded-postgres` (stopped by `close`). */
async function postgres(): Promise<{ url: string; close(): Promise<void> } | undefined> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, close: async () => undefined };
  try {
    const server = await startEmbeddedPostgres();
    return { url: server.url, close: server.stop };
  } catch (error) {
    console.warn(`serve benchmark: no PostgreSQL (${(error as Error).message}); its rows are left out`);
    return undefined;
  }
}

/** Measures every configuration at 8 and 64 connections, `seconds` each. */
export async function benchServe(seconds = 3): Promise<ServeRow[]> {
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as unknown[];
  const batch = conversation.slice(6, 11) as { id: string }[];
  const template = JSON.stringify(batch.map((event) => ({ ...event, id: `${event.id.slice(0, -12)}\u0000` }))).split('\\u0000');
  const rows: ServeRow[] = [];
  const measure = async (server: string, url: string) => {
    for (const connections of [8, 64]) rows.push({ server, connections, ...(await load(url, template, connections, seconds)) });
  };

  const bare = createServer(bareHandler);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  await measure('bare `node:http` (JSON.parse, answer)', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
  bare.closeAllConnections();
  bare.close();

  for (const [server, env] of [
    ['`agentwire serve`, file store, one fsync per batch (`AGENTWIRE_GROUP_COMMIT=off`)', { AGENTWIRE_GROUP_COMMIT: 'off' }],
    ['`agentwire serve`, file store, group commit (the default)', {}],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-bench-serve-'));
    const served = await startServe(['--data', join(dir, 'data')], env);
    await measure(server, served.url);
    await stop(served.child);
    rmSync(dir, { recursive: true, force: true });
  }

  const database = await postgres();
  if (database) {
    // A database of its own, dropped after: the benchmark never writes to tables of yours.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: database.url });
    const name = `agentwire_bench_${process.pid}`;
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(database.url);
      url.pathname = `/${name}`;
      const served = await startServe(['--store', url.toString()], {});
      await measure('`agentwire serve --store postgres://…` (local server)', served.url);
      await stop(served.child);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
      await database.close();
    }
  }
  return rows;
}

/** The report's section: every row beside the bare server at the same number of connections. */
export function serveReport(rows: ServeRow[]): string[] {
  return [
    '## `agentwire serve` (5-event batches with fresh ids over loopback, autocannon, the built executable)',
    '',
    'Every request stores five new events in one conversation and is answered only once they are',
    'durable (file store: written and `fsync`ed; PostgreSQL: committed). The bare server only parses the body.',
    'Group commit lets the batches that wait share one `fsync`; without it each waits for its own.',
    'PostgreSQL serializes the appends of one conversation (its order is its commit order), so one',
    'conversation is bound by commit latency; the service itself sends one batch per conversation at a',
    'time, and different conversations commit side by side.',
    '',
    '| server | connections | requests/s | p99 ms | ratio to bare |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const bare = rows.find((other) => other.connections === row.connections)?.rps ?? row.rps;
      return `| ${row.server} | ${row.connections} | ${format(row.rps)} | ${row.p99.toFixed(0)} | ${(row.rps / bare).toFixed(2)} |`;
    }),
    '',
  ];
}
