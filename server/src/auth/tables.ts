import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/schema';

/** Single-use links mailed to a user (email verification, password reset); only the SHA-256 is stored. */
export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  /** The address the link was sent to: a verification link proves this address only. */
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** When a user was last sent a mail of a kind, for the 60-second cooldown. */
export interface MailCooldownsTable {
  user_id: string;
  kind: 'verify_email' | 'reset_password';
  sent_at: Timestamp;
}

/** Outstanding Sign-In with Ethereum nonces; deleted when used. */
export interface WalletNoncesTable {
  nonce: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** One-time codes that finish an external sign-in (migration 1000, auth/signinCodes.ts); only the SHA-256 is stored. */
export interface SigninCodesTable {
  code_hash: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: ColumnType<Date, never, never>;
}

/** External identities (Google's `sub`) linked to a user. */
export interface UserIdentitiesTable {
  provider: 'google';
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

/**
 * Counters shared by every server instance (migrations 0950 and 0980, auth/throttleStore.ts): rate-limit windows and
 * consecutive failed sign-ins. Keys name the counter and a hash of its subject (address, account).
 */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** The last counted attempt: sign-in delays run from it. */
  updated_at: Timestamp;
  /** The attempt before the last (to give an attempt back). */
  previous_at: Timestamp | null;
  /** After this the row counts nothing and may be deleted. */
  expires_at: Timestamp;
}
