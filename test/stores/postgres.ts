/**
 * PostgreSQL for the tests: the server's URL (`DATABASE_URL`, or the one the global setup starts
 * on demand), a pool, fresh table names so each test has tables of its own, and a pool whose
 * connections let a test watch or hold the statements a store sends.
 */
import { randomBytes } from 'node:crypto';
import type { PostgresClient, PostgresPool } from 'agentwire/stores/postgres';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

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

/**
 * A pool on the test server for the tests of one file: opened before them, ended after them,
 * with the tables `table()` named (and the store made) dropped first.
 */
export function filePool(max = 10): { readonly pool: pg.Pool; table(): string } {
  let pool: pg.Pool | undefined;
  const tables: string[] = [];
  beforeAll(async () => {
    pool = await testPool(max);
  });
  afterAll(async () => {
    if (!pool) return;
    for (const table of tables) await pool.query(`DROP TABLE IF EXISTS "${table}", "${table}_conversations"`);
    await pool.end();
  });
  return {
    get pool() {
      if (!pool) throw new Error('the test pool is opened in beforeAll: use it inside a test');
      return pool;
    },
    table() {
      const table = freshTable();
      tables.push(table);
      return table;
    },
  };
}

/**
 * The real pool, where each statement a connection sends goes first through `before` (with its
 * text), which may count it or hold it by returning a promise. Queries on the pool itself pass.
 */
export function interceptedPool(real: PostgresPool, before: (text: string) => void | Promise<void>): PostgresPool {
  return {
    query: (text, values) => real.query(text, values),
    end: () => real.end(),
    async connect() {
      const client = await real.connect();
      const intercepted: PostgresClient = {
        async query(text, values) {
          await before(text);
          return client.query(text, values);
        },
        release: (error) => client.release(error),
        on: ((event: 'error', listener: (error: Error) => void) => client.on(event, listener)) as PostgresClient['on'],
        removeListener: (event, listener) => client.removeListener(event, listener),
      };
      return intercepted;
    },
  };
}
