import type { PhasedMigration } from '../migrate';
import * as m0001 from './0001_users_and_plans';
import * as m0003 from './0003_survey_answers';
import * as m0200 from './0200_vault';
import * as m0300 from './0300_accounts';
import * as m0500 from './0500_patients_and_trials';
import * as m0600 from './0600_vocabularies';
import * as m0700 from './0700_search_passes';
import * as m0800 from './0800_derived_patient';
import * as m0900 from './0900_documents';
import * as m0910 from './0910_documents_ocr';
import * as m0920 from './0920_demo_workspace';
import * as m0930 from './0930_chat';
import * as m0940 from './0940_sessions';
import * as m0950 from './0950_rate_limits';
import * as m0960 from './0960_alerts';
import * as m0970 from './0970_job_queue';
import * as m0980 from './0980_rate_limit_claim';
import * as m0981 from './0981_rate_limit_claim_forget';
import * as m0990 from './0990_documents_attempts';
import * as m1000 from './1000_signin_codes_and_vault_quota';
import * as m1001 from './1001_vault_open_uploads';
import * as m1020 from './1020_rate_limit_claim_previous_signature';
import * as m1030 from './1030_patient_matches_result_count';
import * as m1031 from './1031_trials_raw_record';
import * as m1040 from './1040_credit_periods_and_plan_requests';
import * as m1050 from './1050_patient_matches_counts';

/**
 * Versioned migrations, applied in name order on start (db/migrate.ts). Never edit, remove or renumber one
 * that has shipped: add a new file (NNNN_what.ts) numbered after every migration already applied anywhere,
 * and list it here; the server refuses to start when a pending migration sorts before one that ran.
 *
 * Expand/contract (README, "Upgrades without downtime"): during a rolling upgrade instances of the previous
 * release run on the database this release migrated, so A RELEASE NEVER DROPS OR CHANGES WHAT THE PREVIOUS
 * RELEASE CALLS. A migration is an expand step (the default: add tables, nullable or defaulted columns,
 * functions, new signatures beside the old ones) unless it exports `phase = 'contract'` (drops or renames
 * something), and a contract step may only remove what the previous release no longer uses: the release
 * that stops calling X ships, and the one after it drops X. Older code still starts on a database a newer
 * release migrated with expand steps only, and refuses once a contract step ran.
 */
export const migrations: Record<string, PhasedMigration> = {
  '0001_users_and_plans': m0001,
  '0003_survey_answers': m0003,
  '0200_vault': m0200,
  '0300_accounts': m0300,
  '0500_patients_and_trials': m0500,
  '0600_vocabularies': m0600,
  '0700_search_passes': m0700,
  '0800_derived_patient': m0800,
  '0900_documents': m0900,
  '0910_documents_ocr': m0910,
  '0920_demo_workspace': m0920,
  '0930_chat': m0930,
  '0940_sessions': m0940,
  '0950_rate_limits': m0950,
  '0960_alerts': m0960,
  '0970_job_queue': m0970,
  '0980_rate_limit_claim': m0980,
  '0981_rate_limit_claim_forget': m0981,
  '0990_documents_attempts': m0990,
  '1000_signin_codes_and_vault_quota': m1000,
  '1001_vault_open_uploads': m1001,
  '1020_rate_limit_claim_previous_signature': m1020,
  '1030_patient_matches_result_count': m1030,
  '1031_trials_raw_record': m1031,
  '1040_credit_periods_and_plan_requests': m1040,
  '1050_patient_matches_counts': m1050,
};
