import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { CriterionOverride, FocusArea, LocationFilter, SearchCounts, TrialMatchResult } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import type { PatientsTable } from './tables';

export type PatientRow = Pick<PatientsTable, 'id' | 'name' | 'focus_area'> & { created_at: Date; updated_at: Date };
export interface CachedSearch {
  searchKey: string;
  location: LocationFilter;
  results: TrialMatchResult[];
  /** The catalogue's counts of the scan that made the results (absent after a re-run, or from an earlier release). */
  counts?: SearchCounts;
  createdAt: Date;
}

/** Patient folders and what they own. Every query names the owning user, so other users' ids are simply absent. */
export function patientsStorage(db: Kysely<Database>) {
  return {
    list: (userId: string): Promise<PatientRow[]> =>
      db.selectFrom('patients').select(['id', 'name', 'focus_area', 'created_at', 'updated_at']).where('user_id', '=', userId).orderBy('updated_at', 'desc').execute() as Promise<PatientRow[]>,

    get: (userId: string, id: string): Promise<PatientRow | undefined> =>
      db.selectFrom('patients').select(['id', 'name', 'focus_area', 'created_at', 'updated_at']).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst() as Promise<PatientRow | undefined>,

    async create(userId: string, name: string, focusArea: FocusArea): Promise<string> {
      const id = crypto.randomUUID();
      await db.insertInto('patients').values({ user_id: userId, id, name, focus_area: focusArea }).execute();
      return id;
    },

    /** Renames; a new focus area also drops what belonged to the old survey (answers, searches, overrides). */
    async update(userId: string, id: string, patch: { name?: string; focusArea?: FocusArea }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('patients').select('focus_area').where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!current) return false;
        if (patch.focusArea && patch.focusArea !== current.focus_area) {
          for (const t of ['survey_folders', 'patient_matches', 'patient_overrides'] as const) {
            await trx.deleteFrom(t).where('user_id', '=', userId).where('patient_id', '=', id).execute();
          }
        }
        await trx
          .updateTable('patients')
          .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.focusArea ? { focus_area: patch.focusArea } : {}), updated_at: sql`now()` })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .execute();
        return true;
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('patients').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async touch(userId: string, id: string): Promise<void> {
      await db.updateTable('patients').set({ updated_at: sql`now()` }).where('user_id', '=', userId).where('id', '=', id).execute();
    },

    /* cached matches per search */
    /** `counts`: the catalogue's counts of the scan that ranked `results` (a re-run, which counts nothing, saves none). */
    async saveSearch(userId: string, patientId: string, searchKey: string, location: LocationFilter, results: TrialMatchResult[], counts?: SearchCounts): Promise<void> {
      const values = { location: JSON.stringify(location), results: JSON.stringify(results), result_count: results.length, counts: counts ? JSON.stringify(counts) : null };
      await db
        .insertInto('patient_matches')
        .values({ user_id: userId, patient_id: patientId, search_key: searchKey, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'patient_id', 'search_key']).doUpdateSet({ ...values, created_at: sql`now()` }))
        .execute();
    },
    async getSearch(userId: string, patientId: string, searchKey: string): Promise<CachedSearch | undefined> {
      const row = await db.selectFrom('patient_matches').selectAll().where('user_id', '=', userId).where('patient_id', '=', patientId).where('search_key', '=', searchKey).executeTakeFirst();
      return row && { searchKey: row.search_key, location: row.location as LocationFilter, results: row.results as TrialMatchResult[], ...(row.counts ? { counts: row.counts as SearchCounts } : {}), createdAt: row.created_at };
    },
    async listSearches(userId: string, patientIds: string[]): Promise<Array<{ patientId: string; searchKey: string; location: LocationFilter; count: number; createdAt: Date }>> {
      if (!patientIds.length) return [];
      const rows = await db
        .selectFrom('patient_matches')
        .select(['patient_id', 'search_key', 'location', 'created_at', sql<number>`coalesce(result_count, jsonb_array_length(results))`.as('count')])
        .where('user_id', '=', userId)
        .where('patient_id', 'in', patientIds)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((r) => ({ patientId: r.patient_id, searchKey: r.search_key, location: r.location as LocationFilter, count: Number(r.count), createdAt: r.created_at }));
    },

    /* clinician overrides */
    /** The folder's overrides, each with who set it (the account's name, else its email) and when. */
    async overrides(userId: string, patientId: string): Promise<CriterionOverride[]> {
      const rows = await db
        .selectFrom('patient_overrides as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.criterion_id', 'o.status', 'o.note', 'o.updated_at', 'u.first_name', 'u.last_name', 'u.nickname', 'u.email'])
        .where('o.user_id', '=', userId)
        .where('o.patient_id', '=', patientId)
        .orderBy('o.criterion_id')
        .execute();
      return rows.map((r) => {
        const by = [r.first_name, r.last_name].filter(Boolean).join(' ') || r.nickname || r.email;
        return { criterionId: r.criterion_id, status: r.status as CriterionOverride['status'], ...(r.note ? { note: r.note } : {}), ...(by ? { by: by.slice(0, 120) } : {}), at: new Date(r.updated_at).toISOString() };
      });
    },
    async setOverride(userId: string, patientId: string, criterionId: string, status: CriterionOverride['status'] | null, note?: string): Promise<void> {
      const base = db.deleteFrom('patient_overrides').where('user_id', '=', userId).where('patient_id', '=', patientId).where('criterion_id', '=', criterionId);
      if (status === null) {
        await base.execute();
        return;
      }
      await db
        .insertInto('patient_overrides')
        .values({ user_id: userId, patient_id: patientId, criterion_id: criterionId, status, note: note ?? null })
        .onConflict((oc) => oc.columns(['user_id', 'patient_id', 'criterion_id']).doUpdateSet({ status, note: note ?? null, updated_at: sql`now()` }))
        .execute();
    },

    /* likes per trial */
    async likes(userId: string, patientId: string): Promise<string[]> {
      const rows = await db.selectFrom('trial_likes').select('trial_id').where('user_id', '=', userId).where('patient_id', '=', patientId).orderBy('created_at').execute();
      return rows.map((r) => r.trial_id);
    },
    async setLike(userId: string, patientId: string, trialId: string, liked: boolean): Promise<void> {
      if (liked) {
        await db.insertInto('trial_likes').values({ user_id: userId, patient_id: patientId, trial_id: trialId }).onConflict((oc) => oc.doNothing()).execute();
      } else {
        await db.deleteFrom('trial_likes').where('user_id', '=', userId).where('patient_id', '=', patientId).where('trial_id', '=', trialId).execute();
      }
    },
  };
}
export type PatientsStorage = ReturnType<typeof patientsStorage>;
