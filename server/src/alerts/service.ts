import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_PURPOSES, isOpenStatus, type AlertReason, type CriterionOverride, type FolderAlert, type FolderVisitResponse, type LocationFilter, type PatientData, type Trial } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail';
import { AppError, conflict, notFound } from '../http/errors';
import { patientFingerprint } from '../plans/passes';
import { patientsStorage } from '../patients/storage';
import { TrialIndex, matchPatient } from '../trials';
import type { TrialStore } from '../trials/loader';
import type { TrialsService } from '../trials/service';
import { alertsStorage, type DigestItem, type Subscription } from './storage';
import { renderDigest, type DigestFolder } from './mail';
import { unsubscribeTokens, type UnsubscribeClaim } from './unsubscribe';

/** The job the trial sync sends after a sync that added or changed trials (contract with trials/jobs). */
export interface RematchJob {
  added: string[];
  changed: string[];
  /** ISO time of the sync. */
  syncedAt: string;
}

export interface AlertsDeps {
  db: Kysely<Database>;
  store: TrialStore;
  /** The folder's patient and the free re-run of a saved search (trials/service). */
  trials: TrialsService;
  mailer: Mailer;
  /** Origin of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  /** The session secret: unsubscribe links are signed with a key derived from it. */
  secret: string | Uint8Array;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * Visits of a folder's results closer together than this are one visit: a reload, a trip to a trial and
 * back, or React opening the page twice keep the "new" marks; the next visit after a pause clears them.
 */
export const VISIT_WINDOW_MINUTES = 30;
/** Subscriptions re-matched per page after a sync (the event loop is yielded between folders). */
const PAGE = 100;


/** What a snapshot was computed from: the patient, the clinician's overrides and the search's place. */
function fingerprintOf(patient: PatientData, overrides: CriterionOverride[], location: LocationFilter): string {
  const o = [...overrides].sort((a, b) => a.criterionId.localeCompare(b.criterionId)).map((x) => [x.criterionId, x.status]);
  return createHash('sha256').update(JSON.stringify([patientFingerprint(patient), o, location])).digest('hex');
}

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Alerts on new matching trials. "Matches" means what a clinician acts on: verdict match, a study of
 * the purposes the results show by default (treatment, or not stated), in the saved search's place; an
 * alert is raised only for a trial that is open to enrolment. Each subscription keeps the trials that
 * matched when last checked (alert_matches); after a sync only the synced trials are compared with it:
 * - not there before, now matching and open: "new trial" (added by the sync) or "now matches" (changed);
 * - matching before but closed, now open: "now recruiting".
 * The pending items go out in the daily digest, one mail per user per day at most.
 */
export function alertsService(deps: AlertsDeps) {
  const { db, store, trials, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());
  const storage = alertsStorage(db);
  const patients = patientsStorage(db);
  const tokens = unsubscribeTokens(deps.secret);
  const base = deps.publicUrl.replace(/\/$/, '');
  const enc = encodeURIComponent;

  async function folderOr404(userId: string, patientId: string) {
    const row = await patients.get(userId, patientId);
    if (!row) throw notFound('patient_not_found');
    return row;
  }

  const stateOf = (patientId: string, s: Subscription | undefined): FolderAlert => ({
    patientId,
    enabled: !!s,
    searchKey: s?.searchKey ?? null,
    since: s ? s.createdAt.toISOString() : null,
  });

  /** The folder's patient and overrides as a search sees them now. */
  async function patientOf(userId: string, patientId: string) {
    const { patient } = await trials.folderPatient(userId, patientId);
    return { patient, overrides: await patients.overrides(userId, patientId) };
  }

  /**
   * Every trial of the knowledge base that matches now (id -> open). Verdict tiers rank first
   * (matcher/ranking.ts), so the best `limit` results hold every match unless all of them are matches:
   * then the limit grows. Only the matches get full explanations.
   */
  async function matchingNow(patient: PatientData, overrides: CriterionOverride[], location: LocationFilter): Promise<Map<string, boolean>> {
    for (let limit = 200; ; limit *= 4) {
      const results = await store.engine.matchOffLoop(patient, { overrides, location, purposes: DEFAULT_PURPOSES, limit });
      const matched = results.filter((r) => r.verdict === 'match');
      if (matched.length < results.length || results.length < limit) {
        return new Map(matched.map((r) => [r.trialId, isOpenStatus(store.engine.index.get(r.trialId)?.overallStatus)]));
      }
    }
  }

  /** The synced trials that match the saved search (id -> open), decided as a search decides them. */
  function matchingOf(index: TrialIndex, patient: PatientData, overrides: CriterionOverride[], location: LocationFilter): Map<string, boolean> {
    const results = matchPatient(index, patient, { overrides, location, purposes: DEFAULT_PURPOSES, limit: Infinity });
    return new Map(results.filter((r) => r.verdict === 'match').map((r) => [r.trialId, isOpenStatus(index.get(r.trialId)?.overallStatus)]));
  }

  /** Re-matches one saved search against the synced trials; resolves to the items it queued. */
  async function rematchOne(sub: Subscription, synced: { ids: string[]; added: Set<string>; index: TrialIndex }, syncedAt: Date) {
    const { userId, patientId } = sub;
    let current: Awaited<ReturnType<typeof patientOf>>;
    try {
      current = await patientOf(userId, patientId);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 404) return []; // the folder went meanwhile (its alert with it)
      throw e;
    }
    const { patient, overrides } = current;
    const fingerprint = fingerprintOf(patient, overrides, sub.location);
    const matching = matchingOf(synced.index, patient, overrides, sub.location);
    // the patient (or an override) changed since the snapshot: it is rebuilt, except for the synced trials,
    // which are compared with what they were; trials that match because the patient changed raise nothing
    const rebuilt = fingerprint === sub.fingerprint ? null : await matchingNow(patient, overrides, sub.location);
    if (rebuilt) for (const id of synced.ids) rebuilt.delete(id);

    const items = await db.transaction().execute(async (trx) => {
      const s = alertsStorage(trx);
      // one re-match of a folder at a time (two syncs' jobs may run at once on two instances)
      if (!(await s.subscription(userId, patientId, { lock: true }))) return [];
      const before = await s.matches(userId, patientId, synced.ids);
      const out: Array<{ trialId: string; reason: AlertReason }> = [];
      for (const id of synced.ids) {
        if (matching.get(id) !== true) continue;
        const was = before.get(id);
        if (was === undefined) out.push({ trialId: id, reason: synced.added.has(id) ? 'new_trial' : 'now_matches' });
        else if (!was) out.push({ trialId: id, reason: 'now_recruiting' });
      }
      if (rebuilt) {
        await s.dropMatchesExcept(userId, patientId, synced.ids);
        await s.putMatches(userId, patientId, rebuilt);
      }
      await s.dropMatches(userId, patientId, synced.ids.filter((id) => !matching.has(id)));
      await s.putMatches(userId, patientId, matching);
      await s.checked(userId, patientId, fingerprint);
      await s.addItems(userId, patientId, out, syncedAt);
      return out;
    });
    if (items.length) {
      // the saved search is run again (free, as the results page's re-run) so the link in the mail shows
      // the new trials there, marked new since the last visit
      try {
        await trials.reMatch(userId, patientId, sub.searchKey);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        log.info({ patientId, code: e.code }, 'alerts: saved search not run again');
      }
      await storage.seen(userId, patientId, items.map((i) => i.trialId), now());
    }
    return items;
  }

  const link = {
    results: (patientId: string, searchKey: string) => `${base}/clinical-trials/${enc(patientId)}/results?search=${enc(searchKey)}`,
    trial: (patientId: string, trialId: string, searchKey: string) => `${base}/clinical-trials/${enc(patientId)}/trial/${enc(trialId)}?search=${enc(searchKey)}`,
    unsubscribe: async (claim: UnsubscribeClaim) => `${base}/api/alerts/unsubscribe?token=${await tokens.sign(claim)}`,
  };

  async function foldersOf(userId: string, items: DigestItem[]): Promise<DigestFolder[]> {
    const byFolder = new Map<string, DigestFolder>();
    for (const i of items) {
      let f = byFolder.get(i.patientId);
      if (!f) {
        f = { name: i.folderName, resultsLink: link.results(i.patientId, i.searchKey), unsubscribeLink: await link.unsubscribe({ userId, patientId: i.patientId }), trials: [] };
        byFolder.set(i.patientId, f);
      }
      f.trials.push({ title: i.title, nctId: i.nctId, trialId: i.trialId, reason: i.reason, link: link.trial(i.patientId, i.trialId, i.searchKey) });
    }
    return [...byFolder.values()];
  }

  const service = {
    async state(userId: string, patientId: string): Promise<FolderAlert> {
      await folderOr404(userId, patientId);
      return stateOf(patientId, await storage.subscription(userId, patientId));
    },

    /**
     * "Alert me" for one of the folder's searches (it must have been run: its place is the alert's). A
     * folder has one alert: turning it on from another search moves it there. The trials matching now are
     * the snapshot; only what a later sync changes is mailed.
     */
    async enable(userId: string, patientId: string, searchKey: string): Promise<FolderAlert> {
      await folderOr404(userId, patientId);
      const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      if (!user?.email) throw conflict('alerts_email_missing');
      const search = await patients.getSearch(userId, patientId, searchKey);
      if (!search) throw notFound('search_not_found');
      // a snapshot taken before the knowledge base loaded would make old trials look new at the next sync
      if (store.loading && !store.ready) throw new AppError(503, 'trials_loading');
      const { patient, overrides } = await patientOf(userId, patientId);
      const matching = await matchingNow(patient, overrides, search.location);
      await db.transaction().execute((trx) =>
        alertsStorage(trx).subscribe({ userId, patientId, searchKey, location: search.location, fingerprint: fingerprintOf(patient, overrides, search.location) }, matching),
      );
      return stateOf(patientId, await storage.subscription(userId, patientId));
    },

    async disable(userId: string, patientId: string): Promise<FolderAlert> {
      await folderOr404(userId, patientId);
      await storage.unsubscribe(userId, patientId);
      return stateOf(patientId, undefined);
    },

    /**
     * The clinician opened the folder's results. Every trial in the folder's saved searches not seen
     * before is recorded as first seen now; the answer lists the trials first seen after the previous
     * visit (none on the first visit). Visits within VISIT_WINDOW_MINUTES count as one.
     */
    async visit(userId: string, patientId: string): Promise<FolderVisitResponse> {
      await folderOr404(userId, patientId);
      const at = now();
      const ids = await storage.resultTrialIds(userId, patientId);
      const { since, fresh } = await db.transaction().execute(async (trx) => {
        const s = alertsStorage(trx);
        const last = await s.visit(userId, patientId);
        const sameVisit = !!last && at.getTime() - last.visitedAt.getTime() < VISIT_WINDOW_MINUTES * 60_000;
        const boundary = !last ? null : sameVisit ? last.since : last.visitedAt;
        await s.seen(userId, patientId, ids, at);
        await s.putVisit(userId, patientId, at, boundary);
        return { since: boundary, fresh: boundary ? await s.seenAfter(userId, patientId, boundary) : [] };
      });
      return { patientId, alert: stateOf(patientId, await storage.subscription(userId, patientId)), since: since?.toISOString() ?? null, newTrialIds: fresh };
    },

    /**
     * Job 'alerts.rematch', after a trial sync: every saved search against the synced trials as the
     * database holds them now. Idempotent: a retry finds the snapshot already updated and queues nothing
     * twice (and a pending item exists once per trial and folder).
     */
    async rematch(job: Partial<RematchJob>): Promise<{ subscriptions: number; items: number }> {
      const added = new Set(job.added ?? []);
      const ids = [...new Set([...(job.added ?? []), ...(job.changed ?? [])])];
      const t = job.syncedAt ? new Date(job.syncedAt) : now();
      const syncedAt = Number.isNaN(t.getTime()) ? now() : t;
      if (!ids.length) return { subscriptions: 0, items: 0 };
      const stored: Trial[] = await storage.trials(ids);
      // an instance that did not run the sync may not have the new trials yet: the saved-search re-run
      // reads them from this engine (changed ones are reloaded by the sync's change notice)
      const missing = stored.filter((x) => !store.engine.index.get(x.id));
      if (missing.length) store.engine.load(missing);
      const synced = { ids, added, index: new TrialIndex(stored) };
      let subscriptions = 0;
      let items = 0;
      let after: { userId: string; patientId: string } | null = null;
      for (;;) {
        const page = await storage.subscriptionsAfter(after, PAGE);
        for (const sub of page) {
          items += (await rematchOne(sub, synced, syncedAt)).length;
          subscriptions++;
          await new Promise((r) => setImmediate(r));
        }
        if (page.length < PAGE) break;
        after = page[page.length - 1];
      }
      log.info({ trials: ids.length, subscriptions, items }, 'alerts: saved searches matched against the synced trials');
      return { subscriptions, items };
    },

    /**
     * Job 'alerts.digest' (daily): one mail per user with pending items, at most one per user per UTC day.
     * The day's digest row is claimed with its items before the mail goes: a retried or second run the
     * same day finds it and mails nothing (a run that died after claiming leaves it claimed: at most once).
     * A mail the transport refuses frees the claim again, and the job fails so the queue retries it.
     */
    async digest(): Promise<{ mailed: number; failed: number }> {
      const day = now().toISOString().slice(0, 10);
      let mailed = 0;
      let failed = 0;
      let lastError: unknown;
      for (const userId of await storage.usersWithPending()) {
        const user = await db.selectFrom('users').select(['email', 'language', 'nickname', 'first_name']).where('id', '=', userId).executeTakeFirst();
        if (!user?.email) continue;
        const claim = await db.transaction().execute(async (trx) => {
          const s = alertsStorage(trx);
          await s.dropStalePending(userId);
          return s.claimDigest(userId, day);
        });
        if (!claim) continue;
        const items = await storage.digestItems(claim.id);
        const mail = renderDigest({
          to: user.email,
          language: user.language,
          name: user.nickname || user.first_name || user.email.split('@')[0],
          folders: await foldersOf(userId, items),
          unsubscribeAllLink: await link.unsubscribe({ userId, patientId: null }),
        });
        try {
          await mailer.send(mail);
          await storage.digestSent(claim.id);
          mailed++;
        } catch (e) {
          await storage.releaseDigest(claim.id);
          failed++;
          lastError = e;
          log.warn({ err: e, userId }, 'alerts: digest not sent');
        }
      }
      if (mailed || failed) log.info({ mailed, failed, day }, 'alerts: digests');
      if (failed) throw new Error(`alert digests: ${failed} not sent (${String(lastError)})`);
      return { mailed, failed };
    },

    /** An unsubscribe link's claim (null: not a link of ours), and the language to answer in. */
    async describe(token: string): Promise<{ claim: UnsubscribeClaim; language: string | null } | null> {
      const claim = await tokens.verify(token);
      if (!claim || !uuidLike.test(claim.userId)) return null;
      const user = await db.selectFrom('users').select('language').where('id', '=', claim.userId).executeTakeFirst();
      return { claim, language: user?.language ?? null };
    },

    /** Follows an unsubscribe link: turns the folder's alert (or all of the user's) off; null for a link that is not ours. */
    async unsubscribe(token: string): Promise<{ scope: 'folder' | 'all'; turnedOff: number; language: string | null } | null> {
      const found = await service.describe(token);
      if (!found) return null;
      const turnedOff = await storage.unsubscribe(found.claim.userId, found.claim.patientId);
      log.info({ userId: found.claim.userId, scope: found.claim.patientId ? 'folder' : 'all', turnedOff }, 'alerts: unsubscribed by link');
      return { scope: found.claim.patientId ? 'folder' : 'all', turnedOff, language: found.language };
    },

    /** The unsubscribe link of a folder (or of all folders with null), as mails carry it. */
    unsubscribeLink: (userId: string, patientId: string | null) => link.unsubscribe({ userId, patientId }),
    /** The mailed log of a user. */
    digests: (userId: string) => storage.digests(userId),
  };
  return service;
}
export type AlertsService = ReturnType<typeof alertsService>;
