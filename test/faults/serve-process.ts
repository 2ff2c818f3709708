/**
 * Running the built `agentwire serve` for the fault tests: start it, wait for its banner, post to
 * it, read what it stored, and check its files.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CLI } from '../helpers/built';

export const KEY = 'serve-fault-key';
const running: ChildProcess[] = [];

/** Kills every server a test left running. */
export function killAll(): void {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A started server. */
export interface Served {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT/api/v1/webhooks`. */
  url: string;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts `agentwire serve --port 0 --data dir …`; resolves once it printed its webhook URL (or rejects with its output when it exits first). */
export function startServe(dir: string, args: string[] = ['--api-key', KEY, '--quiet'], env: Record<string, string> = {}): Promise<Served> {
  return startServeWith(['--data', dir, ...args], env);
}

/** Starts `agentwire serve --port 0 …` with the arguments given (`--store …` instead of `--data`, say). */
export function startServeWith(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stdout}\n${stderr}`)), 60_000);
    const poll = setInterval(() => {
      const match = /webhook URL\s+(\S+)/.exec(stdout);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        const url = match[1] as string;
        resolve({ child, url, port: Number(/:(\d+)\//.exec(url)?.[1]), stdout: () => stdout, stderr: () => stderr, exited });
      }
    }, 10);
    exited.then(({ code }) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(Object.assign(new Error(`serve exited with ${code}:\n${stdout}\n${stderr}`), { code, stdout, stderr }));
    });
  });
}

/** A valid user message with a fresh id; `size` pads its text. */
export function message(text: string, size = 0) {
  return {
    kind: 'MessageEvent',
    id: randomUUID(),
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text: size > 0 ? text + 'x'.repeat(size) : text }] },
  };
}

/** POSTs a batch to a conversation with the test key. */
export function post(url: string, conversation: string, batch: unknown[] | string, key = KEY, signal?: AbortSignal): Promise<Response> {
  return fetch(`${url}/events/${conversation}`, {
    method: 'POST',
    ...(signal ? { signal } : {}),
    headers: { 'content-type': 'application/json', 'x-session-api-key': key },
    body: typeof batch === 'string' ? batch : JSON.stringify(batch),
  });
}

/** Runs the built CLI (with room for large outputs). */
export function cli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
}

/** The ids `events list --json` gives for a conversation. */
export function storedIds(dir: string, conversation: string): string[] {
  const run = cli(['events', 'list', conversation, '--data', dir, '--json']);
  expect(run.stderr.replace(/^no events stored.*\n/, '')).toBe('');
  expect(run.status).toBe(0);
  return (JSON.parse(run.stdout) as { id: string }[]).map((event) => event.id);
}

/**
 * Checks every conversation file of a folder: each complete line is JSON. With `allowTornTail`,
 * bytes after the last newline are tolerated (a crash just happened); otherwise there are none.
 */
export function checkJsonLines(dir: string, allowTornTail: boolean): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.jsonl'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    if (!allowTornTail) expect(end, `${name} ends with a torn tail`).toBe(text.length);
    for (const line of text.slice(0, end).split('\n').slice(0, -1))
      expect(() => JSON.parse(line), `a damaged line in ${name}`).not.toThrow();
  }
}
