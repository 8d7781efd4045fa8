import type { ColumnType, Generated } from 'kysely';
import type { SurveyTables } from '../survey/storage';
import type { PatientTables } from '../patients/tables';
import type { VocabularyTables } from '../vocab/reference/tables';
import type { VaultItemsTable, VaultOpenUploadsTable, VaultSharesTable } from '../vault/tables';
import type { AlertTables } from '../alerts/tables';
import type { PlanTables } from '../plans/tables';
import type { ChatTables } from '../chat/storage';
import type { DocumentTables } from '../documents/storage';
import type { SessionsTable } from '../http/session';
import type { EmailTokensTable, MailCooldownsTable, RateLimitsTable, SigninCodesTable, UserIdentitiesTable, WalletNoncesTable } from '../auth/tables';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type { Timestamp };

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  email_verified: Generated<boolean>;
  password_hash: string | null;
  nickname: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  wallet_address: string | null;
  avatar_color: string | null;
  language: Generated<string>;
  accepted_trials_disclaimer: Generated<boolean>;
  is_demo: Generated<boolean>;
  plan_id: Generated<string>;
  searches_left: Generated<number>;
  /** Start of the current credit period (migration 1040, plans/period.ts). */
  period_start: Generated<Date>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlansTable {
  id: string;
  name: string;
  searches_per_period: number;
  /** Months a period of the plan lasts (migration 1040). */
  period_months: Generated<number>;
  sort_order: number;
  /** Bytes of vault files a user of this plan may keep (migration 1000); bigint, read as a string. */
  vault_quota_bytes: ColumnType<string, never, never>;
}

/** The in-process job queue (jobs/inProcess.ts). */
export interface JobTables {
  job_queue: {
    id: Generated<string>;
    name: string;
    data: unknown;
    singleton_key: string | null;
    state: Generated<'created' | 'active' | 'completed' | 'failed'>;
    attempts: Generated<number>;
    run_after: Generated<Date>;
    error: string | null;
    created_at: Generated<Date>;
    finished_at: Date | null;
  };
}

/**
 * The database as Kysely sees it. Each domain adds its tables here (and a migration in ./migrations).
 */
export interface Database extends SurveyTables, PatientTables, VocabularyTables, JobTables, ChatTables, DocumentTables {
  users: UsersTable;
  plans: PlansTable;
  vault_items: VaultItemsTable;
  vault_shares: VaultSharesTable;
  vault_open_uploads: VaultOpenUploadsTable;
  email_tokens: EmailTokensTable;
  mail_cooldowns: MailCooldownsTable;
  wallet_nonces: WalletNoncesTable;
  user_identities: UserIdentitiesTable;
  rate_limits: RateLimitsTable;
  sessions: SessionsTable;
  signin_codes: SigninCodesTable;
}

/** The alerts' tables (migration 0960), merged into Database (an interface may be declared more than once). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends AlertTables {}

/** The plans domain's credit ledger and plan requests (migration 1040). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends PlanTables {}
