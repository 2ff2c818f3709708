/**
 * `agentwire serve` (the built executable) under load: 5-event batches with fresh ids, spread over
 * 1, 10 and 100 conversations, at 8 and 64 connections, with the file store (group commit on and
 * off) and with PostgreSQL, beside a bare `node:http` server in the same run. The bare server, the
 * file store and PostgreSQL take turns cell by cell, several rounds; each figure is the median of its rounds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../test/helpers/embedded-postgres';
import { format, median } from './measure';
import { bare as bareHandler, freshBody } from './webhook';

const KEY = 'bench-key';
const CONNECTIONS = [8, 64] as const;
const CONVERSATIONS = [1, 10, 100] as const;

/** The id of the benchmark's `n`th conversation. */
const conversationId = (n: number) => `3f2a9c10-4a00-4a01-a001-5e1d0000${(0xb000 + n).toString(16)}`;

/** One measured configuration (medians of its rounds). */
export interface ServeRow {
  server: string;
  conversations: number;
  connections: number;
  rps: number;
  p99: number;
}

/** Requests per second and p99 latency (ms) of `seconds` of fresh batches, sent round-robin to `conversations` conversations. */
async function load(
  base: string,
  template: string[],
  conversations: number,
  connections: number,
  seconds: number,
): Promise<{ rps: number; p99: number }> {
  const prefix = new URL(base).pathname;
  let next = 0;
  const result = await autocannon({
    url: base,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request: object) => ({
          ...request,
          path: `${prefix}/${conversationId(next++ % conversations)}`,
          body: freshBody(template),
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`serve benchmark: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000), p99: result.latency.p99 };
}

/** Starts `agentwire serve` and resolves with its webhook base URL (`…/events`) once it prints it. */
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
      if (match) resolve({ child, url: `${match[1]}/events` });
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

/** A database of its own on `url` for the benchmark (it never writes to tables of yours), and its drop. */
async function benchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  const name = `agentwire_bench_${process.pid}`;
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

export const BARE = 'bare `node:http` (JSON.parse, answer)';
export const FILE_STORE = '`agentwire serve`, file store, group commit (the default)';
export const POSTGRES = '`agentwire serve --store postgres://…` (local server)';

/** The stores a run measures (`--stores=file` leaves PostgreSQL out). */
export type ServeStore = 'file' | 'postgres';

/** A cell of the table: conversations and connections. */
export interface ServeCell {
  conversations: number;
  connections: number;
}

/** The cells of `--cells=10x8,100x8` (conversations `x` connections); every cell without it. */
export function parseCells(argument: string | undefined): ServeCell[] {
  if (argument === undefined)
    return CONVERSATIONS.flatMap((conversations) => CONNECTIONS.map((connections) => ({ conversations, connections })));
  return argument.split(',').map((text) => {
    const match = /^(\d+)x(\d+)$/.exec(text.trim());
    if (!match) throw new Error(`--cells: ${JSON.stringify(text)} is not <conversations>x<connections>, as 10x8`);
    return { conversations: Number(match[1]), connections: Number(match[2]) };
  });
}

/**
 * Measures every configuration, `seconds` each; the file store and PostgreSQL cells `rounds`
 * times, taking turns with the bare server, so each ratio compares figures taken side by side.
 * With `cells` (not every cell), only those are measured, and the file store without group commit not at all.
 */
export async function benchServe(
  seconds = 3,
  rounds = 3,
  stores: readonly ServeStore[] = ['file', 'postgres'],
  cells: readonly ServeCell[] = parseCells(undefined),
): Promise<ServeRow[]> {
  const every = cells.length === CONVERSATIONS.length * CONNECTIONS.length;
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as unknown[];
  const batch = conversation.slice(6, 11) as { id: string }[];
  const template = JSON.stringify(batch.map((event) => ({ ...event, id: `${event.id.slice(0, -12)}\u0000` }))).split('\\u0000');
  const rows: ServeRow[] = [];
  const once = async (server: string, url: string) => {
    for (const connections of CONNECTIONS)
      rows.push({ server, conversations: 1, connections, ...(await load(url, template, 1, connections, seconds)) });
  };

  const bare = createServer(bareHandler);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const servers: [string, string][] = [[BARE, `http://127.0.0.1:${(bare.address() as AddressInfo).port}/events`]];

  const dir = mkdtempSync(join(tmpdir(), 'agentwire-bench-serve-'));
  const database = stores.includes('postgres') ? await postgres() : undefined;
  const own = database ? await benchDatabase(database.url) : undefined;
  const running: ChildProcess[] = [];
  try {
    if (every) {
      const unbatched = await startServe(['--data', join(dir, 'unbatched')], { AGENTWIRE_GROUP_COMMIT: 'off' });
      running.push(unbatched.child);
      await once('`agentwire serve`, file store, one fsync per batch (`AGENTWIRE_GROUP_COMMIT=off`)', unbatched.url);
      await stop(unbatched.child);
    }

    const file = await startServe(['--data', join(dir, 'data')], {});
    running.push(file.child);
    servers.push([FILE_STORE, file.url]);
    if (own) {
      const served = await startServe(['--store', own.url], {});
      running.push(served.child);
      servers.push([POSTGRES, served.url]);
    }
    const samples = new Map<string, { rps: number[]; p99: number[] }>();
    for (let round = 0; round < rounds; round++)
      for (const { conversations, connections } of cells)
        for (const [server, url] of servers) {
          const key = JSON.stringify([server, conversations, connections]);
          const sample = await load(url, template, conversations, connections, seconds);
          const cell = samples.get(key) ?? { rps: [], p99: [] };
          cell.rps.push(sample.rps);
          cell.p99.push(sample.p99);
          samples.set(key, cell);
        }
    for (const [key, cell] of samples) {
      const [server, conversations, connections] = JSON.parse(key) as [string, number, number];
      rows.push({ server, conversations, connections, rps: median(cell.rps), p99: median(cell.p99) });
    }
  } finally {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) await stop(child);
    bare.closeAllConnections();
    bare.close();
    rmSync(dir, { recursive: true, force: true });
    await own?.drop();
    await database?.close();
  }
  return rows;
}

/** The report's section: every row beside the bare server at the same number of connections, and PostgreSQL beside the file store. */
export function serveReport(rows: ServeRow[], rounds: number): string[] {
  const bareOf = (row: ServeRow) =>
    rows.find((other) => other.server === BARE && other.conversations === row.conversations && other.connections === row.connections)
      ?.rps ?? row.rps;
  const fileOf = (row: ServeRow) =>
    rows.find((other) => other.server === FILE_STORE && other.conversations === row.conversations && other.connections === row.connections);
  return [
    '## `agentwire serve` (5-event batches with fresh ids over loopback, autocannon, the built executable)',
    '',
    'Every request stores five new events and is answered only once they are durable (file store:',
    'written and `fsync`ed; PostgreSQL: committed). The bare server only parses the body. The requests go',
    'round-robin to 1, 10 or 100 conversations. Group commit lets the batches that wait share one commit:',
    "the file store groups a conversation's batches into one write and one `fsync`; PostgreSQL groups",
    'the batches of every conversation that wait into one transaction. The bare server, the file store',
    `and PostgreSQL take turns cell by cell; each figure is the median of ${rounds} rounds.`,
    '',
    '| server | conversations | connections | requests/s | p99 ms | ratio to bare | ratio to the file store (target ≥ 0.5) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const file = row.server === POSTGRES ? fileOf(row) : undefined;
      return `| ${row.server} | ${row.conversations} | ${row.connections} | ${format(row.rps)} | ${row.p99.toFixed(0)} | ${(row.rps / bareOf(row)).toFixed(2)} | ${file ? (row.rps / file.rps).toFixed(2) : ''} |`;
    }),
    '',
  ];
}
