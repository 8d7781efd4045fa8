import { sql, type Kysely } from 'kysely';

/**
 * Alerts on new matching trials (server/src/alerts): a saved search per patient folder with the trials
 * that matched it when last checked (to tell what a trial sync made new), the trials waiting for the
 * daily digest, the digests mailed (one per user per day), and per folder the clinician's last visit of
 * the results with the first time each trial was seen in them ("new since your last visit"). Everything
 * goes with its folder (and user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const owned = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('patient_id', 'text', (c) => c.notNull())
      .addForeignKeyConstraint(`${name}_patient_fkey`, ['user_id', 'patient_id'], 'patients', ['user_id', 'id'], (c) => c.onDelete('cascade'));
  const subscribed = (name: string) =>
    owned(name).addForeignKeyConstraint(`${name}_subscription_fkey`, ['user_id', 'patient_id'], 'alert_subscriptions', ['user_id', 'patient_id'], (c) => c.onDelete('cascade'));

  // "alert me" is on for a folder while its row exists; the search it watches (key and resolved location)
  await owned('alert_subscriptions')
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('location', 'jsonb', (c) => c.notNull())
    // what the snapshot was computed from (patient, overrides, location): a change rebuilds it
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('alert_subscriptions_pkey', ['user_id', 'patient_id'])
    .execute();
  // the trials that matched the saved search when last checked, and whether each was open to enrolment
  await subscribed('alert_matches')
    .addColumn('trial_id', 'text', (c) => c.notNull())
    .addColumn('open', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_matches_pkey', ['user_id', 'patient_id', 'trial_id'])
    .execute();

  await db.schema
    .createTable('alert_digests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the UTC day it belongs to: at most one per user and day
    .addColumn('day', 'date', (c) => c.notNull())
    // sending (claimed: may have left), sent
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('alert_digests_user_day_key', ['user_id', 'day'])
    .execute();

  // a trial a sync made new for a saved search: pending until a digest claims it (digest_id)
  await subscribed('alert_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('trial_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('synced_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('digest_id', 'uuid', (c) => c.references('alert_digests.id').onDelete('set null'))
    .execute();
  // one pending item per trial and folder (a retried or second sync adds nothing)
  await sql`create unique index alert_items_pending_key on alert_items (user_id, patient_id, trial_id) where digest_id is null`.execute(db);
  await db.schema.createIndex('alert_items_digest_idx').on('alert_items').columns(['digest_id']).execute();

  // the clinician's visits of a folder's results: the last one, and the boundary "new" is counted from
  await owned('alert_visits')
    .addColumn('visited_at', 'timestamptz', (c) => c.notNull())
    .addColumn('since', 'timestamptz')
    .addPrimaryKeyConstraint('alert_visits_pkey', ['user_id', 'patient_id'])
    .execute();
  // when each trial was first seen in a folder's results
  await owned('alert_seen')
    .addColumn('trial_id', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_seen_pkey', ['user_id', 'patient_id', 'trial_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['alert_seen', 'alert_visits', 'alert_items', 'alert_digests', 'alert_matches', 'alert_subscriptions']) await db.schema.dropTable(t).execute();
}
