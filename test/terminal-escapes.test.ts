/**
 * Terminal escapes in events never reach a terminal: events whose every shown field holds OSC 52,
 * OSC 0, CSI 2J, an 8-bit CSI, BEL, NUL, DEL, a carriage return and bidirectional overrides go
 * through the built `agentwire serve` into a data folder, then through every command that shows
 * them (`serve`'s own lines, `conversations`, `events list`, `events tail`, `events validate`,
 * text and JSON), run as child processes. No raw control character comes out; the text is there,
 * escaped, and JSON output still holds the exact values.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, KEY, killAll, post, startServe } from './faults/serve-process';
import { CLI, requireBuild } from './helpers/built';
import { ESCAPES, HOSTILE, HOSTILE_TIMESTAMP, hostileTerminalEvents, rawControls } from './helpers/terminal-escapes';

const base = mkdtempSync(join(tmpdir(), 'agentwire-escapes-'));
beforeAll(requireBuild);
afterEach(killAll);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** What a command printed, with nothing raw in it. */
function expectClean(name: string, output: { stdout: string; stderr: string }): void {
  expect(rawControls(output.stdout), `${name}: standard output`).toEqual([]);
  expect(rawControls(output.stderr), `${name}: standard error`).toEqual([]);
}

/** `events tail` until it printed `lines` lines, then SIGTERM. */
async function tailLines(args: string[], lines: number): Promise<{ stdout: string; stderr: string; code: number | null }> {
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
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`events tail printed:\n${stdout}\n${stderr}`)), 60_000);
    const poll = setInterval(() => {
      if (stdout.split('\n').length <= lines) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    }, 10);
  });
  child.kill('SIGTERM');
  return { stdout, stderr, code: await exited };
}

describe('terminal escapes in events', () => {
  it('are shown as escapes by serve, conversations, events list and events tail, and kept exact in their JSON', async () => {
    const dir = join(base, 'data');
    const served = await startServe(dir, ['--api-key', KEY]);
    const conversation = randomUUID();
    const events = hostileTerminalEvents();
    expect((await post(served.url, conversation, events)).status).toBe(200);
    // A batch refused for its kind: the reason quotes the kind.
    expect((await post(served.url, conversation, [{ kind: `Nope${ESCAPES.title}${ESCAPES.rlo}` }])).status).toBe(422);

    // Text: one line per event (or conversation), the hostile text escaped, never obeyed.
    const conversations = cli(['conversations', '--data', dir]);
    expect(conversations.status).toBe(0);
    expectClean('conversations', conversations);
    expect(conversations.stdout).toContain('2025-01-02T03:04:05.000000\\u001b]52;c;cm0gLXJmIH4K\\u0007');

    const list = cli(['events', 'list', conversation, '--data', dir]);
    expect(list.status).toBe(0);
    expectClean('events list', list);
    expect(list.stdout.trimEnd().split('\n')).toHaveLength(events.length);
    expect(list.stdout).toContain(
      'user: \\u001b]52;c;cm0gLXJmIH4K\\u0007 \\u001b]0;pwned title\\u0007 \\u001b[2J\\u001b[H \\u009b2J \\u0007 \\u0000 \\u007f safe EVIL',
    );
    expect(list.stdout).toContain('txt.\\u202eexe');
    expect(list.stdout).toContain('Boom\\u001b]52;c;cm0gLXJmIH4K\\u0007');

    const cursors = cli(['events', 'list', conversation, '--data', dir, '--json', '--cursors']);
    expectClean('events list --json --cursors', cursors);
    const first = (JSON.parse(cursors.stdout) as { cursor: string }[])[0]?.cursor as string;
    const tail = await tailLines([conversation, '--data', dir, '--after', first], events.length - 1);
    expect(tail.code).toBe(0);
    expectClean('events tail', tail);
    expect(tail.stdout).toContain('terminal\\u001b]0;pwned title\\u0007txt.\\u202eexe');

    // JSON: the same values, the control characters written as \u escapes.
    const listJson = cli(['events', 'list', conversation, '--data', dir, '--json']);
    expectClean('events list --json', listJson);
    const stored = JSON.parse(listJson.stdout) as Record<string, unknown>[];
    expect(stored.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(stored[3]).toMatchObject({ code: `Boom${ESCAPES.clipboard}`, detail: HOSTILE, timestamp: HOSTILE_TIMESTAMP });

    const conversationsJson = cli(['conversations', '--data', dir, '--json']);
    expectClean('conversations --json', conversationsJson);
    expect(JSON.parse(conversationsJson.stdout)).toEqual([
      { id: conversation, events: events.length, first: HOSTILE_TIMESTAMP, last: HOSTILE_TIMESTAMP, lastKind: 'MessageEvent' },
    ]);

    const tailJson = await tailLines([conversation, '--data', dir, '--after', first, '--json'], events.length - 1);
    expectClean('events tail --json', tailJson);
    const tailed = tailJson.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { event: Record<string, unknown> }).event);
    expect(tailed.map((event) => event.id)).toEqual(stored.slice(1).map((event) => event.id));
    expect(tailed[0]).toMatchObject({
      tool_name: `terminal${ESCAPES.title}${ESCAPES.rlo}`,
      summary: HOSTILE,
      timestamp: HOSTILE_TIMESTAMP,
    });

    // serve's own lines: the events it received, the field it kept, the batch it refused.
    const exited = served.exited;
    served.child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    const serveOutput = { stdout: served.stdout(), stderr: served.stderr() };
    expectClean('serve', serveOutput);
    expect(serveOutput.stdout).toContain(`${conversation}  MessageEvent`);
    expect(serveOutput.stdout).toContain('user: \\u001b]52;c;cm0gLXJmIH4K\\u0007');
    expect(serveOutput.stderr).toContain('MessageEvent.extra\\u001b[2J\\u001b[Hsafe\\rEVIL');
    expect(serveOutput.stderr).toContain('\\u202eexe\\u0007 of ');
    expect(serveOutput.stderr).toContain("Unknown kind 'Nope\\u001b]0;pwned title\\u0007txt.\\u202eexe'");
  }, 120_000);

  it('are shown as escapes by events validate, and kept exact in its JSON report', () => {
    const events = hostileTerminalEvents();
    const lines = [
      ...events,
      { kind: `Nope${ESCAPES.title}`, [`key${ESCAPES.rlo}`]: 1 },
      { ...events[3], [`bad${ESCAPES.clear}`]: HOSTILE },
    ];
    const file = join(base, 'hostile.jsonl');
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);

    const text = cli(['events', 'validate', file]);
    expect(text.status).toBe(1);
    expectClean('events validate', text);
    expect(text.stdout).toContain('event 5 (line 6, Nope\\u001b]0;pwned title\\u0007): 1 error');
    expect(text.stdout).toContain('bad\\u001b[2J\\u001b[H: Extra inputs are not permitted');
    expect(text.stdout).toContain('extra\\u001b[2J\\u001b[Hsafe\\rEVIL: Extra inputs are not permitted');
    expect(text.stdout).toContain('7 events, 4 valid, 3 invalid');

    const json = cli(['events', 'validate', file, '--format', 'json']);
    expectClean('events validate --format json', json);
    const report = JSON.parse(json.stdout) as { events: { kind: string | null; errors: { loc: unknown[] }[] }[] };
    expect(report.events[5]?.kind).toBe(`Nope${ESCAPES.title}`);
    expect(report.events[6]?.errors[0]?.loc).toEqual([`bad${ESCAPES.clear}`]);
  });
});
