import { sql, type ColumnType, type Kysely } from 'kysely';
import type { AnswerValue, FocusArea, PatientData } from '@oncodesk/shared/contracts';
import type { Database, Timestamp } from '../db/schema';

/** Tables of migration 0003_survey_answers (to be merged into db/schema.ts's Database). */
export interface SurveyFoldersTable {
  user_id: string;
  patient_id: string;
  focus_area: string;
  /** jsonb (0800): the patient the answers describe, and the derivation version that built it. */
  patient: ColumnType<unknown, string | null, string | null> | null;
  patient_version: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SurveyAnswersTable {
  user_id: string;
  patient_id: string;
  question_id: string;
  /** jsonb: written as JSON text, read back parsed. */
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface SurveyTables {
  survey_folders: SurveyFoldersTable;
  survey_answers: SurveyAnswersTable;
}

export interface SurveyFolder {
  focusArea: FocusArea;
  answers: Record<string, AnswerValue>;
  /** The stored derived patient and the derivation version that wrote it (null before the first save). */
  derived: DerivedPatient | null;
  /** When an answer last changed. */
  updatedAt: Date;
}

export interface DerivedPatient {
  patient: PatientData;
  version: string;
}

/** Survey answers per patient folder. Every query names the user who owns the folder. */
export function surveyStorage(database: Kysely<Database>) {
  const db = database;
  return {
    async get(userId: string, patientId: string): Promise<SurveyFolder | null> {
      const folder = await db.selectFrom('survey_folders').select(['focus_area', 'patient', 'patient_version', 'updated_at']).where('user_id', '=', userId).where('patient_id', '=', patientId).executeTakeFirst();
      if (!folder) return null;
      const rows = await db.selectFrom('survey_answers').select(['question_id', 'value']).where('user_id', '=', userId).where('patient_id', '=', patientId).execute();
      const derived = folder.patient && folder.patient_version ? { patient: folder.patient as PatientData, version: folder.patient_version } : null;
      return { focusArea: folder.focus_area as FocusArea, answers: Object.fromEntries(rows.map((r) => [r.question_id, r.value as AnswerValue])), derived, updatedAt: new Date(folder.updated_at as unknown as string) };
    },

    /** The answers of several folders in one query (folder lists show each one's progress). */
    async answersOf(userId: string, patientIds: string[]): Promise<Map<string, Record<string, AnswerValue>>> {
      const out = new Map<string, Record<string, AnswerValue>>();
      if (!patientIds.length) return out;
      const rows = await db.selectFrom('survey_answers').select(['patient_id', 'question_id', 'value']).where('user_id', '=', userId).where('patient_id', 'in', patientIds).execute();
      for (const r of rows) {
        const answers = out.get(r.patient_id) ?? {};
        answers[r.question_id] = r.value as AnswerValue;
        out.set(r.patient_id, answers);
      }
      return out;
    },

    /**
     * The survey side of a patient folder, created on its first answer. 'not_found' (and nothing written)
     * when the user has no such patient folder: folders are made by POST /patients only, so an answer
     * naming any other id cannot conjure one; 'focus_area_mismatch' when the folder has another focus area.
     */
    async ensureFolder(userId: string, patientId: string, focusArea: FocusArea): Promise<'ok' | 'not_found' | 'focus_area_mismatch'> {
      // The patients table owns folders (0500): a survey folder always belongs to a patient row; its focus area is the one that counts.
      const owner = await database.selectFrom('patients').select('focus_area').where('user_id', '=', userId).where('id', '=', patientId).executeTakeFirst();
      if (!owner) return 'not_found';
      if (owner.focus_area !== focusArea) return 'focus_area_mismatch';
      await db
        .insertInto('survey_folders')
        .values({ user_id: userId, patient_id: patientId, focus_area: focusArea })
        .onConflict((oc) => oc.columns(['user_id', 'patient_id']).doNothing())
        .execute();
      const row = await db.selectFrom('survey_folders').select('focus_area').where('user_id', '=', userId).where('patient_id', '=', patientId).executeTakeFirstOrThrow();
      return row.focus_area === focusArea ? 'ok' : 'focus_area_mismatch';
    },

    /**
     * Sets (or, with null, removes) answers, removes `drop` and stores the patient the resulting answers
     * describe, in one transaction: the stored patient never disagrees with the stored answers.
     */
    async write(userId: string, patientId: string, set: Record<string, AnswerValue | null>, drop: string[], derived: DerivedPatient): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const remove = [...drop, ...Object.entries(set).filter(([, v]) => v === null).map(([k]) => k)];
        if (remove.length) await trx.deleteFrom('survey_answers').where('user_id', '=', userId).where('patient_id', '=', patientId).where('question_id', 'in', remove).execute();
        const rows = Object.entries(set).filter(([, v]) => v !== null);
        for (const [questionId, value] of rows) {
          await trx
            .insertInto('survey_answers')
            .values({ user_id: userId, patient_id: patientId, question_id: questionId, value: JSON.stringify(value) })
            .onConflict((oc) => oc.columns(['user_id', 'patient_id', 'question_id']).doUpdateSet({ value: JSON.stringify(value), updated_at: sql`now()` }))
            .execute();
        }
        await trx
          .updateTable('survey_folders')
          .set({ updated_at: sql`now()`, patient: JSON.stringify(derived.patient), patient_version: derived.version })
          .where('user_id', '=', userId)
          .where('patient_id', '=', patientId)
          .execute();
      });
    },

    /**
     * Replaces a stored patient built by an older derivation (`staleVersion`, null: none stored). A save
     * that ran meanwhile stored the current version with its own answers, so the condition leaves it be.
     */
    async refreshDerived(userId: string, patientId: string, derived: DerivedPatient, staleVersion: string | null): Promise<void> {
      let q = db
        .updateTable('survey_folders')
        .set({ patient: JSON.stringify(derived.patient), patient_version: derived.version })
        .where('user_id', '=', userId)
        .where('patient_id', '=', patientId);
      q = staleVersion === null ? q.where('patient_version', 'is', null) : q.where('patient_version', '=', staleVersion);
      await q.execute();
    },
  };
}
export type SurveyStorage = ReturnType<typeof surveyStorage>;
