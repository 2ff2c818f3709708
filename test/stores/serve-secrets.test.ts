/**
 * The database password never reaches the screen: `agentwire serve` and the reading commands (the
 * built executable) on a PostgreSQL role of the test's own, its password in the URL's query, in
 * the user part, in PGPASSWORD or in --store-password-file; wrong passwords, a server that does
 * not answer and a URL that does not parse give usage errors that name the database without it.
 * Also the usage errors of a DATABASE_URL that is not PostgreSQL's and of a data folder that
 * cannot be one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/stores/postgres';
import { cli, KEY, killAll, message, post, startServeWith } from '../faults/serve-process';
import { requireBuild } from '../helpers/built';
import { freePort } from '../helpers/embedded-postgres';
import { databaseUrl, testPool } from './postgres';

const ROLE = `r_${randomBytes(5).toString('hex')}`;
/** A password with every character a URL must encode, and a marker no output has by chance. */
const SECRET = `Zq9-${randomBytes(6).toString('hex')}`;
const AWKWARD = `p@ss/w:rd%#?& ${randomBytes(4).toString('hex')}`;
let admin: pg.Pool;
let hostPort: string;
let dir: string;

/** The test role's URL on the test server, without a password. */
const roleUrl = (role = ROLE) => `postgres://${role}@${hostPort}/postgres`;

beforeAll(async () => {
  requireBuild();
  hostPort = new URL(await databaseUrl()).host;
  admin = await testPool(2);
  await admin.query(`CREATE ROLE ${ROLE} LOGIN SUPERUSER PASSWORD '${SECRET}'`);
  dir = mkdtempSync(join(tmpdir(), 'agentwire-secrets-'));
});
afterAll(async () => {
  await admin?.query(`DROP ROLE IF EXISTS ${ROLE}`).catch(() => undefined);
  await admin?.end();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
afterEach(killAll);

/** Starts serve, posts one event, stops it with SIGTERM; everything it printed. */
async function serveOnce(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ output: string; conversation: string; code: number | null }> {
  const served = await startServeWith([...args, '--api-key', KEY], env);
  const conversation = randomUUID();
  expect((await post(served.url, conversation, [message('hello')])).status).toBe(200);
  served.child.kill('SIGTERM');
  const { code } = await served.exited;
  return { output: served.stdout() + served.stderr(), conversation, code };
}

describe('agentwire serve --store with a password', () => {
  it('masks ?password= in the banner and the exit summary, and the store does not show it', async () => {
    const url = `${roleUrl()}?password=${SECRET}&application_name=agentwire-test`;
    const { output, code, conversation } = await serveOnce(['--store', url]);
    expect(code).toBe(0);
    expect(output).not.toContain(SECRET);
    expect(output).toContain(`store        ${roleUrl()}?password=***&application_name=agentwire-test`);
    expect(output).toContain(`stored in ${roleUrl()}?password=***`);
    const listed = cli(['events', 'list', conversation, '--store', url]);
    expect([listed.status, listed.stdout.includes(SECRET) || listed.stderr.includes(SECRET)]).toEqual([0, false]);
    const store = createPostgresStore({ connectionString: url });
    await store.ready();
    expect(inspect(store, { depth: 5, showHidden: true })).not.toContain(SECRET);
    await store.close();
  });

  it('masks the password of a wrong URL, of a server that does not answer and of a URL that does not parse', async () => {
    const wrong = cli(['conversations', '--store', `${roleUrl()}?pass%77ord=WRONG-${SECRET}`]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain(`cannot use the database ${roleUrl()}?password=***:`);
    expect(wrong.stderr).toContain('password authentication failed');
    const wrongUser = cli(['events', 'list', randomUUID(), '--store', `postgres://${ROLE}:WRONG-${SECRET}@${hostPort}/postgres`]);
    expect(wrongUser.stderr).toContain(`cannot use the database postgres://${ROLE}:***@${hostPort}/postgres:`);
    const port = await freePort();
    const away = cli(['conversations', '--store', `postgres://u@127.0.0.1:${port}/db?sslpassword=K-${SECRET}&password=${SECRET}`]);
    expect(away.status).toBe(2);
    expect(away.stderr).toContain(`cannot use the database postgres://u@127.0.0.1:${port}/db?sslpassword=***&password=***:`);
    const unparsable = cli(['serve', '--api-key', KEY, '--store', `postgres://u:${SECRET}/x@127.0.0.1:${port}/db`]);
    expect(unparsable.status).toBe(2);
    expect(unparsable.stderr).toBe(
      'agentwire serve: --store is not a valid URL: postgres://… (percent-encode / ? # @ and % in the user name and password)\n',
    );
    for (const run of [wrong, wrongUser, away, unparsable]) {
      expect(run.stdout + run.stderr).not.toContain(SECRET);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('the database password outside the command line', () => {
  it('is read from PGPASSWORD when the URL has none', async () => {
    const { output, code } = await serveOnce(['--store', roleUrl()], { PGPASSWORD: SECRET });
    expect(code).toBe(0);
    expect(output).toContain(`store        ${roleUrl()}\n`);
    expect(output).not.toContain(SECRET);
  });

  it('is read from --store-password-file, any character of it, by serve and the reading commands', async () => {
    const awkwardRole = `${ROLE}_f`;
    await admin.query(`CREATE ROLE ${awkwardRole} LOGIN SUPERUSER PASSWORD '${AWKWARD.replaceAll("'", "''")}'`);
    try {
      const file = join(dir, 'password');
      writeFileSync(file, `${AWKWARD}\n`, { mode: 0o600 });
      const args = ['--store', roleUrl(awkwardRole), '--store-password-file', file];
      const { output, code, conversation } = await serveOnce(args, { PGPASSWORD: '' });
      expect(code).toBe(0);
      expect(output).toContain(`store        ${roleUrl(awkwardRole)}\n`);
      const listed = cli(['events', 'list', conversation, ...args, '--json']);
      expect(listed.stderr).toBe('');
      expect((JSON.parse(listed.stdout) as { kind: string }[]).map((event) => event.kind)).toEqual(['MessageEvent']);
      const twice = cli(['conversations', '--store', `${roleUrl(awkwardRole)}?password=x`, '--store-password-file', file]);
      expect([twice.status, twice.stderr]).toEqual([
        2,
        'agentwire conversations: --store already holds a password: give it there or in --store-password-file, not both\n',
      ]);
      const missing = cli(['conversations', '--store', roleUrl(awkwardRole), '--store-password-file', join(dir, 'none')]);
      expect([missing.status, missing.stderr]).toEqual([
        2,
        `agentwire conversations: cannot read --store-password-file ${join(dir, 'none')}: no such file\n`,
      ]);
    } finally {
      await admin.query(`DROP ROLE IF EXISTS ${awkwardRole}`);
    }
  });
});

describe('usage errors of the store options', () => {
  it('names DATABASE_URL as the source of a URL that is not PostgreSQL, without its password', () => {
    const run = cli(['conversations', '--store', 'postgres'], { DATABASE_URL: `mysql://u:${SECRET}@db.example/app` });
    expect([run.status, run.stderr]).toEqual([
      2,
      'agentwire conversations: DATABASE_URL (read for --store postgres) must be a postgres:// URL, not mysql://u:***@db.example/app\n',
    ]);
  });

  it('says what is wrong with a data folder that is a file, under a file, or where it cannot be made', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    // Not even root may make a folder in /sys (EPERM; EACCES for another user).
    const closed = '/sys/kernel/agentwire-data';
    const cases: [string[], string][] = [
      [['serve', '--data', file, '--api-key', KEY], `cannot use the data folder ${file}: it is a file, not a folder`],
      [
        ['serve', '--data', join(file, 'sub'), '--api-key', KEY],
        `cannot use the data folder ${join(file, 'sub')}: a part of its path is a file, not a folder`,
      ],
      [
        ['serve', '--data', closed, '--api-key', KEY],
        `cannot use the data folder ${closed}: permission denied (this user cannot create or write it)`,
      ],
      [['conversations', '--data', file], `the data folder ${file} is a file, not a folder`],
    ];
    for (const [args, said] of cases) {
      const run = cli(args);
      expect([run.status, run.stderr]).toEqual([2, `agentwire ${args[0]}: ${said}\n`]);
    }
  });
});
