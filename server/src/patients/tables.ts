import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/schema';

/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Tables of migration 0500_patients_and_trials. */
export interface PatientsTable {
  user_id: string;
  id: string;
  name: string;
  focus_area: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PatientMatchesTable {
  user_id: string;
  patient_id: string;
  search_key: string;
  location: Json<unknown>;
  results: Json<unknown>;
  /** The results' length (null in rows an earlier release saved: count the results). */
  result_count: number | null;
  /** The catalogue's counts the search's scan made (SearchCounts; null in rows an earlier release or a re-run saved). */
  counts: Json<unknown> | null;
  created_at: Timestamp;
}
export interface PatientOverridesTable {
  user_id: string;
  patient_id: string;
  criterion_id: string;
  status: string;
  note: string | null;
  updated_at: Timestamp;
}
/** Table of migration 0700_search_passes. */
export interface SearchPassesTable {
  user_id: string;
  patient_id: string;
  fingerprint: string;
  bought_at: Timestamp;
}
export interface TrialLikesTable {
  user_id: string;
  patient_id: string;
  trial_id: string;
  created_at: Timestamp;
}
export interface TrialsTable {
  id: string;
  nct_id: string | null;
  source: string;
  data: Json<unknown>;
  imported_at: Timestamp;
  /** Knowledge-base version the trial was compiled with (migration 0600); null until a full import ends. */
  kb_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** The source record as received (migration 1031): synced trials; null for the shared data's. */
  raw_record: ColumnType<string | null, string | null | undefined, string | null>;
  raw_format: ColumnType<string | null, string | null | undefined, string | null>;
  fetched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PatientTables {
  patients: PatientsTable;
  patient_matches: PatientMatchesTable;
  patient_overrides: PatientOverridesTable;
  trial_likes: TrialLikesTable;
  search_passes: SearchPassesTable;
  trials: TrialsTable;
}
