import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db';
import { testDbKind } from '../support/app';

// PostgreSQL only (PGlite runs in-process): a connection the database ends while the app holds it must
// not crash the server, and the next query must work on a fresh connection.
const onPostgres = testDbKind === 'postgres' ? describe : describe.skip;

onPostgres('losing a PostgreSQL connection', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const name = `oncodesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a checked-out connection terminated by the database is reported, not fatal, and the pool recovers', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await database.db.connection().execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
        // The client is checked out and idle between statements when the termination arrives.
        await new Promise((r) => setTimeout(r, 300));
      });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('database connection lost'));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0].one).toBe(1);
    } finally {
      warn.mockRestore();
      await database.close();
    }
  });
});
