/**
 * Named (prepared) statements: PostgreSQL parses and plans a named statement once per connection,
 * and every later run only binds its values. The store names its append statements when it made
 * its pool itself (node-postgres then takes a query config with a `name`); on a pool you hand it,
 * which promises only `query(text, values)`, the same statements run unnamed. Node only.
 * @module
 */
import { createHash } from 'node:crypto';
import type { PostgresClient, PostgresResult } from './pool';

/** A statement and the name it is prepared under. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/**
 * The statement of `text`, named after a digest of the text: node-postgres refuses one name for two
 * texts on a connection, and stores with other tables on the same pool have other texts.
 */
export function prepare(text: string): Statement {
  return { name: `agentwire_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text };
}

/** A client query that may name its statement. */
type NamedQuery = (config: { name: string; text: string; values: unknown[] }) => Promise<PostgresResult>;

/** Runs `statement` on `client`, named when `named` (a `pg` client), as plain text otherwise. */
export function run(client: PostgresClient, statement: Statement, values: unknown[], named: boolean): Promise<PostgresResult> {
  if (!named) return client.query(statement.text, values);
  return (client.query as unknown as NamedQuery).call(client, { name: statement.name, text: statement.text, values });
}
