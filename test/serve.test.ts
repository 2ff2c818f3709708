import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, node, requireBuild } from './helpers/built';
import { messageEvent } from './helpers/events';

const KEY = 'serve-test-key';
const children: ChildProcess[] = [];

beforeAll(requireBuild);
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts `agentwire serve` on a free port and resolves once it prints its URL. */
function startServe(dir: string, extra: string[] = []): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', dir, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      const match = /webhook URL\s+(\S+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, output: () => output });
      }
    }, 20);
  });
}

const message = messageEvent;

const post = (url: string, conversation: string, batch: unknown[]) =>
  fetch(`${url}/events/${conversation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': KEY },
    body: JSON.stringify(batch),
  });

function storedIds(dir: string, conversation: string): string[] {
  const run = node([CLI, 'events', 'list', conversation, '--data', dir, '--json']);
  expect(run.status).toBe(0);
  return (JSON.parse(run.stdout) as { id: string }[]).map((event) => event.id);
}

describe('agentwire serve', () => {
  it('keeps every acknowledged event exactly once across a SIGKILL and a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-serve-'));
    const conversation = randomUUID();
    const first = await startServe(dir, ['--api-key', KEY, '--quiet']);
    const acknowledged: string[] = [];
    const batches = Array.from({ length: 60 }, (_, b) => Array.from({ length: 5 }, (_, i) => message(`batch ${b} event ${i}`)));
    let killed = false;
    // Posts run in parallel; the server is killed after the 20th acknowledgement, mid-run.
    await Promise.all(
      batches.map(async (batch, b) => {
        await new Promise((wait) => setTimeout(wait, b * 3));
        try {
          const response = await post(first.url, conversation, batch);
          if (response.status === 200) acknowledged.push(...batch.map((event) => event.id));
          if (acknowledged.length >= 100 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch {
          // Refused or reset by the killed server: not acknowledged, the sender would retry.
        }
      }),
    );
    expect(killed).toBe(true);
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((resolve) => first.child.once('exit', resolve));

    const stored = storedIds(dir, conversation);
    for (const id of acknowledged) expect(stored).toContain(id);
    expect(new Set(stored).size).toBe(stored.length);

    // The sender retries everything after the restart: nothing is doubled, nothing is missing.
    const second = await startServe(dir, ['--api-key', KEY, '--quiet']);
    for (const batch of batches) expect((await post(second.url, conversation, batch)).status).toBe(200);
    const all = storedIds(dir, conversation);
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
  }, 60_000);

  it('prints the URL, a generated key, one line per event and a summary on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-serve-'));
    const server = await startServe(dir);
    const key = /API key\s+(\S+)\s+\(generated/.exec(server.output())?.[1] as string;
    expect(key.length).toBeGreaterThanOrEqual(24);
    const conversation = randomUUID();
    const response = await fetch(`${server.url}/events/${conversation.replaceAll('-', '')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': key },
      body: JSON.stringify([
        message('hello from the service'),
        { kind: 'ConversationErrorEvent', source: 'environment', code: 'Boom', detail: 'it broke' },
      ]),
    });
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const output = server.output();
    expect(output).toContain(`  ${conversation}  MessageEvent`);
    expect(output).toContain('user: hello from the service');
    expect(output).toContain('Boom: it broke');
    expect(output).toContain('Received 2 events in 1 conversation;');
    const list = node([CLI, 'events', 'list', conversation, '--data', dir, '--kind', 'ConversationErrorEvent']);
    expect(list.stdout).toContain('ConversationErrorEvent');
    expect(list.stdout).not.toContain('MessageEvent');
  });

  it('rejects bad usage with exit 2', () => {
    expect(node([CLI, 'serve', '--port', 'x']).status).toBe(2);
    expect(node([CLI, 'events', 'list', 'not-a-uuid']).status).toBe(2);
    expect(node([CLI, 'events', 'list', randomUUID(), '--kind', 'Nope']).status).toBe(2);
  });
});
