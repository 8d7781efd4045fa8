import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Tables of migration 0960_alerts. */
export interface AlertSubscriptionsTable {
  user_id: string;
  patient_id: string;
  search_key: string;
  location: Json<unknown>;
  fingerprint: string;
  created_at: Timestamp;
  checked_at: Timestamp;
}
export interface AlertMatchesTable {
  user_id: string;
  patient_id: string;
  trial_id: string;
  open: boolean;
}
export interface AlertDigestsTable {
  id: Generated<string>;
  user_id: string;
  /** YYYY-MM-DD (UTC). */
  day: ColumnType<Date | string, string, string>;
  status: 'sending' | 'sent';
  items: Generated<number>;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface AlertItemsTable {
  id: Generated<string>;
  user_id: string;
  patient_id: string;
  trial_id: string;
  reason: string;
  synced_at: Timestamp;
  created_at: Timestamp;
  digest_id: string | null;
}
export interface AlertVisitsTable {
  user_id: string;
  patient_id: string;
  visited_at: Timestamp;
  since: ColumnType<Date | null, Date | string | null, Date | string | null>;
}
export interface AlertSeenTable {
  user_id: string;
  patient_id: string;
  trial_id: string;
  first_seen_at: Timestamp;
}

export interface AlertTables {
  alert_subscriptions: AlertSubscriptionsTable;
  alert_matches: AlertMatchesTable;
  alert_digests: AlertDigestsTable;
  alert_items: AlertItemsTable;
  alert_visits: AlertVisitsTable;
  alert_seen: AlertSeenTable;
}
