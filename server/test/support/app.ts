import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type ServerConfig } from '../../src/config/env';
import { Worker } from 'node:worker_threads';
import { openDatabase, pgliteStartParams, type Db } from '../../src/db';
import { PGliteThread } from '../../src/db/pgliteThread';
import { migratedPgliteDump } from './pgliteDump';

/**
 * The database every server test runs on: PGlite in memory by default, or a fresh PostgreSQL database
 * per test file when TEST_DB=postgres (URL of a role that may CREATE DATABASE in TEST_DATABASE_URL).
 */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The dump's bytes, to hand over to the database thread (which takes its whole buffer). */
function dumpBytes(bytes: Buffer): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? new Uint8Array(bytes.buffer) : Uint8Array.from(bytes);
}

/**
 * One PGlite database thread per jest worker, kept from one test file to the next. Opening one from the dump costs
 * ~2.8 s of CPU on its thread (~1.5 s of it writing the dump's files into PGlite's in-memory file system), and
 * about 80 test databases are opened per run. When a test file closes its database, the database is put back to
 * how it opened (every table emptied, the rows the migrations wrote restored, the session reset) and its thread is
 * parked; the next file's database takes it. A database whose schema a test changed (the fingerprint of its
 * tables, columns, indexes, constraints, functions and triggers differs) or that cannot be reset is closed instead.
 * Kept on the Worker class, which is the process's own: jest gives every test file fresh modules and globals.
 */
interface ThreadPool {
  parked: Worker[];
  baseline?: { fingerprint: string; tables: string[]; rows: Array<{ table: string; json: string }> };
}
const POOL_KEY = Symbol.for('oncodesk.test.pgliteThreads');
const pool: ThreadPool = ((Worker as unknown as Record<symbol, ThreadPool>)[POOL_KEY] ??= { parked: [] });

const FINGERPRINT = `select md5(coalesce(string_agg(x, ',' order by x), '')) as f from (
  select table_schema || '.' || table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, '') || ':' || is_nullable as x
    from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
  union all select schemaname || '.' || indexname || ':' || indexdef from pg_indexes where schemaname not in ('pg_catalog', 'information_schema')
  union all select c.conname || ':' || pg_get_constraintdef(c.oid) from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
  union all select n.nspname || '.' || p.proname || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
  union all select tgname || ':' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
) s`;

type ThreadClient = InstanceType<typeof PGliteThread>;
const one = async <T>(client: ThreadClient, text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0] as T;

/** The database as it opened: its schema's fingerprint, its tables, and the rows in them (the migrations' own). */
async function baselineOf(client: ThreadClient): Promise<NonNullable<ThreadPool['baseline']>> {
  const { rows } = await client.query(`select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
  const tables = (rows as Array<{ t: string }>).map((r) => r.t);
  const withRows: Array<{ table: string; json: string }> = [];
  for (const table of tables) {
    const { j } = await one<{ j: string }>(client, `select coalesce(json_agg(t), '[]')::text as j from ${table} t`);
    if (j !== '[]') withRows.push({ table, json: j });
  }
  return { fingerprint: (await one<{ f: string }>(client, FINGERPRINT)).f, tables, rows: withRows };
}

/** Puts the database back to how it opened and parks its thread; closes it when that cannot be done. */
async function park(client: ThreadClient): Promise<void> {
  const baseline = pool.baseline;
  try {
    if (!baseline) throw new Error('no baseline');
    await client.query('rollback').catch(() => {});
    await client.query('discard all');
    if ((await one<{ f: string }>(client, FINGERPRINT)).f !== baseline.fingerprint) throw new Error('schema changed');
    await client.query(`truncate ${baseline.tables.join(', ')}`);
    for (const { table, json } of baseline.rows) await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
    pool.parked.push(client.handOver());
  } catch {
    await client.close().catch(() => {});
  }
}

async function openTestDatabase(): Promise<{ database: Db; cleanup: () => Promise<void> }> {
  if (testDbKind === 'pglite') {
    const parked = pool.parked.pop();
    const client = parked
      ? new PGliteThread({ handedOver: parked })
      : // a small buffer pool: a test's database holds a few rows, and PGlite's default 128MB costs ~1 s of CPU per start
        new PGliteThread({ dump: dumpBytes(fs.readFileSync(await migratedPgliteDump())), startParams: pgliteStartParams('16MB') });
    await client.waitReady;
    pool.baseline ??= await baselineOf(client);
    // the Db's close leaves the thread to park(): Kysely's destroy closes the client it was given
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory', pgliteClient: { query: (text, params) => client.query(text, params), close: async () => {}, waitReady: Promise.resolve() } });
    return {
      database,
      cleanup: async () => {
        await database.close();
        await park(client);
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const name = `oncodesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
  return {
    database,
    cleanup: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One cache for every test app of a run (derived data such as the gazetteer's tables, built once). */
export const testCacheDir = path.join(os.tmpdir(), 'oncodesk-test-cache');

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: ServerConfig;
  close(): Promise<void>;
}

/**
 * A server on its own database and data folder, with cheap password hashing to keep tests fast.
 * `sameDatabaseAs`: a second instance on another test app's database (as N servers share one
 * PostgreSQL); closing it leaves the database to its owner.
 */
export async function startTestApp(overrides: Partial<ServerConfig> = {}, options: { sameDatabaseAs?: TestApp; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-test-'));
  const config = loadConfig(
    // load shedding off unless a test turns it on: a suite's own bursts (start-up, a match) would be shed
    { DATA_DIR: dataDir, CACHE_DIR: testCacheDir, DEMO_ACCOUNT: 'false', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024', ARGON2_PASSES: '1', LOAD_SHED: 'false',
      // readings at the suite's own priority: niced, they starve behind the other jest workers on a 2-core CI machine
      DOCUMENTS_READING_NICE: '0',
      // matching on the test's own thread: a listening test app would otherwise start a match thread that
      // compiles the sources again (test/trials/match-threads.test.ts tests the threads)
      TRIALS_MATCH_THREADS: '0',
      // no daily registry sync (ClinicalTrials.gov is outside the project); test/jobs/trial-sync*.test.ts run it
      TRIALS_SYNC_CRON: 'off',
      ...options.env,
    },
    overrides,
  );
  const { database, cleanup } = options.sameDatabaseAs
    ? { database: options.sameDatabaseAs.app.database, cleanup: async () => {} }
    : await openTestDatabase();
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid email for one test. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.org`;
export const goodPassword = 'Secret-123';

/** Signs up a user and returns its token and id. */
export async function signUp(app: FastifyInstance, email = uniqueEmail()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: goodPassword } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { jwt: string; user: { id: string } };
  return { jwt: body.jwt, userId: body.user.id, email, auth: { authorization: `Bearer ${body.jwt}` } };
}

/** Signs up a user whose email is already verified (actions such as sharing need it). */
export async function signUpVerified(app: FastifyInstance & { database: Db }, email = uniqueEmail()) {
  const user = await signUp(app, email);
  await app.database.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.userId).execute();
  return user;
}
