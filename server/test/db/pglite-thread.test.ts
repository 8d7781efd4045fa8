import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/db';
import { migratedPgliteDump } from '../support/pgliteDump';

// The embedded PGlite on its own thread (db/pgliteThread.ts, the default): what the app relies on from its
// database keeps working across the thread, and a long statement no longer stops the server's event loop.
jest.setTimeout(120_000);

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-pglite-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** An in-memory database from the suite's migrated dump (a new one costs seconds of initdb). */
const fromDump = async (pgliteThread: boolean) =>
  openDatabase({ databaseUrl: null, dataDir: 'memory', pgliteDump: new Blob([fs.readFileSync(await migratedPgliteDump())]), pgliteThread });

/** Ticks of a 10 ms timer while `work` runs: none when the work holds the event loop. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

// about a second of CPU inside the database
const longStatement = (db: Db) => sql`select count(*) from generate_series(1, 1000000) g where md5(g::text) like 'a%'`.execute(db.db);

describe('PGlite on its own thread', () => {
  let database: Db;
  beforeAll(async () => {
    database = await fromDump(true);
  });
  afterAll(() => database.close());

  it('keeps the database errors callers branch on (code, constraint), and a failed transaction changes nothing', async () => {
    const { db } = database;
    const email = `thread.${Date.now()}@example.org`;
    await db
      .insertInto('users')
      .values({ email, password_hash: 'x' } as never)
      .execute();
    const duplicate = await db
      .insertInto('users')
      .values({ email, password_hash: 'y' } as never)
      .execute()
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505' });
    expect(String((duplicate as { constraint?: string }).constraint)).toMatch(/email/);

    const other = `thread.other.${Date.now()}@example.org`;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ email: other, password_hash: 'z' } as never)
          .execute();
        await trx
          .insertInto('users')
          .values({ email, password_hash: 'z' } as never)
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('users').select('id').where('email', '=', other).execute()).toEqual([]);
  });

  it('returns dates, bytes and JSON as the in-process database does', async () => {
    const [row] = (
      await sql<{
        at: Date;
        bytes: Uint8Array;
        doc: { a: number[] };
      }>`select timestamptz '2026-11-27 10:00:00+00' as at, '\\x0102ff'::bytea as bytes, '{"a":[1,2]}'::jsonb as doc`.execute(database.db)
    ).rows;
    expect(row.at).toBeInstanceOf(Date);
    expect(row.at.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect([...row.bytes]).toEqual([1, 2, 255]);
    expect(row.doc).toEqual({ a: [1, 2] });
    const [echo] = (await sql<{ b: Uint8Array }>`select ${Buffer.from([7, 8])}::bytea as b`.execute(database.db)).rows;
    expect([...echo.b]).toEqual([7, 8]);
  });

  it('serves the event loop while a long statement runs (in-process it does not)', async () => {
    const threaded = await ticksDuring(() => longStatement(database));
    const inProcess = await fromDump(false);
    try {
      const held = await ticksDuring(() => longStatement(inProcess));
      expect(held).toBeLessThanOrEqual(2);
    } finally {
      await inProcess.close();
    }
    expect(threaded).toBeGreaterThanOrEqual(10);
  });

  it('keeps what was written across a restart, and releases its folder on close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ databaseUrl: null, dataDir: dir });
    const email = `kept.${Date.now()}@example.org`;
    await first.db
      .insertInto('users')
      .values({ email, password_hash: 'x' } as never)
      .execute();
    await first.close();
    await expect(first.db.selectFrom('users').select('id').execute()).rejects.toThrow();
    const second = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      expect(await second.db.selectFrom('users').select('email').where('email', '=', email).execute()).toEqual([{ email }]);
    } finally {
      await second.close();
    }
  });
});
