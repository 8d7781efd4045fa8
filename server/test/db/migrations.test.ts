import crypto from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrate, type PhasedMigration } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { testDbKind } from '../support/app';

// The start-up rules of db/migrate.ts (README, "Upgrades without downtime") on a fresh database each:
// ordered, expand/contract, and what an older release does on a database a newer one migrated.
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const cleanups: Array<() => Promise<void>> = [];
let pglite: Kysely<any> | undefined;
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(async () => pglite?.destroy());

/** A fresh database; on PostgreSQL `open` gives another pool on it (another instance). */
async function freshDatabase(): Promise<{ db: Kysely<any>; open: () => Kysely<any> }> {
  if (testDbKind === 'pglite') {
    // one PGlite for the file (starting one costs seconds), emptied for each test
    pglite ??= new Kysely<any>({ dialect: new PGliteDialect(new PGlite()) });
    await sql`drop schema public cascade`.execute(pglite);
    await sql`create schema public`.execute(pglite);
    return { db: pglite, open: () => pglite! };
  }
  const name = `oncodesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = () => {
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }) });
    cleanups.push(() => db.destroy());
    return db;
  };
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { db: open(), open };
}

/** A migration that creates table `t_<name>` (and drops `drops`, a contract step, when given). */
const table = (name: string, phase?: 'expand' | 'contract', drops?: string): PhasedMigration => ({
  ...(phase ? { phase } : {}),
  up: async (db) => {
    await sql`create table ${sql.table(`t_${name}`)} (id int)`.execute(db);
    if (drops) await sql`drop table ${sql.table(`t_${drops}`)}`.execute(db);
  },
});
const tables = async (db: Kysely<any>) =>
  (await sql<{ t: string }>`select tablename as t from pg_tables where tablename like 't\\_%' order by 1`.execute(db)).rows.map((r) => r.t);

const releaseN1 = { '0001_a': table('a'), '0002_b': table('b') };

describe('migrations at start', () => {
  it('runs the pending ones in name order once, and records each one phase', async () => {
    const { db } = await freshDatabase();
    expect(await migrate(db, releaseN1)).toEqual({ run: ['0001_a', '0002_b'] });
    expect(await migrate(db, releaseN1)).toEqual({ run: [] });
    expect(await tables(db)).toEqual(['t_a', 't_b']);
    const { rows } = await sql<{ name: string; phase: string }>`select name, phase from migration_phases order by name`.execute(db);
    expect(rows).toEqual([{ name: '0001_a', phase: 'expand' }, { name: '0002_b', phase: 'expand' }]);
  });

  it('refuses a pending migration that sorts before one already run (out of order), running none', async () => {
    const { db } = await freshDatabase();
    await migrate(db, { '0001_a': table('a'), '0003_c': table('c') });
    await expect(migrate(db, { '0001_a': table('a'), '0002_b': table('b'), '0003_c': table('c'), '0004_d': table('d') })).rejects.toThrow(
      /out of order: 0002_b sorts before 0003_c/,
    );
    expect(await tables(db)).toEqual(['t_a', 't_c']);
  });

  it('an older release starts on a database a newer release migrated with expand steps only, without migrating', async () => {
    const { db } = await freshDatabase();
    await migrate(db, releaseN1);
    await migrate(db, { ...releaseN1, '0003_c': table('c'), '0004_d': table('d', 'expand') });
    expect(await migrate(db, releaseN1)).toEqual({ newerRelease: ['0003_c', '0004_d'] });
    expect(await tables(db)).toEqual(['t_a', 't_b', 't_c', 't_d']);
  });

  it('an older release refuses a database where a newer release ran a contract step', async () => {
    const { db } = await freshDatabase();
    await migrate(db, releaseN1);
    await migrate(db, { ...releaseN1, '0003_c': table('c', 'contract', 'a') });
    await expect(migrate(db, releaseN1)).rejects.toThrow(/migrated by a newer release \(0003_c: contract\)/);
    // the release that ran it, and later ones, still start
    expect(await migrate(db, { ...releaseN1, '0003_c': table('c', 'contract', 'a') })).toEqual({ run: [] });
  });

  it('refuses unknown migrations whose phase was never recorded, and unknown ones among its own', async () => {
    const { db } = await freshDatabase();
    await migrate(db, releaseN1);
    await sql`insert into kysely_migration (name, timestamp) values ('0009_unrecorded', ${new Date().toISOString()})`.execute(db);
    await expect(migrate(db, releaseN1)).rejects.toThrow(/0009_unrecorded: phase not recorded/);

    const other = await freshDatabase();
    await migrate(other.db, { '0001_a': table('a'), '0002_x': table('x'), '0003_b': table('b') });
    await expect(migrate(other.db, { '0001_a': table('a'), '0003_b': table('b') })).rejects.toThrow(/0002_x sort among this release's/);
  });

  (testDbKind === 'postgres' ? it : it.skip)('two instances starting together run each migration once', async () => {
    const { db, open } = await freshDatabase();
    const second = open();
    const results = await Promise.all([migrate(db, releaseN1), migrate(second, releaseN1)]);
    expect(results.map((r) => ('run' in r ? r.run.length : -1)).sort()).toEqual([0, 2]);
    expect(await tables(db)).toEqual(['t_a', 't_b']);
  });

  (testDbKind === 'postgres' ? it : it.skip)('a running query that holds one altered table and waits for another is never failed by the migration', async () => {
    // The lock cycle of a rolling upgrade (server/multi/rolling-upgrade, a 500 on sign-in): the previous
    // release's query holds t_b and asks for t_a while a migration holds t_a and asks for t_b. Waiting as long
    // as it likes, the migration makes a deadlock that PostgreSQL may end by failing the query; waiting only
    // briefly, it gives way, and runs again once the query is done.
    const { db, open } = await freshDatabase();
    await migrate(db, releaseN1);
    const alterBoth: PhasedMigration = {
      up: async (trx) => {
        await sql`alter table t_a add column x int`.execute(trx);
        await sql`alter table t_b add column y int`.execute(trx);
      },
    };
    const reader = open();
    const waitingFor = async (table: string) =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted and relation = ${table}::regclass`.execute(reader)).rows[0]!.n > 0;
    const query = reader.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`select * from t_b`.execute(conn);
      const until = Date.now() + 10_000;
      while (!(await waitingFor('t_b')) && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      // the migration holds t_a and waits for t_b, which this transaction holds: now ask for t_a
      const rows = await sql`select * from t_a`.execute(conn);
      await sql`commit`.execute(conn);
      return rows.rows.length;
    });
    const migrating = migrate(open(), { ...releaseN1, '0003_ab': alterBoth });
    expect(await query).toBe(0);
    expect(await migrating).toEqual({ run: ['0003_ab'] });
    const columns = await sql<{ c: string }>`select table_name || '.' || column_name as c from information_schema.columns where table_name in ('t_a', 't_b') order by 1`.execute(db);
    expect(columns.rows.map((r) => r.c)).toEqual(['t_a.id', 't_a.x', 't_b.id', 't_b.y']);
  });

  it("rate_limit_claim answers the previous release's signature again: 0981 dropped it, 1020 restores it", async () => {
    const { db } = await freshDatabase();
    // the release before 0981 called thirteen arguments; this one calls fourteen (forget_keys)
    const previous = () => sql<{ counted_key: string; counted: number }>`select * from rate_limit_claim(${'w:1'}, ${5}, ${60}, ${'f:1'}, ${3}, ${10}, ${600}, ${null}, ${null}, ${null}, ${null}, ${100}, ${1000})`.execute(db);
    const current = () => sql<{ counted_key: string; counted: number }>`select * from rate_limit_claim(${'w:1'}, ${5}, ${60}, ${'f:1'}, ${3}, ${10}, ${600}, ${null}, ${null}, ${null}, ${null}, ${100}, ${1000}, ${null})`.execute(db);
    await migrate(db, Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '0981_rate_limit_claim_forget')));
    await expect(previous()).rejects.toThrow(/rate_limit_claim.*does not exist/);
    await migrate(db, migrations);
    expect((await previous()).rows.map((r) => [r.counted_key, r.counted]).sort()).toEqual([['f:1', 1], ['w:1', 1]]);
    expect((await current()).rows.map((r) => [r.counted_key, r.counted]).sort()).toEqual([['f:1', 2], ['w:1', 2]]);
  });

  // Expand/contract is checked, not only written down: each migration runs alone on top of the ones before it,
  // and unless it is a contract step nothing the previous release may call disappears or changes shape.
  it('no expand step removes or changes a table, column or function the previous release may call', async () => {
    const { db } = await freshDatabase();
    const schema = async () => {
      const columns = await sql<{ k: string; type: string; nullable: string; dflt: string | null }>`
        select table_name || '.' || column_name as k, data_type as type, is_nullable as nullable, column_default as dflt
        from information_schema.columns where table_schema = 'public' and table_name not in ('kysely_migration', 'kysely_migration_lock', 'migration_phases')`.execute(db);
      const functions = await sql<{ k: string; result: string }>`
        select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as k, pg_get_function_result(p.oid) as result
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`.execute(db);
      return { columns: new Map(columns.rows.map((r) => [r.k, r])), functions: new Map(functions.rows.map((r) => [r.k, r.result])) };
    };
    // shipped before the rule was checked; 1020 gives the previous release its signature back (test above)
    const known: Record<string, string> = { '0981_rate_limit_claim_forget': 'rate_limit_claim: the previous signature, restored by 1020' };
    const names = Object.keys(migrations).sort();
    const broken: string[] = [];
    for (let k = 0; k < names.length; k++) {
      const before = await schema();
      await migrate(db, Object.fromEntries(names.slice(0, k + 1).map((n) => [n, migrations[n]])));
      if (migrations[names[k]].phase === 'contract') continue;
      const after = await schema();
      for (const [key, c] of before.columns) {
        const now = after.columns.get(key);
        if (!now) broken.push(`${names[k]}: drops column ${key}`);
        else if (now.type !== c.type) broken.push(`${names[k]}: changes ${key} from ${c.type} to ${now.type}`);
        else if (c.nullable === 'YES' && now.nullable === 'NO' && now.dflt === null) broken.push(`${names[k]}: makes ${key} required without a default`);
      }
      for (const [sig, result] of before.functions) {
        if (!after.functions.has(sig)) broken.push(`${names[k]}: drops function ${sig}`);
        else if (after.functions.get(sig) !== result) broken.push(`${names[k]}: changes what ${sig} returns`);
      }
    }
    // the one known break is found (so the check reads real schemas) and nothing else is
    expect(broken.filter((b) => !known[b.slice(0, b.indexOf(':'))])).toEqual([]);
    expect([...new Set(broken.map((b) => b.slice(0, b.indexOf(':'))))]).toEqual(Object.keys(known));
  });
});
