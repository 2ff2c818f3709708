/**
 * `agentwire events tail` (the built executable) beside a running `agentwire serve`: it prints what
 * the receiver stores as it is stored, resumes from a cursor, and stops on SIGTERM; `--store`
 * without a database is a usage error.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, killAll, message, post, startServe } from '../faults/serve-process';
import { CLI, requireBuild } from '../helpers/built';

const base = mkdtempSync(join(tmpdir(), 'agentwire-tail-'));
beforeAll(requireBuild);
afterEach(killAll);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Starts `events tail`; `lines(n)` resolves once it printed `n` lines. */
function tail(args: string[]) {
  const child = spawn(process.execPath, [CLI, 'events', 'tail', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = (test: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`events tail printed:\n${stdout}\n${stderr}`)), 60_000);
      const poll = setInterval(() => {
        if (!test()) return;
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }, 10);
    });
  const printedLines = () => stdout.split('\n').length - 1;
  return {
    child,
    exited,
    printedLines,
    /** Whether a line is printed within `ms` (polling; a hang guard, not a measure). */
    printedWithin: (ms: number) =>
      new Promise<boolean>((resolve) => {
        const deadline = setTimeout(() => {
          clearInterval(poll);
          resolve(printedLines() > 0);
        }, ms);
        const poll = setInterval(() => {
          if (printedLines() === 0) return;
          clearInterval(poll);
          clearTimeout(deadline);
          resolve(true);
        }, 10);
      }),
    started: () => until(() => stderr.includes('watching')),
    lines: (n: number) => until(() => stdout.split('\n').length > n).then(() => stdout.split('\n').slice(0, n)),
  };
}

describe('agentwire events tail', () => {
  it('prints each event as the receiver stores it, resumes after a cursor, and exits 0 on SIGTERM', async () => {
    const dir = join(base, 'data');
    const served = await startServe(dir);
    const conversation = randomUUID();
    const first = [message('one'), message('two')];
    expect((await post(served.url, conversation, first)).status).toBe(200);

    const live = tail(['--data', dir, '--json']);
    await live.started();
    // "From now" is when the watch has read where each file ends, just after that line: a probe
    // event is posted until the tail prints one, and from then on it is surely live.
    let probes = 0;
    for (;;) {
      expect((await post(served.url, randomUUID(), [message(`probe ${probes}`)])).status).toBe(200);
      probes++;
      if (await live.printedWithin(1_000)) break;
    }
    const shown = live.printedLines();
    const second = [message('three'), message('four'), message('five')];
    expect((await post(served.url, conversation, second)).status).toBe(200);
    const printed = (await live.lines(shown + 3))
      .slice(shown)
      .map((line) => JSON.parse(line) as { conversation_id: string; cursor: string; event: { id: string } });
    expect(printed.map((line) => line.event.id)).toEqual(second.map((event) => event.id));
    expect(printed.every((line) => line.conversation_id === conversation)).toBe(true);
    live.child.kill('SIGTERM');
    expect(await live.exited).toBe(0);

    // From the cursor of "three": the two after it, then live.
    const resumed = tail([conversation.slice(0, 8), '--data', dir, '--json', '--after', (printed[0] as { cursor: string }).cursor]);
    const again = (await resumed.lines(2)).map((line) => (JSON.parse(line) as { event: { id: string } }).event.id);
    expect(again).toEqual(second.slice(1).map((event) => event.id));
    resumed.child.kill('SIGTERM');
    expect(await resumed.exited).toBe(0);
  }, 30_000);

  it('refuses --store postgres without DATABASE_URL, and a folder that does not exist', () => {
    const env = { DATABASE_URL: '' };
    const noDatabase = cli(['events', 'tail', '--store', 'postgres'], env);
    expect(noDatabase.status).toBe(2);
    expect(noDatabase.stderr).toContain('DATABASE_URL, which is not set');
    const missing = cli(['events', 'tail', '--data', join(base, 'nope')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('does not exist');
  });
});
