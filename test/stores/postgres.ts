/**
 * PostgreSQL for the tests: the server's URL (`DATABASE_URL`, or the one the global setup starts
 * on demand), a pool, and fresh table names so each test has tables of its own.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

let url: Promise<string> | undefined;

/** The URL of the test server (started on the first call of the run). */
export function databaseUrl(): Promise<string> {
  url ??= (async () => {
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
    const answer = (await (await fetch(inject('postgresBroker'))).json()) as { url?: string; error?: string };
    if (!answer.url) throw new Error(`the test PostgreSQL server did not start: ${answer.error}`);
    return answer.url;
  })();
  return url;
}

/** A pool on the test server (end it in `afterAll`). */
export async function testPool(max = 10): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: await databaseUrl(), max });
  pool.on('error', () => undefined);
  return pool;
}

/** A table name no other test uses. */
export const freshTable = (): string => `t_${randomBytes(6).toString('hex')}`;
