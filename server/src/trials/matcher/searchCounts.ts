import type { LocationFilter, PatientData, PurposeFilter, Trial, TrialMatchResult, TrialVerdict } from '@oncodesk/shared/contracts';
import { FEW_OPEN_TRIALS, isOpenStatus } from '@oncodesk/shared/contracts';
import { siteMatchesFilter } from './geo';
import { matchPatient, matchPatientInSlices, type MatchOptions, type TrialIndex } from './index';

/**
 * What a search counts over the whole catalogue besides the results it keeps, as plain data so it crosses
 * to a match thread (threads.ts) with the search: the trials of its purposes and verdicts in its scope, and
 * the open trials not ruled out in its scope and each wider one (trials/service.ts builds the ladder).
 */
export interface CountRequest {
  scope: LocationFilter;
  /** The scope and the wider ones around the patient, narrowest first. */
  ladder: LocationFilter[];
  purposes: PurposeFilter;
  verdicts?: readonly TrialVerdict[];
}
export interface SearchCounted {
  open: number;
  closed: number;
  /**
   * Open trials not ruled out, per ladder scope; only the search's own scope when it holds at least FEW_OPEN_TRIALS
   * (the wider ones are counted only when the page has something to say about them).
   */
  scopes: number[];
}

/** Verdicts that do not rule a trial out: what the counts per scope count. */
const NOT_RULED_OUT: ReadonlySet<TrialVerdict> = new Set(['match', 'unknown']);

const inScope = (t: Trial, f: LocationFilter) => f.kind === 'global' || t.sites.some((s) => siteMatchesFilter(f, s));

/** The counter the scan feeds (MatchOptions.seen: every candidate with its verdict, once). */
export function searchCounter(request: CountRequest): { seen: NonNullable<MatchOptions['seen']>; counted(): SearchCounted } {
  const { scope, ladder, purposes, verdicts } = request;
  const scopes = ladder.map(() => 0);
  let open = 0;
  let closed = 0;
  return {
    seen(t, verdict) {
      if (purposes !== 'all' && !purposes.includes(t.primaryPurpose ?? 'unknown')) return;
      const isOpen = isOpenStatus(t.overallStatus);
      if ((!verdicts || verdicts.includes(verdict)) && inScope(t, scope)) isOpen ? open++ : closed++;
      if (isOpen && NOT_RULED_OUT.has(verdict)) for (let k = 0; k < ladder.length; k++) if (inScope(t, ladder[k])) scopes[k]++;
    },
    counted: () => ({ open, closed, scopes }),
  };
}

/**
 * The counts that need no verdict (the filter's trials in the scope, open and not), and the scope's open trials not
 * ruled out read from the results themselves: the ranking puts every trial not ruled out (match, unknown) above every
 * trial ruled out, whatever its purpose (ranking.ts rankTier), so while fewer than `limit` open results are not ruled
 * out the results hold them all. Only a search with a verdict filter, or one whose scope holds fewer than `few` of
 * them, needs every candidate's verdict (the slower scan, `seen`); most searches keep skipping trials by their bound.
 */
function countsWithoutVerdicts(index: TrialIndex, patient: PatientData, options: MatchOptions, count: CountRequest, results: TrialMatchResult[]) {
  const { scope, purposes } = count;
  const keeps = (t: Trial) => purposes === 'all' || purposes.includes(t.primaryPurpose ?? 'unknown');
  const ids = options.exhaustive ? index.entries.map((_, i) => i) : index.candidateList(patient);
  let open = 0;
  let closed = 0;
  for (const i of ids) {
    const t = index.entries[i].trial;
    const isOpen = isOpenStatus(t.overallStatus);
    if ((options.recruitingOnly && !isOpen) || !keeps(t) || !inScope(t, scope)) continue;
    if (isOpen) open++;
    else closed++;
  }
  let openResults = 0;
  let here = 0;
  for (const r of results) {
    const t = index.get(r.trialId);
    if (!t || !isOpenStatus(t.overallStatus)) continue;
    openResults++;
    if (NOT_RULED_OUT.has(r.verdict) && keeps(t)) here++;
  }
  const limit = options.limit ?? 100;
  // every open result not ruled out: the results cannot hold them all only when they are all such
  const complete = openResults < limit || results.some((r) => !NOT_RULED_OUT.has(r.verdict) && isOpenStatus(index.get(r.trialId)?.overallStatus ?? 'unknown'));
  return { open, closed, here, complete };
}

/** A match with its counts, on this thread (a match thread runs this one). */
export function matchCounted(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
  few = FEW_OPEN_TRIALS,
): { results: TrialMatchResult[]; counts: SearchCounted } {
  if (count.verdicts) return matchCountedFully(index, patient, options, count);
  const results = matchPatient(index, patient, options);
  const c = countsWithoutVerdicts(index, patient, options, count, results);
  if (c.complete && c.here >= few) return { results, counts: { open: c.open, closed: c.closed, scopes: [c.here] } };
  const counter = searchCounter(count);
  matchPatient(index, patient, { ...options, limit: 0, closed: 0, seen: counter.seen });
  return { results, counts: { open: c.open, closed: c.closed, scopes: counter.counted().scopes } };
}

/** The same in slices that give the event loop back (when no match thread runs). */
export async function matchCountedInSlices(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
  few = FEW_OPEN_TRIALS,
): Promise<{ results: TrialMatchResult[]; counts: SearchCounted }> {
  const counter = searchCounter(count);
  if (count.verdicts) {
    const results = await matchPatientInSlices(index, patient, { ...options, seen: counter.seen });
    return { results, counts: counter.counted() };
  }
  const results = await matchPatientInSlices(index, patient, options);
  const c = countsWithoutVerdicts(index, patient, options, count, results);
  if (c.complete && c.here >= few) return { results, counts: { open: c.open, closed: c.closed, scopes: [c.here] } };
  await matchPatientInSlices(index, patient, { ...options, limit: 0, closed: 0, seen: counter.seen });
  return { results, counts: { open: c.open, closed: c.closed, scopes: counter.counted().scopes } };
}

/** Every candidate's verdict in one scan (a verdict filter needs them; the reference the other counts are tested against). */
export function matchCountedFully(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
): { results: TrialMatchResult[]; counts: SearchCounted } {
  const counter = searchCounter(count);
  const results = matchPatient(index, patient, { ...options, seen: counter.seen });
  return { results, counts: counter.counted() };
}
