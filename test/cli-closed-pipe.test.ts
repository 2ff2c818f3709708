/**
 * Every command ends quietly when the reader of its output goes away (`… | head`): no
 * `Unhandled 'error' event`, no stack trace, its own exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, requireBuild } from './helpers/built';

const conversation = randomUUID();
let dir: string;

/** Appends `count` events of about 150 bytes each through the built file store. */
function fill(count: number): void {
  const store = pathToFileURL(join(ROOT, 'dist/stores/file.js')).href;
  const script = `
    const { createFileStore } = await import(${JSON.stringify(store)});
    const { randomUUID } = await import('node:crypto');
    const store = await createFileStore({ dir: ${JSON.stringify(dir)} });
    const batch = Array.from({ length: ${count} }, (_, i) => ({ kind: 'MessageEvent', id: randomUUID(), source: 'user',
      timestamp: '2026-01-01T00:00:00', llm_message: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(100) + i }] } }));
    await store.append(${JSON.stringify(conversation)}, batch);
    await store.close();`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

/** Starts `agentwire <args> | head -c 1` in bash; resolves to the CLI's exit code and its standard error. */
function piped(args: string[], onStarted?: () => void): Promise<{ code: number; stderr: string }> {
  const quoted = [process.execPath, CLI, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const errFile = join(dir, `stderr-${randomUUID()}.txt`);
  writeFileSync(errFile, '');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${quoted} 2>"$ERR_FILE" | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"`], {
      env: { ...process.env, NO_COLOR: '1', ERR_FILE: errFile },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const poll = onStarted
      ? setInterval(() => {
          if (!readFileSync(errFile, 'utf8').includes('watching')) return;
          clearInterval(poll);
          onStarted();
        }, 50)
      : undefined;
    child.on('error', reject);
    child.on('close', () => {
      clearInterval(poll);
      resolve({ code: Number(out.trim()), stderr: readFileSync(errFile, 'utf8') });
    });
  });
}

beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'agentwire-pipe-'));
  // Far more than a pipe holds (64 KiB), so the writer meets the closed pipe.
  fill(5000);
});

describe('a closed pipe', () => {
  it.each([
    ['events list', ['events', 'list', '--data', '<dir>', '<id>']],
    ['events list --json', ['events', 'list', '--data', '<dir>', '<id>', '--json']],
    ['events list --json --cursors', ['events', 'list', '--data', '<dir>', '<id>', '--json', '--cursors']],
    ['conversations', ['conversations', '--data', '<dir>']],
    ['--help', ['--help']],
  ])('%s exits quietly with its own code', async (_name, template) => {
    const args = template.map((word) => (word === '<dir>' ? dir : word === '<id>' ? conversation : word));
    const { code, stderr } = await piped(args);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*main\.js/);
    expect(code).toBe(0);
  });

  it('stops events tail, which would otherwise watch forever', async () => {
    const { code, stderr } = await piped(['events', 'tail', conversation, '--data', dir], () => fill(5000));
    expect(stderr).toContain('watching');
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*main\.js/);
    expect(code).toBe(0);
  });
});
