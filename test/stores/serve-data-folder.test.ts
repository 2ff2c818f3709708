/**
 * `agentwire serve` and the readers on a data folder, end to end (the built executable): two
 * serve in two PID namespaces (two containers, each pid 1, one host name) on one folder, a serve
 * refused by a held lock, and entries named like conversation files that are not files.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, KEY, killAll, message, post, startServe } from '../faults/serve-process';
import { removeTempFolders, tempFolder } from '../faults/temp';
import { CLI, requireBuild } from '../helpers/built';

beforeAll(requireBuild);
afterAll(removeTempFolders);
const spawned: ChildProcess[] = [];
afterEach(() => {
  killAll();
  for (const child of spawned.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Whether `unshare` can give a process a PID namespace of its own here (root with util-linux). */
const unshareWorks = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

/** `agentwire serve --port 0 --data dir`, in a PID namespace of its own (as pid 1) when `unshare` works, else as a plain process. */
function serveIsolated(dir: string) {
  const args = [CLI, 'serve', '--port', '0', '--data', dir, '--api-key', KEY, '--quiet'];
  const child = unshareWorks
    ? spawn('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  /** Resolves with the webhook URL once it listens, or with its exit code and output when it exits first. */
  const outcome = new Promise<{ url: string } | { code: number | null; stderr: string }>((resolve) => {
    const poll = setInterval(() => {
      const match = /webhook URL\s+(\S+)/.exec(stdout);
      if (match) {
        clearInterval(poll);
        resolve({ url: match[1] as string });
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(poll);
      resolve({ code, stderr });
    });
  });
  return { child, outcome, stdout: () => stdout };
}

describe('two agentwire serve on one data folder', () => {
  it(`in two PID namespaces (each pid 1, one host name${unshareWorks ? '' : '; unshare is not permitted here: plain processes'}): the second refuses with a clear line, and each id is stored once`, async () => {
    const dir = tempFolder('agentwire-two-serve-');
    const [first, second] = [serveIsolated(dir), serveIsolated(dir)];
    const outcomes = await Promise.all([first.outcome, second.outcome]);
    const running = outcomes.filter((outcome) => 'url' in outcome) as { url: string }[];
    const refused = outcomes.filter((outcome) => 'code' in outcome) as { code: number | null; stderr: string }[];
    expect(running.length, JSON.stringify(outcomes)).toBe(1);
    expect(refused.length).toBe(1);
    const [{ code, stderr }] = refused as [{ code: number | null; stderr: string }];
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^agentwire serve: the data folder .* (is locked by pid 1 on host .* \(another PID namespace;|is in use by process \d+)/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    if (unshareWorks) expect(JSON.parse(readFileSync(join(dir, 'agentwire.lock'), 'utf8')).pid).toBe(1);

    // 500 ids in batches of 5 over 10 lanes at once, each batch delivered twice at the same moment (a sender's retry).
    const { url } = running[0] as { url: string };
    const conversation = randomUUID();
    const events = Array.from({ length: 500 }, (_, i) => message(`event ${i}`));
    const batches = Array.from({ length: 100 }, (_, b) => events.slice(b * 5, b * 5 + 5));
    const deliver = async (batch: unknown[]) => {
      const response = await post(url, conversation, batch);
      await response.arrayBuffer();
      return response.status;
    };
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, lane) => {
        for (let b = lane; b < batches.length; b += 10)
          statuses.push(...(await Promise.all([0, 1].map(() => deliver(batches[b] as unknown[])))));
      }),
    );
    expect(statuses.length).toBe(200);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const lines = readFileSync(join(dir, `${conversation}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    const ids = lines.map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids.length).toBe(500);
    expect(new Set(ids).size).toBe(500);
    expect(new Set(ids)).toEqual(new Set(events.map((event) => event.id)));
  }, 60_000);
});

describe('entries named like conversation files that are not files', () => {
  it('conversations and events list warn and exit 0, and serve starts and stores beside them', async () => {
    const dir = tempFolder('agentwire-odd-entries-');
    const odd = randomUUID();
    mkdirSync(join(dir, `${odd}.jsonl`), { recursive: true });
    const served = await startServe(dir);
    expect(served.stderr()).toContain(
      `agentwire serve: warning: ${join(dir, `${odd}.jsonl`)} is a folder, not a conversation file: skipped`,
    );
    const conversation = randomUUID();
    expect((await post(served.url, conversation, [message('beside it')])).status).toBe(200);
    served.child.kill('SIGTERM');
    await served.exited;
    const listed = cli(['conversations', '--data', dir]);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(conversation);
    expect(listed.stderr).toBe(
      `warning: ${join(dir, `${odd}.jsonl`)} is a folder, not a conversation file: skipped (the file store reads and writes regular files only)\n`,
    );
    const events = cli(['events', 'list', odd, '--data', dir]);
    expect(events.status, events.stderr).toBe(0);
    expect(events.stderr).toContain('is a folder, not a conversation file: skipped');
    expect(events.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir).sort()).toEqual([`${conversation}.jsonl`, `${odd}.jsonl`].sort());
  }, 60_000);
});
