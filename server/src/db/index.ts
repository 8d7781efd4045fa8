import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations';
import { migrate as migrateTo } from './migrate';
import { PGliteThread } from './pgliteThread';

export type DatabaseKind = 'pglite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The PostgreSQL URL (null on PGlite): the job queue and the change channel open their own connections. */
  url: string | null;
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite with its data under dataDir/pglite
 * (or in memory for `memory://`). Migrations run before it is returned.
 * `pgliteDump`: an in-memory PGlite starts from this data folder (`dumpDataDir`) instead of a new one; the
 * server tests use a dump of a migrated database, since PGlite's initdb costs seconds of CPU per database.
 * `pgliteThread` (default true, PGLITE_THREAD): PGlite runs on a worker thread of its own (db/pgliteThread.ts),
 * so its statements never hold the server's event loop; false keeps it on the calling thread.
 * `pgliteSharedBuffers`: PostgreSQL's shared_buffers for PGlite (default its 128MB). Starting PGlite sets up the
 * whole buffer pool in WebAssembly memory; the server tests open hundreds of small databases and pass 16MB, which
 * took a start from ~1.7 s to ~0.7 s of CPU (measured 2026-11-28, six alternated starts each).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | 'memory';
  poolMax?: number;
  pgliteDump?: Blob;
  pgliteThread?: boolean;
  pgliteSharedBuffers?: string;
  /** An open PGlite client to use instead of opening one (the server tests' reused database thread); closed with the Db. */
  pgliteClient?: Pick<PGliteThread, 'query' | 'close' | 'waitReady'>;
}): Promise<Db> {
  let dialect: Dialect;
  let kind: DatabaseKind;
  if (options.databaseUrl) {
    kind = 'postgres';
    dialect = new PostgresDialect({ pool: postgresPool(options.databaseUrl, options.poolMax ?? 10) });
  } else {
    kind = 'pglite';
    const dir = options.dataDir === 'memory' ? undefined : path.join(options.dataDir, 'pglite');
    if (dir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const startParams = pgliteStartParams(options.pgliteSharedBuffers);
    let pglite: PGlite | Pick<PGliteThread, 'query' | 'close' | 'waitReady'>;
    if (options.pgliteClient) {
      pglite = options.pgliteClient;
    } else if (options.pgliteThread ?? true) {
      // the thread's client offers the two calls the dialect makes (query, close)
      pglite = new PGliteThread({ dataDir: dir, dump: options.pgliteDump && new Uint8Array(await options.pgliteDump.arrayBuffer()), startParams });
    } else if (dir) {
      pglite = new PGlite(dir, { startParams });
    } else {
      pglite = options.pgliteDump ? new PGlite({ loadDataDir: options.pgliteDump, startParams }) : new PGlite({ startParams });
    }
    await pglite.waitReady;
    dialect = new PGliteDialect(pglite as PGlite);
  }
  const db = new Kysely<Database>({ dialect });
  await migrate(db);
  return { db, kind, url: options.databaseUrl ?? null, close: () => db.destroy() };
}

/** PGlite's start parameters with PostgreSQL's shared_buffers set (undefined: PGlite's defaults). */
export function pgliteStartParams(sharedBuffers: string | undefined): string[] | undefined {
  return sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] : undefined;
}

/**
 * The PostgreSQL pool. A connection the database ends (restart, failover, DROP DATABASE ... WITH FORCE)
 * emits 'error' on its client; pg-pool listens only while a client is idle, so an error on a checked-out
 * client had no listener and would crash the process. The statement in flight fails on its own (the
 * request gets its error), the pool drops the broken client and opens a new one for the next query.
 */
function postgresPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const report = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

/** This release's migrations, under the rules of db/migrate.ts (ordered, expand/contract, checked at start). */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const plan = await migrateTo(db, migrations);
  if ('newerRelease' in plan) console.warn(`database migrated by a newer release (${plan.newerRelease.join(', ')}, expand steps only): starting without migrating`);
}
