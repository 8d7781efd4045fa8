import { sql, type Kysely } from 'kysely';
import type { Trial } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';

/** Imported trials as the engine's Trial JSON (one row per trial id; re-import replaces the row). */
export function trialsStorage(db: Kysely<Database>) {
  return {
    async count(): Promise<number> {
      const r = await db.selectFrom('trials').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /**
     * Upserts in batches (one statement per batch keeps a large import to a few round trips). kbVersion:
     * the knowledge base the trials were compiled with, recorded at once (a sync); a full import leaves it
     * null until markKnowledgeBase at its end, so "nothing stale" also means "the import finished".
     */
    async upsert(trials: Trial[], batch = 200, kbVersion: string | null = null): Promise<void> {
      for (let i = 0; i < trials.length; i += batch) {
        const rows = trials.slice(i, i + batch).map((t) => ({ id: t.id, nct_id: t.nctId ?? null, source: t.source, data: JSON.stringify(t), kb_version: kbVersion }));
        await db
          .insertInto('trials')
          .values(rows)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({ nct_id: (eb) => eb.ref('excluded.nct_id'), source: (eb) => eb.ref('excluded.source'), data: (eb) => eb.ref('excluded.data'), kb_version: (eb) => eb.ref('excluded.kb_version'), imported_at: sql`now()` }),
          )
          .execute();
      }
    },
    /** Trials compiled with another knowledge-base version than `version` (or before versions were recorded). */
    async staleCount(version: string): Promise<number> {
      const r = await sql<{ n: number }>`select count(*) as n from trials where kb_version is distinct from ${version}`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
    /** Records the knowledge-base version every stored trial was compiled with (after a full import). */
    async markKnowledgeBase(version: string): Promise<void> {
      await sql`update trials set kb_version = ${version} where kb_version is distinct from ${version}`.execute(db);
    },
    /** Removes every trial (before a full re-import; likes and overrides live in their own tables). */
    async clear(): Promise<void> {
      await db.deleteFrom('trials').execute();
    },
    /** The stored trials with these ids (those that exist). */
    async byIds(ids: string[]): Promise<Trial[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('trials').select('data').where('id', 'in', ids).execute();
      return rows.map((r) => r.data as Trial);
    },
    /** Every stored trial, read in pages so memory peaks at one page of rows plus the result. */
    async *all(page = 1000): AsyncGenerator<Trial[]> {
      let after = '';
      for (;;) {
        const rows = await db.selectFrom('trials').select(['id', 'data']).where('id', '>', after).orderBy('id').limit(page).execute();
        if (!rows.length) return;
        yield rows.map((r) => r.data as Trial);
        after = rows[rows.length - 1].id;
      }
    },
  };
}
export type TrialsStorage = ReturnType<typeof trialsStorage>;
