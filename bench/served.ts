/**
 * `agentwire serve` from dist/ and raw connections to it, for the benchmarks that time its
 * deadlines and its answers to hostile requests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SERVED_KEY = 'bench-key';

/** A running server. */
export interface Served {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:PORT/api/v1/webhooks`. */
  url: string;
  /** Resolves with `performance.now()` when the process exits. */
  exited: Promise<number>;
  /** SIGTERM, then removes its data folder once it exited. */
  stop(): Promise<void>;
}

/** Starts `agentwire serve --port 0` on a fresh data folder with the options given. */
export function startServed(args: string[] = []): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-bench-served-'));
  const child = spawn(
    process.execPath,
    ['dist/cli/main.js', 'serve', '--port', '0', '--data', join(dir, 'data'), '--api-key', SERVED_KEY, '--quiet', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(performance.now())));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /webhook URL\s+(\S+)/.exec(output)?.[1];
      if (url) resolve({ child, port: Number(/:(\d+)\//.exec(url)?.[1]), url, exited, stop });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    exited.then(() => reject(new Error(`agentwire serve exited:\n${output}`)));
  });
}

/** A raw connection: resolves once connected, with a promise of `performance.now()` when the server closes it. */
export function rawConnection(port: number): Promise<{ socket: Socket; closed: Promise<number>; answered: Promise<number> }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
      const answered = new Promise<number>((done) => socket.once('data', () => done(performance.now())));
      resolve({ socket, closed, answered });
    });
    socket.on('error', () => undefined);
  });
}

/** A `MessageEvent` the service would send, with a fresh id. */
export const messageEvent = (text: string) => ({
  kind: 'MessageEvent',
  id: crypto.randomUUID(),
  source: 'user',
  llm_message: { role: 'user', content: [{ type: 'text', text }] },
});

export const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
