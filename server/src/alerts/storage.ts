import { sql, type Kysely } from 'kysely';
import type { AlertReason, LocationFilter, Trial } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';

export interface Subscription {
  userId: string;
  patientId: string;
  searchKey: string;
  location: LocationFilter;
  fingerprint: string;
  createdAt: Date;
}

/** A trial waiting for (or claimed by) a digest, with what the mail shows of it. */
export interface DigestItem {
  patientId: string;
  folderName: string;
  searchKey: string;
  trialId: string;
  nctId: string | null;
  title: string;
  reason: AlertReason;
}

const toSubscription = (r: { user_id: string; patient_id: string; search_key: string; location: unknown; fingerprint: string; created_at: Date | string }): Subscription => ({
  userId: r.user_id,
  patientId: r.patient_id,
  searchKey: r.search_key,
  location: r.location as LocationFilter,
  fingerprint: r.fingerprint,
  createdAt: new Date(r.created_at),
});

/**
 * The alerts' tables (migration 0960). Every query names the owning user. Functions take the Kysely
 * instance they run on, so the service can run several of them in one transaction.
 */
export function alertsStorage(db: Kysely<Database>) {
  async function putMatches(userId: string, patientId: string, matching: Map<string, boolean>): Promise<void> {
    const rows = [...matching].map(([trial_id, open]) => ({ user_id: userId, patient_id: patientId, trial_id, open }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('alert_matches')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['user_id', 'patient_id', 'trial_id']).doUpdateSet({ open: (eb) => eb.ref('excluded.open') }))
        .execute();
    }
  }
  return {
    async subscription(userId: string, patientId: string, options: { lock?: boolean } = {}): Promise<Subscription | undefined> {
      let q = db.selectFrom('alert_subscriptions').selectAll().where('user_id', '=', userId).where('patient_id', '=', patientId);
      if (options.lock) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && toSubscription(row);
    },

    /** Subscriptions in pages (user, folder order), for the re-match after a sync. */
    async subscriptionsAfter(after: { userId: string; patientId: string } | null, limit: number): Promise<Subscription[]> {
      let q = db.selectFrom('alert_subscriptions').selectAll().orderBy('user_id').orderBy('patient_id').limit(limit);
      if (after) q = q.where((eb) => eb.or([eb('user_id', '>', after.userId), eb.and([eb('user_id', '=', after.userId), eb('patient_id', '>', after.patientId)])]));
      return (await q.execute()).map(toSubscription);
    },

    /** Turns the alert on (or moves it to another search) with the trials that match now as its snapshot. */
    async subscribe(s: Omit<Subscription, 'createdAt'>, matching: Map<string, boolean>): Promise<void> {
      await db
        .insertInto('alert_subscriptions')
        .values({ user_id: s.userId, patient_id: s.patientId, search_key: s.searchKey, location: JSON.stringify(s.location), fingerprint: s.fingerprint })
        .onConflict((oc) =>
          oc.columns(['user_id', 'patient_id']).doUpdateSet({ search_key: s.searchKey, location: JSON.stringify(s.location), fingerprint: s.fingerprint, checked_at: sql`now()` }),
        )
        .execute();
      await db.deleteFrom('alert_matches').where('user_id', '=', s.userId).where('patient_id', '=', s.patientId).execute();
      await putMatches(s.userId, s.patientId, matching);
    },

    /** Turns alerts off: one folder's, or every folder's of the user (their snapshots and pending items go too). Resolves to how many were on. */
    async unsubscribe(userId: string, patientId: string | null): Promise<number> {
      let q = db.deleteFrom('alert_subscriptions').where('user_id', '=', userId);
      if (patientId !== null) q = q.where('patient_id', '=', patientId);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** The snapshot rows of these trials (all of the folder's when ids is null): trial id -> open to enrolment. */
    async matches(userId: string, patientId: string, ids: string[] | null): Promise<Map<string, boolean>> {
      if (ids && !ids.length) return new Map();
      let q = db.selectFrom('alert_matches').select(['trial_id', 'open']).where('user_id', '=', userId).where('patient_id', '=', patientId);
      if (ids) q = q.where('trial_id', 'in', ids);
      return new Map((await q.execute()).map((r) => [r.trial_id, r.open]));
    },

    putMatches,

    async dropMatches(userId: string, patientId: string, ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db.deleteFrom('alert_matches').where('user_id', '=', userId).where('patient_id', '=', patientId).where('trial_id', 'in', ids).execute();
    },

    /** Snapshot rows except these trials (a rebuild after the patient changed keeps the sync's trials as they were). */
    async dropMatchesExcept(userId: string, patientId: string, keep: string[]): Promise<void> {
      let q = db.deleteFrom('alert_matches').where('user_id', '=', userId).where('patient_id', '=', patientId);
      if (keep.length) q = q.where('trial_id', 'not in', keep);
      await q.execute();
    },

    async checked(userId: string, patientId: string, fingerprint: string): Promise<void> {
      await db.updateTable('alert_subscriptions').set({ fingerprint, checked_at: sql`now()` }).where('user_id', '=', userId).where('patient_id', '=', patientId).execute();
    },

    /** Pending digest items (one per trial and folder: a second one for the same trial is dropped). */
    async addItems(userId: string, patientId: string, items: Array<{ trialId: string; reason: AlertReason }>, syncedAt: Date): Promise<number> {
      if (!items.length) return 0;
      const r = await db
        .insertInto('alert_items')
        .values(items.map((i) => ({ user_id: userId, patient_id: patientId, trial_id: i.trialId, reason: i.reason, synced_at: syncedAt })))
        .onConflict((oc) => oc.columns(['user_id', 'patient_id', 'trial_id']).where('digest_id', 'is', null).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0);
    },

    /** Users with pending items. */
    async usersWithPending(): Promise<string[]> {
      const rows = await db.selectFrom('alert_items').select('user_id').distinct().where('digest_id', 'is', null).orderBy('user_id').execute();
      return rows.map((r) => r.user_id);
    },

    /**
     * Pending items whose trial no longer matches or no longer recruits (per the snapshot, which the last
     * re-match updated) are dropped: a digest lists only trials that are still worth a look.
     */
    async dropStalePending(userId: string): Promise<void> {
      await sql`delete from alert_items i where i.user_id = ${userId} and i.digest_id is null and (not exists (
        select 1 from alert_matches m where m.user_id = i.user_id and m.patient_id = i.patient_id and m.trial_id = i.trial_id and m.open)
        or not exists (select 1 from trials t where t.id = i.trial_id))`.execute(db);
    },

    /**
     * Claims today's digest of a user and every pending item for it, or null when the user already has
     * one today (mailed, or claimed by a run that may have mailed it) or nothing is pending. Run in a
     * transaction: the claim and the items go together.
     */
    async claimDigest(userId: string, day: string): Promise<{ id: string; items: number } | null> {
      const pending = await db.selectFrom('alert_items').select('id').where('user_id', '=', userId).where('digest_id', 'is', null).limit(1).executeTakeFirst();
      if (!pending) return null;
      const digest = await db
        .insertInto('alert_digests')
        .values({ user_id: userId, day, status: 'sending' })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!digest) return null;
      const r = await db.updateTable('alert_items').set({ digest_id: digest.id }).where('user_id', '=', userId).where('digest_id', 'is', null).executeTakeFirst();
      const items = Number(r.numUpdatedRows);
      await db.updateTable('alert_digests').set({ items }).where('id', '=', digest.id).execute();
      return { id: digest.id, items };
    },

    /** What a claimed digest lists, folder by folder. */
    async digestItems(digestId: string): Promise<DigestItem[]> {
      const rows = await db
        .selectFrom('alert_items as i')
        .innerJoin('patients as p', (j) => j.onRef('p.user_id', '=', 'i.user_id').onRef('p.id', '=', 'i.patient_id'))
        .innerJoin('alert_subscriptions as s', (j) => j.onRef('s.user_id', '=', 'i.user_id').onRef('s.patient_id', '=', 'i.patient_id'))
        .innerJoin('trials as t', 't.id', 'i.trial_id')
        .select(['i.patient_id', 'p.name', 's.search_key', 'i.trial_id', 't.nct_id', 'i.reason', sql<string>`t.data->>'briefTitle'`.as('title')])
        .where('i.digest_id', '=', digestId)
        .orderBy('p.name')
        .orderBy('i.patient_id')
        .orderBy('i.reason')
        .orderBy('i.trial_id')
        .execute();
      return rows.map((r) => ({ patientId: r.patient_id, folderName: r.name, searchKey: r.search_key, trialId: r.trial_id, nctId: r.nct_id, title: r.title ?? r.trial_id, reason: r.reason as AlertReason }));
    },

    async digestSent(digestId: string): Promise<void> {
      await db.updateTable('alert_digests').set({ status: 'sent', sent_at: sql`now()` }).where('id', '=', digestId).execute();
    },

    /** A digest the transport refused: its items wait again and the day's slot is free for a retry. */
    async releaseDigest(digestId: string): Promise<void> {
      await db.updateTable('alert_items').set({ digest_id: null }).where('digest_id', '=', digestId).execute();
      await db.deleteFrom('alert_digests').where('id', '=', digestId).execute();
    },

    /** Digests of a user (newest first): the mailed log. */
    async digests(userId: string): Promise<Array<{ id: string; day: string; status: string; items: number; sentAt: Date | null }>> {
      const rows = await db.selectFrom('alert_digests').select(['id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'status', 'items', 'sent_at']).where('user_id', '=', userId).orderBy('day', 'desc').execute();
      return rows.map((r) => ({ id: r.id, day: r.day, status: r.status, items: r.items, sentAt: r.sent_at }));
    },

    /** The stored records of these trials (a sync's), as the database holds them now. */
    async trials(ids: string[]): Promise<Trial[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('trials').select('data').where('id', 'in', ids).execute();
      return rows.map((r) => r.data as Trial);
    },

    /* visits of the results and first sightings */
    async visit(userId: string, patientId: string): Promise<{ visitedAt: Date; since: Date | null } | undefined> {
      const row = await db.selectFrom('alert_visits').select(['visited_at', 'since']).where('user_id', '=', userId).where('patient_id', '=', patientId).forUpdate().executeTakeFirst();
      return row && { visitedAt: new Date(row.visited_at), since: row.since ? new Date(row.since) : null };
    },
    async putVisit(userId: string, patientId: string, visitedAt: Date, since: Date | null): Promise<void> {
      await db
        .insertInto('alert_visits')
        .values({ user_id: userId, patient_id: patientId, visited_at: visitedAt, since })
        .onConflict((oc) => oc.columns(['user_id', 'patient_id']).doUpdateSet({ visited_at: visitedAt, since }))
        .execute();
    },
    /** Records trials as seen in the folder's results at `at`, unless seen before. */
    async seen(userId: string, patientId: string, trialIds: string[], at: Date): Promise<void> {
      const ids = [...new Set(trialIds)];
      for (let i = 0; i < ids.length; i += 500) {
        await db
          .insertInto('alert_seen')
          .values(ids.slice(i, i + 500).map((trial_id) => ({ user_id: userId, patient_id: patientId, trial_id, first_seen_at: at })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    },
    async seenAfter(userId: string, patientId: string, since: Date): Promise<string[]> {
      const rows = await db.selectFrom('alert_seen').select('trial_id').where('user_id', '=', userId).where('patient_id', '=', patientId).where('first_seen_at', '>', since).orderBy('trial_id').execute();
      return rows.map((r) => r.trial_id);
    },
    /** Trial ids of every saved search of the folder. */
    async resultTrialIds(userId: string, patientId: string): Promise<string[]> {
      const r = await sql<{ id: string }>`select distinct m.r->>'trialId' as id from patient_matches p, jsonb_array_elements(p.results) as m(r)
        where p.user_id = ${userId} and p.patient_id = ${patientId}`.execute(db);
      return r.rows.map((x) => x.id).filter(Boolean);
    },
  };
}
export type AlertsStorage = ReturnType<typeof alertsStorage>;
