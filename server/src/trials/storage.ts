import { sql, type Kysely } from 'kysely';
import type { Trial } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import type { RawRecord, TrialFormat } from './importers';

/** Source records to store beside trials: the format and each trial's record, by id. */
export interface RawRecords {
  format: TrialFormat;
  records: Map<string, string>;
  fetchedAt: Date;
}

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
    async upsert(trials: Trial[], batch = 200, kbVersion: string | null = null, raw?: RawRecords): Promise<void> {
      for (let i = 0; i < trials.length; i += batch) {
        const rows = trials.slice(i, i + batch).map((t) => {
          const record = raw?.records.get(t.id);
          // a trial without a record here keeps the one stored (a shared-data import never erases a synced record)
          return { id: t.id, nct_id: t.nctId ?? null, source: t.source, data: JSON.stringify(t), kb_version: kbVersion, ...(record ? { raw_record: record, raw_format: raw!.format, fetched_at: raw!.fetchedAt } : {}) };
        });
        await db
          .insertInto('trials')
          .values(rows)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              nct_id: (eb) => eb.ref('excluded.nct_id'),
              source: (eb) => eb.ref('excluded.source'),
              data: (eb) => eb.ref('excluded.data'),
              kb_version: (eb) => eb.ref('excluded.kb_version'),
              imported_at: sql`now()`,
              raw_record: sql`coalesce(excluded.raw_record, trials.raw_record)`,
              raw_format: sql`coalesce(excluded.raw_format, trials.raw_format)`,
              fetched_at: sql`coalesce(excluded.fetched_at, trials.fetched_at)`,
            }),
          )
          .execute();
      }
    },
    /** Stores source records for trials already stored without one (a sync that found them unchanged). */
    async keepRaw(raw: RawRecords): Promise<void> {
      const ids = [...raw.records.keys()];
      for (let i = 0; i < ids.length; i += 500) {
        const missing = await db.selectFrom('trials').select('id').where('id', 'in', ids.slice(i, i + 500)).where('raw_record', 'is', null).execute();
        for (const { id } of missing) {
          await db.updateTable('trials').set({ raw_record: raw.records.get(id)!, raw_format: raw.format, fetched_at: raw.fetchedAt }).where('id', '=', id).execute();
        }
      }
    },
    /** Stored source records of trials compiled with another knowledge-base version, in pages. */
    async *staleRecords(version: string, page = 500): AsyncGenerator<RawRecord[]> {
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('trials')
          .select(['id', 'raw_record', 'raw_format'])
          .where('id', '>', after)
          .where('raw_record', 'is not', null)
          .where(sql<boolean>`kb_version is distinct from ${version}`)
          .orderBy('id')
          .limit(page)
          .execute();
        if (!rows.length) return;
        yield rows.map((r) => ({ format: r.raw_format as TrialFormat, text: r.raw_record! }));
        after = rows[rows.length - 1].id;
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
