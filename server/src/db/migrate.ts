import { Migrator, sql, type Kysely, type Migration } from 'kysely';

/**
 * How a migration changes what running code may call (README, "Upgrades without downtime"):
 * - expand: only adds (tables, columns with defaults, functions, signatures beside the old ones); code of
 *   the previous release keeps working on the database it leaves, so that code may still start on it.
 * - contract: removes or changes what a release before this one called. It may only remove what the
 *   previous release no longer calls (a release never drops what the previous release calls), and once it
 *   ran, older code refuses to start on the database.
 */
export type MigrationPhase = 'expand' | 'contract';
/** A migration module; without `phase` it is an expand step. */
export type PhasedMigration = Migration & { phase?: MigrationPhase };

/** Beside Kysely's own kysely_migration: the phase of each migration run by a release that records it. */
const PHASES_TABLE = 'migration_phases';
/** One migrating process at a time per database (instances start together); any constant of our own. */
const LOCK_KEY = 7_351_240_981;
/**
 * How long one migration step waits for a table lock before it gives way and is tried again. Well under
 * PostgreSQL's deadlock_timeout (1 s by default), so in a lock cycle with a running instance's query the
 * step has given up before the server looks for deadlocks, and the query is never the one aborted.
 */
const LOCK_WAIT_MS = 100;
/** How long a step keeps giving way to running instances before the start fails (an operator looks then). */
const LOCK_RETRY_FOR_MS = 120_000;
/** PostgreSQL's codes for a lock wait cut by lock_timeout, and for a deadlock the server resolved. */
const LOCK_CONFLICT_CODES = new Set(['55P03', '40P01']);

export type MigrationPlan = { run: string[] } | { newerRelease: string[] };

/**
 * What to do at start, from the migrations this code knows and the ones the database ran (names sort in
 * the order they are applied):
 * - all that ran are known, and every pending one sorts after the last that ran: run the pending ones;
 * - a pending one sorts before one that ran (out of order: its number was taken after a later one
 *   shipped): refuse; renumber the new migration after every applied one;
 * - the database ran migrations this code does not know (a newer release migrated it during a rolling
 *   upgrade): start without migrating if they all sort after every one this code knows, all ran here, and
 *   each is recorded as an expand step; refuse otherwise (a contract step, or one not recorded at all).
 */
export function planMigrations(known: readonly string[], executed: readonly string[], phases: ReadonlyMap<string, string>): MigrationPlan {
  const knownSet = new Set(known);
  const ran = new Set(executed);
  const unknown = executed.filter((name) => !knownSet.has(name)).sort();
  const pending = known.filter((name) => !ran.has(name)).sort();
  if (unknown.length) {
    const refused = unknown.filter((name) => phases.get(name) !== 'expand');
    if (refused.length) {
      throw new Error(
        `The database was migrated by a newer release (${refused.map((n) => `${n}: ${phases.get(n) ?? 'phase not recorded'}`).join(', ')}); this release may no longer run on it. Deploy the newer release.`,
      );
    }
    const lastKnown = [...known].sort().at(-1) ?? '';
    const interleaved = unknown.filter((name) => name < lastKnown);
    if (pending.length || interleaved.length) {
      throw new Error(
        `The database ran migrations this release does not know (${unknown.join(', ')})${pending.length ? ` but not this release's ${pending.join(', ')}` : ''}${interleaved.length ? `, and ${interleaved.join(', ')} sort among this release's` : ''}: it belongs to another line of releases.`,
      );
    }
    return { newerRelease: unknown };
  }
  const last = [...executed].sort().at(-1);
  const early = last === undefined ? [] : pending.filter((name) => name < last);
  if (early.length) {
    throw new Error(`Migrations out of order: ${early.join(', ')} sort${early.length === 1 ? 's' : ''} before ${last}, which already ran. Number new migrations after every applied one.`);
  }
  return { run: pending };
}

/**
 * Brings the database to this release's migrations under a lock, or starts on a database a newer release
 * migrated with expand steps only (see planMigrations). Each migration run records its phase in the same
 * transaction, for older releases to read.
 */
export async function migrate(db: Kysely<any>, migrations: Record<string, PhasedMigration>): Promise<MigrationPlan> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(LOCK_KEY)})`.execute(conn);
    try {
      await sql`create table if not exists ${sql.table(PHASES_TABLE)} (name varchar(255) primary key, phase text not null check (phase in ('expand', 'contract')))`.execute(conn);
      const { rows: tables } = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(conn);
      const executed = tables[0]?.t ? (await sql<{ name: string }>`select name from kysely_migration`.execute(conn)).rows.map((r) => r.name) : [];
      const phases = new Map((await sql<{ name: string; phase: string }>`select name, phase from ${sql.table(PHASES_TABLE)}`.execute(conn)).rows.map((r) => [r.name, r.phase]));
      const plan = planMigrations(Object.keys(migrations), executed, phases);
      if ('newerRelease' in plan || !plan.run.length) return plan;
      const recorded = Object.fromEntries(
        Object.entries(migrations).map(([name, m]): [string, Migration] => [
          name,
          {
            up: async (trx) => {
              // see stepWithShortLockWaits: this step waits briefly for a table's lock, never long enough to
              // be part of a deadlock the server would resolve by aborting a running instance's query
              await sql`set local lock_timeout = ${sql.lit(`${LOCK_WAIT_MS}ms`)}`.execute(trx);
              await m.up(trx);
              const phase = m.phase ?? 'expand';
              await sql`insert into ${sql.table(PHASES_TABLE)} (name, phase) values (${name}, ${phase}) on conflict (name) do update set phase = excluded.phase`.execute(trx);
            },
            ...(m.down ? { down: m.down } : {}),
          },
        ]),
      );
      // the order was checked above by name (planMigrations); Kysely's own check compares run timestamps,
      // which databases migrated before ordering was enforced may not follow
      const migrator = new Migrator({ db: conn, provider: { getMigrations: async () => recorded }, allowUnorderedMigrations: true });
      for (let i = 0; i < plan.run.length; i++) await stepWithShortLockWaits(migrator);
      return plan;
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(LOCK_KEY)})`.execute(conn);
    }
  });
}

/**
 * Runs the next migration in a transaction of its own, again after a short pause while it conflicts with
 * locks other instances hold. During a rolling upgrade the previous release keeps querying the tables a
 * migration alters: all steps in one transaction would hold each altered table's exclusive lock to the end
 * and wait for the next behind a query that holds that one and waits for the first, a deadlock the server
 * may resolve by failing the instance's query (seen as a 500 on sign-in in server/multi/rolling-upgrade).
 * One step per transaction holds few locks briefly, and LOCK_WAIT_MS makes the step the side that yields.
 * Each step records its name in Kysely's table in its own transaction, so a crash between steps leaves
 * every finished step recorded and the next start continues after it.
 */
async function stepWithShortLockWaits(migrator: Migrator): Promise<void> {
  const giveUpAt = Date.now() + LOCK_RETRY_FOR_MS;
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateUp();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    const code = (error as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && LOCK_CONFLICT_CODES.has(code) && Date.now() < giveUpAt) {
      // jittered, growing pause: instances starting together do not retry in step with the queries they wait on
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * attempt) * (0.5 + Math.random())));
      continue;
    }
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
