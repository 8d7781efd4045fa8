import type { Kysely } from 'kysely';
import type {
  CriterionOverride,
  CriterionResult,
  ExportResponse,
  FindMatchRequest,
  FindMatchResponse,
  FocusArea,
  LocationFilter,
  PurposeFilter,
  MatchedTrial,
  SearchCounts,
  PatientData,
  SearchLocation,
  Trial,
  TrialMatchResult,
  TrialSummary,
} from '@oncodesk/shared/contracts';
import { DEFAULT_PURPOSES, OPEN_STATUSES, searchKeyOf, type CatalogueStatus } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { creditsOf, spendSearch } from '../plans/service';
import { buySearch, patientFingerprint } from '../plans/passes';
import type { FolderPatients } from '../survey/derivedPatient';
import type { PatientsService } from '../patients/service';
import { patientsStorage, type PatientsStorage } from '../patients/storage';
import { patientSummary, type Lang } from '../patients/summary';
import { trialBlurb } from './blurb';
import { continentOf, filterSites, matchTrial, normalizePatient, validatePatient, viewPatient } from './index';
import { changesBetween, type MatchOptions } from './matcher';
import { stampOverrides } from './overrides';
import type { TrialStore } from './loader';

export interface TrialsDeps {
  db: Kysely<Database>;
  store: TrialStore;
  patients: PatientsService;
  patientsStorage: PatientsStorage;
  folders: FolderPatients;
}

/** Results kept per search (the list shows them; detail, graph and export read them back). */
const SEARCH_LIMIT = 50;
/** Closed trials kept with a search, after its open ones (the results page shows them behind a switch). */
const CLOSED_LIMIT = 20;

export function summarize(t: Trial): TrialSummary {
  return {
    id: t.id,
    ...(t.nctId ? { nctId: t.nctId } : {}),
    briefTitle: t.briefTitle,
    ...(t.titleOrigin ? { titleOrigin: t.titleOrigin } : {}),
    phases: t.phases,
    overallStatus: t.overallStatus,
    ...(t.studyType ? { studyType: t.studyType } : {}),
    primaryPurpose: t.primaryPurpose,
    ...(t.purposeOrigin ? { purposeOrigin: t.purposeOrigin } : {}),
    ...(t.sponsor ? { sponsor: t.sponsor } : {}),
    conditions: t.conditions.slice(0, 5),
    ...(t.summary ? { summary: t.summary.slice(0, 600) } : {}),
  };
}

/**
 * The search's scope and each wider one around the patient, narrowest first: a radius, then the patient's
 * country, continent and the world (a country or continent scope is followed by the wider standard ones).
 */
function scopeLadder(filter: LocationFilter, patient: PatientData): Array<{ searchKey: string; location: SearchLocation; filter: LocationFilter; place?: string }> {
  const here = patient.location;
  const country = here?.countryCode?.toUpperCase();
  const continent = country ? continentOf(country) : undefined;
  const out: Array<{ searchKey: string; location: SearchLocation; filter: LocationFilter; place?: string }> = [];
  const rank = { radius: 0, country: 1, continent: 2, global: 3 }[filter.kind];
  const own = (l: SearchLocation, f: LocationFilter, place?: string) => out.push({ searchKey: searchKeyOf(l), location: l, filter: f, ...(place ? { place } : {}) });
  if (filter.kind === 'radius') own({ scope: 'radius', km: filter.km }, filter, here?.city);
  else if (filter.kind === 'country') own({ scope: 'country', countryCodes: filter.countryCodes }, filter, filter.countryCodes.join(','));
  else if (filter.kind === 'continent') own({ scope: 'continent', continents: filter.continents }, filter, filter.continents.join(','));
  if (rank < 1 && country) own({ scope: 'country', countryCodes: [country] }, { kind: 'country', countryCodes: [country] }, country);
  if (rank < 2 && continent) own({ scope: 'continent', continents: [continent as never] }, { kind: 'continent', continents: [continent as never] }, continent);
  own({ scope: 'global' }, { kind: 'global' });
  return out;
}

/** A search location resolved against the patient's own place, and its key in the folder's cache. */
export function resolveLocation(loc: SearchLocation, patient: PatientData): { filter: LocationFilter; key: string } {
  const here = patient.location;
  const need = () => new AppError(400, 'location_required', [{ path: 'location', code: 'location_required' }]);
  switch (loc.scope) {
    case 'global':
      return { filter: { kind: 'global' }, key: searchKeyOf(loc) };
    case 'radius':
      if (!here?.point) throw need();
      return { filter: { kind: 'radius', center: here.point, km: loc.km }, key: searchKeyOf(loc) };
    case 'country': {
      const codes = loc.countryCodes ?? (here?.countryCode ? [here.countryCode] : null);
      if (!codes) throw need();
      const sorted = [...new Set(codes)].sort();
      return { filter: { kind: 'country', countryCodes: sorted }, key: searchKeyOf({ scope: 'country', countryCodes: sorted }) };
    }
    case 'continent': {
      const own = here?.countryCode ? continentOf(here.countryCode) : undefined;
      const list = loc.continents ?? (own ? [own as never] : null);
      if (!list) throw need();
      const sorted = [...new Set(list)].sort();
      return { filter: { kind: 'continent', continents: sorted }, key: searchKeyOf({ scope: 'continent', continents: sorted }) };
    }
  }
}

/** The matcher's view of a structured record from an API client: 400 `invalid_patient` listing what is wrong. */
function checkedPatient(input: unknown): PatientData {
  const { patient, errors } = validatePatient(input);
  if (!patient) throw badRequest('invalid_patient', errors.slice(0, 20).map((e) => ({ path: `patient.${e.split(':')[0]}`, code: 'invalid_patient' })));
  return patient;
}

export function trialsService(deps: TrialsDeps) {
  const { db, store, patients, patientsStorage: storage, folders } = deps;
  const engine = store.engine;

  const trialOr404 = (id: string): Trial => {
    const t = engine.index.get(id);
    if (!t) throw notFound('trial_not_found');
    return t;
  };

  /** The folder's patient as stored with its survey answers (survey/derivedPatient.ts). */
  async function folderPatient(userId: string, patientId: string) {
    const row = await patients.row(userId, patientId);
    const folder = (await folders.get(userId, patientId)) ?? folders.blank(row.focus_area as FocusArea);
    return { row, patient: folder.patient, complete: folder.actions.complete, answersUpdatedAt: folder.updatedAt ?? null };
  }

  function decorate(results: TrialMatchResult[], likes: Set<string>): MatchedTrial[] {
    const out: MatchedTrial[] = [];
    for (const match of results) {
      const t = engine.index.get(match.trialId);
      // A trial removed by a later import drops out of cached lists instead of failing them.
      if (t) out.push({ trial: summarize(t), match, liked: likes.has(match.trialId) });
    }
    return out;
  }

  async function likesOf(userId: string, patientId: string) {
    return new Set(await storage.likes(userId, patientId));
  }

  const service = {
    folderPatient,
    /** A trial record by id (the assistant's lookup; undefined when OncoDesk has no such trial). */
    trialById: (id: string): Trial | undefined => engine.index.get(id),
    /** The catalogue's size, its open trials and when the registry sync last fetched records. */
    async catalogue(): Promise<CatalogueStatus> {
      let open = 0;
      for (const e of engine.index.entries) if (OPEN_STATUSES.has(e.trial.overallStatus)) open++;
      const row = await db.selectFrom('trials').select((eb) => eb.fn.max('fetched_at').as('at')).executeTakeFirst();
      const at = row?.at ? new Date(row.at as Date | string) : null;
      return { trials: engine.index.entries.length, open, syncedAt: at ? at.toISOString() : null };
    },

    /**
     * Matches a folder's patient: validates everything, matches, then in one transaction buys the
     * patient's search (plans/passes.ts: one credit per patient and answers a day, other scopes free)
     * and saves the results, so a credit is never spent without results the clinician can open.
     *
     * With a filter (purposes, verdicts) it answers a view of the folder's search of that scope instead:
     * the filter applies to the whole ranked catalogue before the best are kept (not to the saved list),
     * needs that search run before, takes no credit whenever it is asked (like re-match) and saves nothing.
     * Either way the answer counts, from the scan that ranked it, the trials of the whole catalogue the
     * filter keeps in the scope, and the open trials not ruled out in each wider scope.
     */
    async findMatch(userId: string, body: FindMatchRequest & { location: SearchLocation }): Promise<FindMatchResponse> {
      const { patient, complete } = await folderPatient(userId, body.patientId);
      if (!complete || !patient.oncotreeCode) throw conflict('survey_incomplete');
      const { filter, key } = resolveLocation(body.location, patient);
      const view = body.purposes !== undefined || body.verdicts !== undefined;
      if (view && !(await storage.getSearch(userId, body.patientId, key))) throw notFound('search_not_found');
      const overrides = await storage.overrides(userId, body.patientId);
      const purposes: PurposeFilter = body.purposes ?? [...DEFAULT_PURPOSES];
      const ladder = scopeLadder(filter, patient);
      const t0 = performance.now();
      // every purpose is kept with the folder's search: the results page shows treatment trials and lets the
      // clinician add the other studies without a new search (non-treatment studies rank below treatment ones).
      // The counts come from the scan that ranks (matcher/searchCounts.ts), in the match thread with it.
      const options: MatchOptions = { overrides, location: filter, recruitingOnly: body.recruitingOnly, purposes: view ? purposes : 'all', verdicts: body.verdicts, limit: body.limit ?? SEARCH_LIMIT, closed: CLOSED_LIMIT };
      const count = { scope: filter, ladder: ladder.map((l) => l.filter), purposes, ...(body.verdicts ? { verdicts: body.verdicts } : {}) };
      const { results, counts: counted } = engine.index.size ? await engine.matchCountedOffLoop(patient, options, count) : { results: [], counts: { open: 0, closed: 0, scopes: ladder.map(() => 0) } };
      const durationMs = performance.now() - t0;
      const counts: SearchCounts = { open: counted.open, closed: counted.closed, scopes: ladder.slice(0, counted.scopes.length).map(({ searchKey, location, place }, k) => ({ searchKey, location, ...(place ? { place } : {}), open: counted.scopes[k] })) };
      const likes = await likesOf(userId, body.patientId);
      if (view) {
        const credits = await creditsOf(db, userId);
        // who set each override and when, as the saved search shows them (cachedSearch)
        return { patientId: body.patientId, searchKey: key, location: filter, patient, results: decorate(stampOverrides(results, overrides), likes), searchesLeft: credits.searchesLeft, charged: false, credits, durationMs, counts, purposes, ...(body.verdicts ? { verdicts: body.verdicts } : {}) };
      }
      const { credits, charged } = await db.transaction().execute(async (trx) => {
        const bought = await buySearch(trx, userId, body.patientId, patientFingerprint(patient));
        await patientsStorage(trx).saveSearch(userId, body.patientId, key, filter, results, counts);
        return bought;
      });
      await storage.touch(userId, body.patientId);
      return { patientId: body.patientId, searchKey: key, location: filter, patient, results: decorate(results, likes), searchesLeft: credits.searchesLeft, charged, credits, durationMs, counts };
    },

    async cachedSearch(userId: string, patientId: string, searchKey: string) {
      const { patient } = await folderPatient(userId, patientId);
      const cached = await storage.getSearch(userId, patientId, searchKey);
      if (!cached) throw notFound('search_not_found');
      const results = stampOverrides(cached.results, await storage.overrides(userId, patientId));
      // the counts of the scan that made the list, when it was a search (a re-run counts nothing: the page asks a view)
      return { patientId, searchKey, location: cached.location, patient, results: decorate(results, await likesOf(userId, patientId)), ...(cached.counts ? { counts: cached.counts } : {}), createdAt: cached.createdAt.toISOString() };
    },

    async matchminerFind(userId: string, body: { patient: unknown; location?: LocationFilter; recruitingOnly?: boolean; purposes?: PurposeFilter; limit?: number }) {
      const patient = checkedPatient(body.patient);
      const { searchesLeft } = await spendSearch(db, userId);
      const results = await engine.matchOffLoop(patient, { location: body.location, recruitingOnly: body.recruitingOnly, purposes: body.purposes, limit: body.limit ?? SEARCH_LIMIT });
      return { results: decorate(results, new Set()), searchesLeft };
    },

    preFilter(body: { patient: unknown; location?: LocationFilter }) {
      const patient = checkedPatient(body.patient);
      const ids = engine.index.candidates(patient).map((i) => engine.index.entries[i].trial);
      const kept = body.location && body.location.kind !== 'global' ? ids.filter((t) => filterSites(t.sites, body.location!).length) : ids;
      return { total: engine.size, candidates: kept.length, trialIds: kept.slice(0, 500).map((t) => t.id) };
    },

    comorbidities(body: { patient: unknown; trialIds: string[] }) {
      const patient = checkedPatient(body.patient);
      const view = viewPatient(patient);
      const trials = body.trialIds.map(trialOr404);
      return {
        trials: trials.map((t) => {
          const m = matchTrial(t, view);
          const results: CriterionResult[] = [...m.results, ...m.cohorts.flatMap((c) => c.results)].filter((r) => r.kind === 'comorbidity');
          const status = results.some((r) => r.status === 'no_match') ? 'no_match' : results.some((r) => r.status === 'unknown') ? 'unknown' : 'match';
          return { trialId: t.id, status: status as CriterionResult['status'], results };
        }),
      };
    },

    normalize(text: string) {
      const r = normalizePatient(text);
      return { patient: r.patient, spans: r.spans, notUnderstood: r.notUnderstood, warnings: r.warnings };
    },

    async matchOne(userId: string, patientId: string, trialId: string): Promise<MatchedTrial> {
      const { patient } = await folderPatient(userId, patientId);
      const trial = trialOr404(trialId);
      const overrides = await storage.overrides(userId, patientId);
      const match = matchTrial(trial, viewPatient(patient), new Map(overrides.map((o) => [o.criterionId, o])));
      return { trial: summarize(trial), match, liked: (await likesOf(userId, patientId)).has(trialId) };
    },

    /** Re-runs a cached search with the folder's current overrides and answers; no credit. */
    async reMatch(userId: string, patientId: string, searchKey: string) {
      const { patient } = await folderPatient(userId, patientId);
      const cached = await storage.getSearch(userId, patientId, searchKey);
      if (!cached) throw notFound('search_not_found');
      const overrides = await storage.overrides(userId, patientId);
      const rematched = await engine.rematchOffLoop(patient, cached.results, overrides, { location: cached.location, purposes: 'all', limit: SEARCH_LIMIT, closed: CLOSED_LIMIT });
      // a trial the clinician overrode stays in the list even when the override ranks it out of the top
      // (a verdict flipped to "not a match"): it is what they acted on, and its change is counted
      const shown = new Set(rematched.results.map((r) => r.trialId));
      const overridden = new Set(overrides.map((o) => o.criterionId.slice(0, Math.max(0, o.criterionId.indexOf('#')))));
      const view = viewPatient(patient);
      const byId = new Map(overrides.map((o) => [o.criterionId, o]));
      const kept = cached.results.filter((p) => !shown.has(p.trialId) && overridden.has(p.trialId) && engine.index.get(p.trialId));
      const results = kept.length ? [...rematched.results, ...kept.map((p) => matchTrial(engine.index.get(p.trialId)!, view, byId))] : rematched.results;
      const changes = kept.length ? changesBetween(cached.results, results) : rematched.changes;
      await storage.saveSearch(userId, patientId, searchKey, cached.location, results);
      return { patientId, searchKey, changesDetected: changes.length > 0, changes, results: decorate(results, await likesOf(userId, patientId)) };
    },

    async patient(userId: string, patientId: string) {
      const { row, patient, complete, answersUpdatedAt } = await folderPatient(userId, patientId);
      const searches = await storage.listSearches(userId, [patientId]);
      return {
        patientId,
        name: row.name,
        focusArea: row.focus_area,
        patient,
        complete,
        answersUpdatedAt,
        overrides: await storage.overrides(userId, patientId),
        searches: searches.map((s) => ({ searchKey: s.searchKey, location: s.location, count: s.count, createdAt: s.createdAt.toISOString() })),
      };
    },

    /** Sets or clears an override; the criterion must exist in a known trial ("<trialId>#<criterion id>"). */
    async updateCriterion(userId: string, body: { patientId: string; criterionId: string; status: CriterionOverride['status'] | null; note?: string }) {
      await patients.row(userId, body.patientId);
      const hash = body.criterionId.indexOf('#');
      const trial = hash > 0 ? engine.index.get(body.criterionId.slice(0, hash)) : undefined;
      const local = body.criterionId.slice(hash + 1);
      const known = trial && [...trial.eligibility.criteria, ...trial.cohorts.flatMap((c) => c.criteria)].some((c) => c.id === local);
      if (!known) throw notFound('criterion_not_found');
      await storage.setOverride(userId, body.patientId, body.criterionId, body.status, body.note);
      return { patientId: body.patientId, overrides: await storage.overrides(userId, body.patientId) };
    },

    async blurb(userId: string, patientId: string, trialId: string, lang: Lang) {
      const { patient } = await folderPatient(userId, patientId);
      const trial = trialOr404(trialId);
      const overrides = await storage.overrides(userId, patientId);
      const match = matchTrial(trial, viewPatient(patient), new Map(overrides.map((o) => [o.criterionId, o])));
      return { trialId, lang, blurb: trialBlurb(trial, match, patient, lang) };
    },

    async detail(userId: string, trialId: string, patientId?: string) {
      const trial = trialOr404(trialId);
      if (!patientId) return { trial };
      const one = await service.matchOne(userId, patientId, trialId);
      return { trial, match: one.match, liked: one.liked };
    },

    async likes(userId: string, patientId: string) {
      await patients.row(userId, patientId);
      return { patientId, likes: await storage.likes(userId, patientId) };
    },
    async setLike(userId: string, patientId: string, trialId: string, liked: boolean) {
      await patients.row(userId, patientId);
      trialOr404(trialId);
      await storage.setLike(userId, patientId, trialId, liked);
      return { patientId, likes: await storage.likes(userId, patientId) };
    },

    async exportData(userId: string, patientId: string, searchKey: string, lang: Lang): Promise<ExportResponse> {
      const cached = await service.cachedSearch(userId, patientId, searchKey);
      const row = await patients.row(userId, patientId);
      return {
        generatedAt: new Date().toISOString(),
        folderName: row.name,
        focusArea: row.focus_area,
        patient: cached.patient,
        patientSummary: patientSummary(cached.patient, lang),
        searchKey,
        results: cached.results,
      };
    },
  };
  return service;
}
export type TrialsService = ReturnType<typeof trialsService>;
