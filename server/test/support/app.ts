import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type ServerConfig } from '../../src/config/env';
import { openDatabase, type Db } from '../../src/db';
import { migratedPgliteDump } from './pgliteDump';

/**
 * The database every server test runs on: PGlite in memory by default, or a fresh PostgreSQL database
 * per test file when TEST_DB=postgres (URL of a role that may CREATE DATABASE in TEST_DATABASE_URL).
 */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The dump's bytes as the Blob PGlite reads (it only calls `arrayBuffer()` and reads `type`). Not a real Blob:
 * Node 20's Blob.arrayBuffer() copies the 41 MB dump through its stream reader in small chunks, ~0.75 s of CPU
 * and seconds of wall time on a loaded machine for every test database opened.
 */
function dumpAsBlob(bytes: Buffer): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => buffer } as unknown as Blob;
}

async function openTestDatabase(): Promise<{ database: Db; cleanup: () => Promise<void> }> {
  if (testDbKind === 'pglite') {
    // a small buffer pool: a test's database holds a few rows, and PGlite's default 128MB costs ~1 s of CPU per start
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: 'memory',
      pgliteDump: dumpAsBlob(fs.readFileSync(await migratedPgliteDump())),
      pgliteSharedBuffers: '16MB',
    });
    return { database, cleanup: () => database.close() };
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
