/**
 * The server tests' PGlite databases are reused from one test file to the next (test/support/app.ts): a database
 * a test file closes is put back to how it opened before the next one takes it. What one file wrote must never be
 * seen by the next, and a database whose schema a test changed is not reused.
 */
import { sql } from 'kysely';
import { signUp, startTestApp, testDbKind } from '../support/app';

/** When the database started: the same for a reused database, another for a new one. */
const startedAt = async (t: Awaited<ReturnType<typeof startTestApp>>) =>
  String((await sql<{ t: Date }>`select pg_postmaster_start_time() as t`.execute(t.app.database.db)).rows[0].t);
const count = async (t: Awaited<ReturnType<typeof startTestApp>>, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.app.database.db)).rows[0].n;

(testDbKind === 'pglite' ? describe : describe.skip)('a reused test database', () => {
  it('holds nothing the previous user wrote, and keeps the rows the migrations wrote', async () => {
    const first = await startTestApp();
    const plans = await count(first, 'plans');
    expect(plans).toBeGreaterThan(0);
    await signUp(first.app);
    expect(await count(first, 'users')).toBe(1);
    const started = await startedAt(first);
    await first.close();

    const second = await startTestApp();
    expect(await startedAt(second)).toBe(started);
    expect(await count(second, 'users')).toBe(0);
    expect(await count(second, 'plans')).toBe(plans);
    // the session is reset too: a setting the previous user made is gone
    await sql`set statement_timeout = 1234`.execute(second.app.database.db);
    await second.close();
    const third = await startTestApp();
    expect((await sql<{ statement_timeout: string }>`show statement_timeout`.execute(third.app.database.db)).rows[0].statement_timeout).not.toBe('1234ms');
    await third.close();
  });

  it('is not reused when a test changed its schema', async () => {
    const first = await startTestApp();
    await sql`create table left_behind (id int)`.execute(first.app.database.db);
    const started = await startedAt(first);
    await first.close();
    const second = await startTestApp();
    expect(await startedAt(second)).not.toBe(started);
    const found = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'left_behind'`.execute(second.app.database.db);
    expect(found.rows[0].n).toBe(0);
    await second.close();
  });
});
