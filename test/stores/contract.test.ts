/** The memory, file and PostgreSQL stores pass the same contract. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, type EventStore } from 'agentwire/stores';
import { createFileStore, type FileStore } from 'agentwire/stores/file';
import { createPostgresStore, type PostgresStore } from 'agentwire/stores/postgres';
import type pg from 'pg';
import { afterAll } from 'vitest';
import { describeStoreContract } from './contract';
import { freshTable, testPool } from './postgres';

const folders: string[] = [];
const tables: string[] = [];
let pool: Promise<pg.Pool> | undefined;
const sharedPool = () => {
  pool ??= testPool(20);
  return pool;
};

afterAll(async () => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  if (pool) {
    const held = await pool;
    for (const table of tables.splice(0)) await held.query(`DROP TABLE IF EXISTS "${table}", "${table}_conversations"`);
    await held.end();
  }
});

describeStoreContract('memory store', { create: () => createMemoryStore(), resumesWatchOfAll: true });

const dirOf = new WeakMap<EventStore, string>();
describeStoreContract('file store', {
  create() {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-contract-'));
    folders.push(dir);
    const store = createFileStore({ dir, watchIntervalMs: 20 });
    dirOf.set(store, dir);
    return store;
  },
  async reopen(store) {
    await (store as FileStore).close();
    const again = createFileStore({ dir: dirOf.get(store) as string });
    dirOf.set(again, dirOf.get(store) as string);
    return again;
  },
  release: (store) => (store as FileStore).close(),
});

describeStoreContract('file store without group commit', {
  create() {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-contract-'));
    folders.push(dir);
    return createFileStore({ dir, groupCommit: false });
  },
  release: (store) => (store as FileStore).close(),
});

const tableOf = new WeakMap<EventStore, string>();
describeStoreContract('PostgreSQL store', {
  async create() {
    const table = freshTable();
    tables.push(table);
    const store = createPostgresStore({ pool: await sharedPool() }, { table });
    tableOf.set(store, table);
    return store;
  },
  async reopen(store) {
    const table = tableOf.get(store) as string;
    const again = createPostgresStore({ pool: await sharedPool() }, { table });
    tableOf.set(again, table);
    return again;
  },
  release: (store) => (store as PostgresStore).close(),
  resumesWatchOfAll: true,
});
