/**
 * What `agentwire serve` and the reading commands tell their user: refused requests, the key and
 * where it is kept, a URL a hosted service can reach, whole conversation ids, damaged lines, and a
 * failing fsync seen end to end.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../helpers/built';
import { needing } from '../helpers/components';
import { cli, KEY, killAll, message, post, startServe, storedIds } from './serve-process';
import { removeTempFolders, tempFolder } from './temp';

beforeAll(requireBuild);
afterEach(killAll);
afterAll(removeTempFolders);

const folder = () => join(tempFolder('agentwire-serve-console-'), 'data');
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
/** Resolves once `done()` holds: the server writes its lines after it answers, on another pipe. */
const until = async (done: () => boolean) => {
  while (!done()) await sleep(10);
};

describe('refused requests', () => {
  it('each gets one line on standard error, and the summary counts them by status', async () => {
    const served = await startServe(folder());
    const id = randomUUID();
    const base = served.url.replace('/api/v1/webhooks', '');
    expect((await post(served.url, id, [message('x')], 'wrong-key')).status).toBe(401);
    expect((await fetch(`${served.url}/events/${id}`, { method: 'POST', body: '[]' })).status).toBe(401);
    expect((await fetch(`${base}/somewhere/else`, { method: 'POST', body: '[]' })).status).toBe(404);
    expect((await fetch(`${served.url}/events/${id}`)).status).toBe(405);
    expect((await post(served.url, id, '[{"kind":"MessageEvent","source":"user"}]')).status).toBe(422);
    expect((await post(served.url, id, [message('fine')])).status).toBe(200);
    await until(() => served.stderr().includes('refused 422'));
    const lines = served.stderr().trimEnd().split('\n');
    expect(lines.map((line) => line.slice(10))).toEqual([
      `refused 401 POST /api/v1/webhooks/events/${id}: Invalid session API key`,
      `refused 401 POST /api/v1/webhooks/events/${id}: X-Session-API-Key header is required`,
      'refused 404 POST /somewhere/else: Not Found',
      `refused 405 GET /api/v1/webhooks/events/${id}: Method Not Allowed`,
      `refused 422 POST /api/v1/webhooks/events/${id}: body.0.llm_message: Field required [missing]`,
    ]);
    served.child.kill('SIGTERM');
    await served.exited;
    expect(served.stdout()).toContain('Received 1 event in 1 conversation; refused 5 requests (401: 2, 404: 1, 405: 1, 422: 1)');
  });
});

describe('the API key', () => {
  it('a generated key is kept in the data folder (0600) and used again after a restart', async () => {
    const dir = folder();
    const first = await startServe(dir, ['--quiet']);
    const key = /API key\s+(\S+)\s+\(generated and kept in (\S+);/.exec(first.stdout());
    expect(key?.[2]).toBe(join(dir, 'api-key'));
    expect(statSync(join(dir, 'api-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'api-key'), 'utf8')).toBe(`${key?.[1]}\n`);
    first.child.kill('SIGTERM');
    await first.exited;
    const second = await startServe(dir, ['--quiet']);
    expect(second.stdout()).toContain(`API key      ${key?.[1]}   (kept in ${join(dir, 'api-key')};`);
    expect((await post(second.url, randomUUID(), [message('x')], key?.[1])).status).toBe(200);
  });

  it('comes from --api-key-file or AGENTWIRE_API_KEY instead of the command line', async () => {
    const dir = folder();
    const keyFile = join(tempFolder('agentwire-key-'), 'key');
    writeFileSync(keyFile, 'from-a-file\n');
    const fromFile = await startServe(dir, ['--quiet', '--api-key-file', keyFile]);
    expect(fromFile.stdout()).toContain(`API key      (read from ${keyFile})`);
    expect(fromFile.stdout()).not.toContain('from-a-file');
    expect((await post(fromFile.url, randomUUID(), [message('x')], 'from-a-file')).status).toBe(200);
    fromFile.child.kill('SIGTERM');
    await fromFile.exited;
    const fromEnv = await startServe(dir, ['--quiet'], { AGENTWIRE_API_KEY: 'from-the-environment' });
    expect(fromEnv.stdout()).toContain('API key      (from AGENTWIRE_API_KEY)');
    expect((await post(fromEnv.url, randomUUID(), [message('x')], 'from-the-environment')).status).toBe(200);
    expect(existsSync(join(dir, 'api-key'))).toBe(false);
    fromEnv.child.kill('SIGTERM');
    await fromEnv.exited;
    const missing = await startServe(dir, ['--api-key-file', join(dir, 'nope')]).catch((error: { code: number; stderr: string }) => error);
    expect((missing as { code: number }).code).toBe(2);
    expect((missing as { stderr: string }).stderr).toContain('cannot read --api-key-file');
  });
});

describe('the banner', () => {
  it('gives the whole URL (brackets for IPv6) and, on a loopback address, how to be reachable', async () => {
    const loopback = await startServe(folder(), ['--api-key', KEY, '--quiet', '--host', '::1']);
    expect(loopback.stdout()).toContain(`listening on http://[::1]:${loopback.port}\n`);
    expect(loopback.stdout()).toContain(`webhook URL  http://[::1]:${loopback.port}/api/v1/webhooks `);
    expect(loopback.stdout()).toContain('for a hosted service, listen with --host 0.0.0.0 or put a tunnel in front');
    expect((await post(loopback.url, randomUUID(), [message('over IPv6')])).status).toBe(200);
    const open = await startServe(folder(), ['--api-key', KEY, '--quiet', '--host', '0.0.0.0']);
    expect(open.stdout()).toContain(`listening on http://0.0.0.0:${open.port}\n`);
    expect(open.stdout()).not.toContain('tunnel');
  });
});

describe('conversation ids and the reading commands', () => {
  it('whole ids in every line, unique prefixes, a conversations listing, a missing folder, damaged lines', async () => {
    const dir = folder();
    const served = await startServe(dir, ['--api-key', KEY]);
    const first = `abcd1234${randomUUID().slice(8)}`;
    const second = `abcd5678${randomUUID().slice(8)}`;
    const early = { ...message('first words'), timestamp: '2026-06-16T05:39:18.809928' };
    const late = { ...message('last words'), timestamp: '2026-06-16T07:00:01' };
    expect((await post(served.url, first.replaceAll('-', ''), [early, late])).status).toBe(200);
    expect((await post(served.url, second, [{ ...message('other'), timestamp: '2026-06-17T00:00:00' }])).status).toBe(200);
    await until(() => served.stdout().includes(`  ${first}  MessageEvent`));
    served.child.kill('SIGTERM');
    await served.exited;

    const byPrefix = cli(['events', 'list', 'ABCD-12', '--data', dir]);
    expect(byPrefix.status).toBe(0);
    expect(byPrefix.stdout).toBe(
      `05:39:18  ${'MessageEvent'.padEnd(28)}  user: first words\n07:00:01  ${'MessageEvent'.padEnd(28)}  user: last words\n`,
    );
    const ambiguous = cli(['events', 'list', 'abcd', '--data', dir]);
    expect(ambiguous.status).toBe(2);
    expect(ambiguous.stderr).toContain(`abcd starts 2 stored conversations (${first}, ${second}): give more of the id`);
    expect(cli(['events', 'list', 'ffff', '--data', dir]).status).toBe(2);
    expect(cli(['events', 'list', 'xyz', '--data', dir]).stderr).toContain('not a conversation id (a UUID) or the start of one');

    const listing = cli(['conversations', '--data', dir]);
    expect(listing.status).toBe(0);
    expect(listing.stdout.split('\n')).toEqual([
      `${'CONVERSATION'.padEnd(36)}  EVENTS  ${'FIRST'.padEnd(26)}  ${'LAST'.padEnd(26)}  LAST KIND`,
      `${second}       1  ${'2026-06-17T00:00:00'.padEnd(26)}  ${'2026-06-17T00:00:00'.padEnd(26)}  MessageEvent`,
      `${first}       2  2026-06-16T05:39:18.809928  ${'2026-06-16T07:00:01'.padEnd(26)}  MessageEvent`,
      '',
    ]);
    expect(JSON.parse(cli(['conversations', '--data', dir, '--json']).stdout)).toEqual([
      { id: second, events: 1, first: '2026-06-17T00:00:00', last: '2026-06-17T00:00:00', lastKind: 'MessageEvent' },
      { id: first, events: 2, first: '2026-06-16T05:39:18.809928', last: '2026-06-16T07:00:01', lastKind: 'MessageEvent' },
    ]);

    for (const command of [['events', 'list', first], ['conversations']]) {
      const missing = cli([...command, '--data', join(dir, 'nope')]);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain(`the data folder ${join(dir, 'nope')} does not exist`);
    }

    // Lines written by hand or by another tool, without the fields a summary reads.
    appendFileSync(
      join(dir, `${first}.jsonl`),
      '{"id":"no-kind"}\n{"kind":"MessageEvent","id":"no-message"}\n{"kind":"ActionEvent","id":"a1","action":{}}\n[1,2]\n',
    );
    const damaged = cli(['events', 'list', first, '--data', dir]);
    expect(damaged.status).toBe(0);
    expect(damaged.stdout.split('\n').slice(2)).toEqual(['--:--:--  (no kind)', '--:--:--  MessageEvent', '--:--:--  ActionEvent', '']);
    expect(cli(['conversations', '--data', dir]).stdout).toContain(`${first}       5  `);
  }, 60_000);
});

describe('an fsync that fails, end to end', () => {
  const shim = join(tempFolder('agentwire-fsync-shim-'), 'fail-fsync.so');
  const source = `
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* Fails fsync on .jsonl files while the counter file named by FAIL_FSYNC_COUNTER is above zero,
   and notes each fsync of a .jsonl file that goes through in the file named by FSYNC_LOG. */
static int is_jsonl(int fd) {
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 6) return 0;
  path[n] = 0;
  return strcmp(path + n - 6, ".jsonl") == 0;
}
static int should_fail(int fd) {
  const char *counter = getenv("FAIL_FSYNC_COUNTER");
  if (!counter || !is_jsonl(fd)) return 0;
  FILE *f = fopen(counter, "r+");
  if (!f) return 0;
  int left = 0;
  if (fscanf(f, "%d", &left) != 1) left = 0;
  if (left > 0) { rewind(f); fprintf(f, "%d\\n", left - 1); }
  fclose(f);
  return left > 0;
}
static void note(int fd) {
  const char *log = getenv("FSYNC_LOG");
  if (!log || !is_jsonl(fd)) return;
  FILE *f = fopen(log, "a");
  if (f) { fputs("synced\\n", f); fclose(f); }
}
int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  if (should_fail(fd)) { errno = EIO; return -1; }
  int result = real(fd);
  if (result == 0) note(fd);
  return result;
}
int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  if (should_fail(fd)) { errno = EIO; return -1; }
  int result = real(fd);
  if (result == 0) note(fd);
  return result;
}
`;
  const built =
    process.platform === 'linux' &&
    spawnSync('cc', ['-shared', '-fPIC', '-o', shim, '-x', 'c', '-', '-ldl'], { input: source, encoding: 'utf8' }).status === 0;

  const title = needing(
    'c-compiler',
    built ? undefined : 'an fsync shim is built with cc (and LD_PRELOAD needs Linux)',
    'answers 500, then writes and syncs the retried batch before acknowledging it, once',
  );
  it.skipIf(!built)(title, async () => {
    const dir = folder();
    const faults = tempFolder('agentwire-fsync-faults-');
    const counter = join(faults, 'left');
    const log = join(faults, 'synced');
    writeFileSync(counter, '0\n');
    const synced = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0);
    const served = await startServe(dir, ['--api-key', KEY, '--quiet'], { LD_PRELOAD: shim, FAIL_FSYNC_COUNTER: counter, FSYNC_LOG: log });
    const conversation = randomUUID();
    const batch = [message('one'), message('two')];
    writeFileSync(counter, '1\n');
    const failed = await post(served.url, conversation, batch);
    expect(failed.status).toBe(500);
    expect(readFileSync(counter, 'utf8')).toBe('0\n');
    await until(() => served.stderr().includes(`a batch for ${conversation} was not stored`));
    expect(served.stderr()).toMatch(new RegExp(`a batch for ${conversation} was not stored: Error: EIO`));
    const before = synced();
    expect((await post(served.url, conversation, batch)).status).toBe(200);
    expect(synced()).toBe(before + 1); // the retry reached the disk: not acknowledged from the page cache
    served.child.kill('SIGTERM');
    await served.exited;
    expect(storedIds(dir, conversation)).toEqual(batch.map((event) => event.id));
  });
});
