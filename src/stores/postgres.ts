/**
 * The PostgreSQL store: exactly-once storage, in order, for webhook receivers on many machines
 * sharing one database. Node only; needs `pg` (node-postgres), an optional peer dependency.
 *
 * ```ts
 * import { createPostgresStore } from 'agentwire/stores/postgres';
 * const store = createPostgresStore({ connectionString: process.env.DATABASE_URL! });
 * ```
 * @module agentwire/stores/postgres
 */

export type { PostgresClient, PostgresNotification, PostgresPool, PostgresResult } from './postgres/pool';
export { PostgresDriverMissingError } from './postgres/pool';
export {
  createPostgresStore,
  type PostgresConnection,
  type PostgresStore,
  type PostgresStoreOptions,
} from './postgres/postgres-store';
export type { PostgresLimits } from './postgres/session';
export { type PostgresTableNames, postgresSchemaSql } from './postgres/sql';
