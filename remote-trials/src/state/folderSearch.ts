import { useEffect } from 'react';
import { create } from 'zustand';
import {
  ApiError,
  bus,
  storage,
  type CriterionOverride,
  type CriterionResult,
  type CriterionStatus,
  type MatchChange,
  type FindMatchResponse,
  type MatchedTrial,
  type PrimaryPurpose,
  type SearchCounts,
  type SearchLocation,
  type TrialVerdict,
  type TrialMatchResult,
  type TrialsPatientResponse,
} from '@oncodesk/shared';
import { trialsApi } from '@oncodesk/shared/api';
import { DEFAULT_PURPOSES, locationOfKey } from '@oncodesk/shared/contracts';

/**
 * The one owner of a folder's trial data in this remote: the patient as the matcher sees it, each
 * search's results (kept in local storage too, so a reload shows them at once), the single-trial matches
 * the detail and graph pages show, likes and clinician overrides. Pages read it through the hooks below;
 * every change (a search, a like, an override, a re-run) is made here once and every page sees it.
 */

/** One search as local storage keeps it. */
export interface CachedSearch {
  patientId: string;
  searchKey: string;
  results: MatchedTrial[];
  at: number;
  /** The counts the search made for the default filter (absent after a re-run, which counts nothing). */
  counts?: SearchCounts;
}

/** A search as a page shows it: results (null until known), whether it was ever run, whether the server copy is still coming. */
export interface SearchView {
  results: MatchedTrial[] | null;
  notRun: boolean;
  updating: boolean;
}

const keyOf = (patientId: string, other: string) => `${patientId}|${other}`;
/** Local storage holds the last few searches only: results carry full explanations and can be large. */
const MAX_CACHED = 6;
/** Results a search wrote this recently are the server's copy (the search returned them): no refetch. */
export const JUST_RUN_MS = 15_000;

export function readCachedMatches(patientId: string, searchKey: string): CachedSearch | null {
  const all = storage.get('cachedMatches') as Record<string, CachedSearch>;
  return all[keyOf(patientId, searchKey)] ?? null;
}

export function writeCachedMatches(entry: CachedSearch): void {
  const all = { ...(storage.get('cachedMatches') as Record<string, CachedSearch>), [keyOf(entry.patientId, entry.searchKey)]: entry };
  const keep = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, MAX_CACHED);
  try {
    storage.set('cachedMatches', Object.fromEntries(keep));
  } catch {
    // Quota exceeded: the server still has the search; only the instant reload is lost.
    storage.set('cachedMatches', { [keyOf(entry.patientId, entry.searchKey)]: entry });
  }
}

export function dropCachedMatches(patientId: string): void {
  const all = storage.get('cachedMatches') as Record<string, CachedSearch>;
  storage.set('cachedMatches', Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith(`${patientId}|`))));
}

/**
 * A match with one criterion's displayed status overridden (or reset when status is null), wherever the
 * criterion sits (trial or cohort): the computed status is kept so a reset shows it again.
 */
export function withOverride(m: TrialMatchResult, criterionId: string, status: CriterionStatus | null, set?: Pick<CriterionOverride, 'by' | 'at'>): TrialMatchResult {
  const one = (r: CriterionResult): CriterionResult => {
    if (r.criterionId !== criterionId) return r;
    const { overriddenBy: _by, overriddenAt: _at, ...rest } = r;
    const stamp = status !== null ? { ...(set?.by ? { overriddenBy: set.by } : {}), ...(set?.at ? { overriddenAt: set.at } : {}) } : {};
    return { ...rest, ...stamp, status: status ?? r.computedStatus ?? r.status, overridden: status !== null, computedStatus: r.computedStatus ?? r.status };
  };
  return { ...m, results: m.results.map(one), cohorts: m.cohorts.map((c) => ({ ...c, results: c.results.map(one) })) };
}

/** The filters the server applies to a search's whole ranked catalogue (the others, open and liked only, apply to the list shown). */
export interface ServerFilter {
  verdicts: readonly string[];
  purposes: readonly PrimaryPurpose[];
}
export const DEFAULT_FILTER: ServerFilter = { verdicts: [], purposes: DEFAULT_PURPOSES };
/** One key per filter, whatever the order of its lists. */
export const filterKey = (f: ServerFilter) => `${[...f.verdicts].sort().join(',')}|${[...f.purposes].sort().join(',')}`;
/** The filter a results page opens with (every verdict, DEFAULT_PURPOSES). */
export const isDefaultFilter = (f: ServerFilter) => filterKey(f) === filterKey(DEFAULT_FILTER);

/**
 * A search seen through a filter, as the server answered it: the best trials of the whole catalogue the filter
 * keeps, and the catalogue's counts (absent when the server gave none). `loading` while asked; `failed` when the
 * server could not answer (the page then filters the saved list, and says nothing of the catalogue).
 */
export interface SearchFilterView {
  results: MatchedTrial[] | null;
  counts?: SearchCounts;
  loading: boolean;
  failed?: boolean;
}

interface FolderSearchState {
  /** Filtered views of searches, by patientId|searchKey|filterKey (not kept in local storage: a reload asks again). */
  views: Record<string, SearchFilterView | undefined>;
  patients: Record<string, TrialsPatientResponse | undefined>;
  /** By patientId|searchKey. */
  searches: Record<string, SearchView | undefined>;
  /** Single-trial matches (detail and graph pages), by patientId|trialId. */
  trialMatches: Record<string, TrialMatchResult | undefined>;
  /** Overrides set since the last re-run, per patient: verdicts and levels follow on re-run. */
  pendingRerun: Record<string, boolean | undefined>;
  /** A trial's match before the overrides set since its last run, by patientId|trialId (what a re-run of a trial matched alone compares with). */
  matchesBefore: Record<string, TrialMatchResult | undefined>;
}

export const useFolderSearchStore = create<FolderSearchState>(() => ({ views: {}, patients: {}, searches: {}, trialMatches: {}, pendingRerun: {}, matchesBefore: {} }));
const set = useFolderSearchStore.setState;
const get = useFolderSearchStore.getState;

function putSearch(patientId: string, searchKey: string, view: Partial<SearchView>): void {
  const key = keyOf(patientId, searchKey);
  const prev = get().searches[key] ?? { results: null, notRun: false, updating: false };
  set({ searches: { ...get().searches, [key]: { ...prev, ...view } } });
}

/** Results the server returned for a search: shown, and kept in local storage with the counts it made, if any. */
function storeResults(patientId: string, searchKey: string, results: MatchedTrial[], at = Date.now(), counts?: SearchCounts): void {
  putSearch(patientId, searchKey, { results, notRun: false, updating: false });
  writeCachedMatches({ patientId, searchKey, results, at, ...(counts ? { counts } : {}) });
}

/** Applies a change to every match of a patient: each search's results and the single-trial matches. */
function mapPatientMatches(patientId: string, change: (m: MatchedTrial) => MatchedTrial, changeMatch: (m: TrialMatchResult, trialId: string) => TrialMatchResult): void {
  const prefix = `${patientId}|`;
  const searches = { ...get().searches };
  for (const [key, view] of Object.entries(searches)) {
    if (!key.startsWith(prefix) || !view?.results) continue;
    const results = view.results.map(change);
    searches[key] = { ...view, results };
    const searchKey = key.slice(prefix.length);
    const cached = readCachedMatches(patientId, searchKey);
    writeCachedMatches({ patientId, searchKey, results, at: cached?.at ?? Date.now(), ...(cached?.counts ? { counts: cached.counts } : {}) });
  }
  const trialMatches = { ...get().trialMatches };
  for (const [key, m] of Object.entries(trialMatches)) if (key.startsWith(prefix) && m) trialMatches[key] = changeMatch(m, key.slice(prefix.length));
  const views = { ...get().views };
  for (const [key, v] of Object.entries(views)) if (key.startsWith(prefix) && v?.results) views[key] = { ...v, results: v.results.map(change) };
  set({ searches, trialMatches, views });
}

const patientRequests = new Map<string, Promise<TrialsPatientResponse>>();

/** The folder's patient; one request at a time per folder. `fresh` asks the server again (its searches may have changed in another tab). */
export function loadPatient(patientId: string, fresh = false): Promise<TrialsPatientResponse> {
  const known = get().patients[patientId];
  if (known && !fresh) return Promise.resolve(known);
  let request = patientRequests.get(patientId);
  if (!request) {
    request = trialsApi.patient(patientId).finally(() => patientRequests.delete(patientId));
    patientRequests.set(patientId, request);
  }
  return request.then((p) => {
    set({ patients: { ...get().patients, [patientId]: p } });
    return p;
  });
}

/**
 * Opens a search for a page: the local copy at once, then the server's. A scope the folder never ran says
 * so without a failing request; results a search has just written are not fetched a second time.
 */
export async function openSearch(patientId: string, searchKey: string, onError: (e: unknown) => void): Promise<void> {
  const local = readCachedMatches(patientId, searchKey);
  const justRun = !!local && Date.now() - local.at < JUST_RUN_MS;
  putSearch(patientId, searchKey, { results: local?.results ?? null, notRun: false, updating: !justRun });
  // a filtered view is asked again with the server's copy (another tab may have run the search again)
  if (!justRun) dropViews(patientId, searchKey);
  // the local copy kept its search's counts: the default view shows at once, without a second search for them
  // (a reload of the results page otherwise ran one, about a second of the server's CPU, before the list showed)
  if (local?.counts) putDefaultCounts(patientId, searchKey, local.counts);
  try {
    const p = await loadPatient(patientId, true);
    if (justRun) return;
    if (!p.searches.some((s) => s.searchKey === searchKey)) return putSearch(patientId, searchKey, { updating: false, notRun: true });
    const r = await trialsApi.cached(patientId, searchKey);
    // the saved search kept its scan's counts: the default filter's view is known without asking (a second search)
    if (r.counts) putDefaultCounts(patientId, searchKey, r.counts);
    // none on the server (a re-run): the local ones may be another run's, so the view is asked again
    else if (local?.counts) dropViews(patientId, searchKey);
    storeResults(patientId, searchKey, r.results, undefined, r.counts);
  } catch (e) {
    putSearch(patientId, searchKey, { updating: false, notRun: e instanceof ApiError && e.status === 404 });
    if (!(e instanceof ApiError && e.status === 404)) onError(e);
  }
}

/** Tells the shell a credit was spent: the counter updates and the host refetches the user. */
function announceSearchesLeft(searchesLeft: number): void {
  bus.emit('plan:searches-changed/v1', { searchesLeft });
  bus.emit('user:refresh-requested/v1', {});
}

/** The default filter's view known without asking: its list is the saved search, its counts those the search made. */
function putDefaultCounts(patientId: string, searchKey: string, counts: SearchCounts | undefined): void {
  set({ views: { ...get().views, [`${patientId}|${searchKey}|${filterKey(DEFAULT_FILTER)}`]: { results: null, counts, loading: false } } });
}

/** Forgets a patient's filtered views (a new search or a re-run made them stale). */
function dropViews(patientId: string, searchKey?: string): void {
  const prefix = searchKey === undefined ? `${patientId}|` : `${patientId}|${searchKey}|`;
  set({ views: Object.fromEntries(Object.entries(get().views).filter(([k]) => !k.startsWith(prefix))) });
}

/**
 * A search seen through a filter (verdicts, purposes) over the whole catalogue: asked of the server once per
 * filter (free: a view of the folder's search, never a credit), with the catalogue's counts.
 */
export async function loadFilterView(patientId: string, searchKey: string, filter: ServerFilter): Promise<void> {
  const key = `${patientId}|${searchKey}|${filterKey(filter)}`;
  if (get().views[key]) return;
  const put = (v: SearchFilterView) => set({ views: { ...get().views, [key]: v } });
  put({ results: null, loading: true });
  try {
    const r = await trialsApi.findMatch({ patientId, location: locationOfKey(searchKey), purposes: [...filter.purposes], ...(filter.verdicts.length ? { verdicts: filter.verdicts as TrialVerdict[] } : {}) });
    // only a view of this very search is one (it echoes the filter it applied)
    if (!r?.purposes || r.searchKey !== searchKey) return put({ results: null, loading: false, failed: true });
    put({ results: r.results, counts: r.counts, loading: false });
  } catch {
    put({ results: null, loading: false, failed: true });
  }
}

/** Runs a search (the server decides what it costs) and shows its results wherever the search is open. */
export async function runSearch(patientId: string, location: SearchLocation): Promise<FindMatchResponse> {
  const r = await trialsApi.findMatch({ patientId, location });
  // only a search that took a credit moves the counter; a free scope does not (the upgrade prompt is for a 402 only)
  if (r.charged !== false) announceSearchesLeft(r.searchesLeft);
  storeResults(patientId, r.searchKey, r.results, Date.now(), r.counts);
  // the search counted the catalogue for the default filter: that view is known (its list is the saved one, every purpose)
  dropViews(patientId, r.searchKey);
  putDefaultCounts(patientId, r.searchKey, r.counts);
  const known = get().patients[patientId];
  if (known) {
    // a search run again replaces its entry: its time is now (the "answers changed since" banner reads it)
    const entry = { searchKey: r.searchKey, location: r.location, count: r.results.length, createdAt: new Date().toISOString() };
    const searches = [...known.searches.filter((s) => s.searchKey !== r.searchKey), entry];
    set({ patients: { ...get().patients, [patientId]: { ...known, patient: r.patient, searches } } });
  }
  return r;
}

/** Likes or unlikes a trial for the folder, in every list that shows it. */
export async function setLiked(patientId: string, trialId: string, liked: boolean): Promise<void> {
  if (liked) await trialsApi.like(trialId, patientId);
  else await trialsApi.unlike(trialId, patientId);
  mapPatientMatches(patientId, (m) => (m.trial.id === trialId ? { ...m, liked } : m), (m) => m);
}

/**
 * Sets (or with null resets) a clinician's status for a criterion. The displayed status changes at once
 * in every match of the patient; verdicts and levels follow on re-run.
 */
export async function setOverride(patientId: string, criterionId: string, status: CriterionStatus | null): Promise<void> {
  const r = await trialsApi.updateCriterion({ patientId, criterionId, status });
  // who set it and when, as the server recorded them
  const stamp = r.overrides.find((o) => o.criterionId === criterionId);
  const trialKey = keyOf(patientId, criterionId.slice(0, criterionId.indexOf('#')));
  const before = get().trialMatches[trialKey];
  if (before && !get().matchesBefore[trialKey]) set({ matchesBefore: { ...get().matchesBefore, [trialKey]: before } });
  mapPatientMatches(patientId, (m) => ({ ...m, match: withOverride(m.match, criterionId, status, stamp) }), (m) => withOverride(m, criterionId, status, stamp));
  set({ pendingRerun: { ...get().pendingRerun, [patientId]: true } });
}

/** A trial's detail for the folder; its match is kept so the graph and the detail page show the same one. */
export async function loadTrial(patientId: string, trialId: string) {
  const d = await trialsApi.detail(trialId, patientId);
  set({ trialMatches: { ...get().trialMatches, [keyOf(patientId, trialId)]: d.match } });
  return d;
}

/** What a re-run changed for one trial: its verdict (when it changed) and how many of its criteria changed. */
export interface TrialChanges {
  verdict?: { before: string; after: string };
  criteria: number;
}

/** A trial's changes among a re-run's (the server counts them: trials/matcher changesBetween). */
export function trialChanges(changes: MatchChange[], trialId: string): TrialChanges {
  const mine = changes.filter((c) => c.trialId === trialId);
  const v = mine.find((c) => c.field === 'verdict');
  return { ...(v ? { verdict: { before: v.before, after: v.after } } : {}), criteria: mine.filter((c) => c.field === 'criterion').length };
}

/** Every criterion's status of a match (trial and cohorts), by global id. */
const statusesOf = (m: TrialMatchResult) => new Map([...m.results, ...m.cohorts.flatMap((c) => c.results)].map((r) => [r.criterionId, r.status]));

/**
 * Re-runs a search with the overrides; a trial opened outside any cached search is matched alone.
 * Returns what changed for `trialId`: the server's count for a cached search; for a trial matched alone
 * (no saved list to compare with on the server), its verdict and criteria against its match before the
 * overrides set since its last run.
 */
export async function rerun(patientId: string, searchKey: string, trialId: string): Promise<TrialChanges> {
  const trialKey = keyOf(patientId, trialId);
  const before = get().matchesBefore[trialKey] ?? get().trialMatches[trialKey];
  const r = await trialsApi.reMatch(patientId, searchKey).catch((e: unknown) => {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
    return null;
  });
  if (r) {
    storeResults(patientId, searchKey, r.results, readCachedMatches(patientId, searchKey)?.at);
    dropViews(patientId, searchKey);
    const mine = r.results.find((x) => x.trial.id === trialId)?.match;
    if (mine) set({ trialMatches: { ...get().trialMatches, [keyOf(patientId, trialId)]: mine } });
    else await loadTrial(patientId, trialId);
  } else {
    await loadTrial(patientId, trialId);
  }
  set({ pendingRerun: { ...get().pendingRerun, [patientId]: false }, matchesBefore: Object.fromEntries(Object.entries(get().matchesBefore).filter(([k]) => !k.startsWith(`${patientId}|`))) });
  if (r) return trialChanges(r.changes, trialId);
  const after = get().trialMatches[trialKey];
  if (!before || !after) return { criteria: 0 };
  const was = statusesOf(before);
  const criteria = [...statusesOf(after)].filter(([id, status]) => was.has(id) && was.get(id) !== status).length;
  return { ...(after.verdict !== before.verdict ? { verdict: { before: before.verdict, after: after.verdict } } : {}), criteria };
}

/** A results page's view of one search (opened when the page mounts or the search changes). */
export function useFolderSearch(patientId: string, searchKey: string, onError: (e: unknown) => void) {
  const view = useFolderSearchStore((s) => s.searches[keyOf(patientId, searchKey)]);
  const patient = useFolderSearchStore((s) => s.patients[patientId]);
  useEffect(() => {
    void openSearch(patientId, searchKey, onError);
    // onError (a toast) is left out on purpose: a new identity of it must not open the search again
  }, [patientId, searchKey]);
  return { results: view?.results ?? null, notRun: view?.notRun ?? false, updating: view?.updating ?? true, patient };
}

/**
 * A search through the page's filter: the server's view of the whole catalogue once the saved search is known
 * (`enabled`), asked again only when the filter changes. The default filter's view is the saved list with counts.
 */
export function useFilterView(patientId: string, searchKey: string, filter: ServerFilter, enabled: boolean): SearchFilterView | undefined {
  const key = `${patientId}|${searchKey}|${filterKey(filter)}`;
  const view = useFolderSearchStore((s) => s.views[key]);
  useEffect(() => {
    if (enabled) void loadFilterView(patientId, searchKey, filter);
    // the filter is in the key
  }, [key, enabled]);
  return view;
}

/** The folder's patient (loaded once per folder). */
export function useFolderPatient(patientId: string): TrialsPatientResponse | undefined {
  const patient = useFolderSearchStore((s) => s.patients[patientId]);
  useEffect(() => {
    loadPatient(patientId).catch(() => undefined);
  }, [patientId]);
  return patient;
}

/** The match of one trial for the folder's patient as the detail and graph pages show it. */
export function useTrialMatch(patientId: string, trialId: string) {
  const match = useFolderSearchStore((s) => s.trialMatches[keyOf(patientId, trialId)]);
  const pending = useFolderSearchStore((s) => s.pendingRerun[patientId] ?? false);
  return { match: match ?? null, pending };
}
