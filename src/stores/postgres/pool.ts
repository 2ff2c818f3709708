/**
 * The part of node-postgres the store uses, as interfaces a `pg.Pool` satisfies (so the package's
 * types never depend on `@types/pg`), and the pool made from a connection string, with `pg`
 * loaded only then. Node only.
 * @module
 */
import { AgentwireError } from '../../internal/agentwire-error';

/** A query's result, as the store reads it. */
export interface PostgresResult {
  rows: Record<string, unknown>[];
}

/** A notification `LISTEN` delivers. */
export interface PostgresNotification {
  channel: string;
  payload?: string | undefined;
}

/** A client checked out of a pool (a `pg.PoolClient` is one). */
export interface PostgresClient {
  query(text: string, values?: unknown[]): Promise<PostgresResult>;
  /** Returns the client to the pool; with an error, the pool discards it. */
  release(error?: Error | boolean): void;
  on(event: 'notification', listener: (message: PostgresNotification) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the shape of EventEmitter's own signature, so a pg client fits it
  removeListener(event: 'notification' | 'error', listener: (...args: any[]) => void): unknown;
}

/** A connection pool (a `pg.Pool` is one). */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<PostgresResult>;
  connect(): Promise<PostgresClient>;
  end(): Promise<void>;
}

/** `pg` is not installed: the PostgreSQL store needs it (it is an optional peer dependency of agentwire). */
export class PostgresDriverMissingError extends AgentwireError {
  override readonly name = 'PostgresDriverMissingError';
  constructor(cause: unknown) {
    super('the PostgreSQL store needs the pg package: npm install pg', { cause });
  }
}

/**
 * A pool for a connection string, made with the installed `pg`: at most `max` connections, each
 * taken within `connectTimeoutMs` (a database behind a partition fails appends instead of holding
 * them until the system gives up on the socket) and kept alive by TCP keep-alives.
 */
export async function createPool(connectionString: string, max: number, connectTimeoutMs: number): Promise<PostgresPool> {
  let pg: { Pool?: unknown; default?: { Pool?: unknown } };
  try {
    pg = (await import('pg')) as typeof pg;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') throw new PostgresDriverMissingError(error);
    throw error;
  }
  const Pool = (pg.Pool ?? pg.default?.Pool) as new (
    options: object,
  ) => PostgresPool & { on(event: 'error', listener: (error: Error) => void): unknown };
  const pool = new Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
  // An idle client that loses its connection emits `error` on the pool: without a listener, the process would crash.
  pool.on('error', () => undefined);
  return pool;
}
