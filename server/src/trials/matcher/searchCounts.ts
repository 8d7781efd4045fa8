import type { LocationFilter, PatientData, PurposeFilter, Trial, TrialMatchResult, TrialVerdict } from '@oncodesk/shared/contracts';
import { FEW_OPEN_TRIALS, isOpenStatus } from '@oncodesk/shared/contracts';
import { siteMatchesFilter } from './geo';
import { isRuledOut } from './verdict';
import {
  SLICE_STEP,
  matchAll,
  matchInSlices,
  matchPatient,
  matchPatientInSlices,
  matchPlan,
  purposeMask,
  slicer,
  type MatchOptions,
  type MatchPlan,
  type TrialIndex,
} from './index';

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

const inScope = (t: Trial, f: LocationFilter) => f.kind === 'global' || t.sites.some((s) => siteMatchesFilter(f, s));
/** Whether the request's purposes keep a trial, read from its record (the packed form: purposeMask / purposeBit). */
const keepsPurpose = (purposes: CountRequest['purposes'], t: Trial) => purposes === 'all' || purposes.includes(t.primaryPurpose ?? 'unknown');

/** The counter the scan feeds (MatchOptions.seen: every candidate with its verdict, once). */
export function searchCounter(request: CountRequest): { seen: NonNullable<MatchOptions['seen']>; counted(): SearchCounted } {
  const { scope, ladder, purposes, verdicts } = request;
  const scopes = ladder.map(() => 0);
  let open = 0;
  let closed = 0;
  return {
    seen(t, verdict) {
      if (!keepsPurpose(purposes, t)) return;
      const isOpen = isOpenStatus(t.overallStatus);
      if ((!verdicts || verdicts.includes(verdict)) && inScope(t, scope)) isOpen ? open++ : closed++;
      if (isOpen && !isRuledOut(verdict)) for (let k = 0; k < ladder.length; k++) if (inScope(t, ladder[k])) scopes[k]++;
    },
    counted: () => ({ open, closed, scopes }),
  };
}

/**
 * The open trials not ruled out in each ladder scope (SearchCounted.scopes), from the verdicts of the open trials of
 * the request's purposes alone (`wants`): the only ones these counts read (searchCounter counts them alike). Reads
 * a trial's openness and purpose from the index's packed flags, its record only for a scope with a place.
 */
function openScopesCounter(
  index: TrialIndex,
  request: CountRequest,
): { wants: (i: number) => boolean; seen: (i: number, ruledOut: boolean) => void; scopes: number[] } {
  const { ladder } = request;
  const mask = purposeMask(request.purposes);
  const scopes = ladder.map(() => 0);
  return {
    wants: (i) => (mask & index.purposeBit(i)) !== 0 && index.isOpen(i),
    seen(i, ruledOut) {
      if (!ruledOut) for (let k = 0; k < ladder.length; k++) if (ladder[k].kind === 'global' || inScope(index.entries[i].trial, ladder[k])) scopes[k]++;
    },
    scopes,
  };
}

/**
 * The counts that need no verdict (the filter's trials in the scope, open and not), and the scope's open trials not
 * ruled out read from the results themselves: the ranking puts every trial not ruled out (match, unknown) above every
 * trial ruled out, whatever its purpose (ranking.ts rankTier), so while fewer than `limit` open results are not ruled
 * out the results hold them all. Only a search with a verdict filter, or one whose scope holds fewer than `few` of
 * them, needs every candidate's verdict (the plan's ruledOut, after its results); most searches keep skipping trials
 * by their bound.
 */
function countsWithoutVerdicts(index: TrialIndex, plan: MatchPlan, options: MatchOptions, count: CountRequest, results: TrialMatchResult[]) {
  const { scope, purposes } = count;
  // openness and purpose from the packed flags (the same isOpenStatus and purpose), the record only for a place
  const mask = purposeMask(purposes);
  const global = scope.kind === 'global';
  const ids = plan.ids;
  let open = 0;
  let closed = 0;
  for (let k = 0; k < ids.length; k++) {
    const i = ids[k];
    const isOpen = index.isOpen(i);
    if ((options.recruitingOnly && !isOpen) || !(mask & index.purposeBit(i)) || (!global && !inScope(index.entries[i].trial, scope))) continue;
    if (isOpen) open++;
    else closed++;
  }
  let openResults = 0;
  let here = 0;
  let openRuledOut = false;
  for (const r of results) {
    const t = index.get(r.trialId);
    if (!t || !isOpenStatus(t.overallStatus)) continue;
    openResults++;
    if (isRuledOut(r.verdict)) openRuledOut = true;
    else if (keepsPurpose(purposes, t)) here++;
  }
  const limit = options.limit ?? 100;
  // every open result not ruled out: the results cannot hold them all only when they are all such
  const complete = openResults < limit || openRuledOut;
  return { open, closed, here, complete };
}

/**
 * A match with its counts, on this thread (a match thread runs this one). When the counts need every candidate's
 * verdict, the match's own plan gives them after its results (MatchPlan.ruledOut): the truths its scan worked out
 * are read again, and only the open trials of the request's purposes are judged.
 */
export function matchCounted(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
  few = FEW_OPEN_TRIALS,
): { results: TrialMatchResult[]; counts: SearchCounted } {
  if (count.verdicts) return matchCountedFully(index, patient, options, count);
  const plan = matchPlan(index, patient, options);
  const results = matchAll(plan);
  const c = countsWithoutVerdicts(index, plan, options, count, results);
  if (c.complete && c.here >= few) return { results, counts: { open: c.open, closed: c.closed, scopes: [c.here] } };
  const counter = openScopesCounter(index, count);
  plan.ruledOut(0, plan.size, counter.seen, counter.wants);
  return { results, counts: { open: c.open, closed: c.closed, scopes: counter.scopes } };
}

/** The same in slices that give the event loop back (when no match thread runs). */
export async function matchCountedInSlices(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
  few = FEW_OPEN_TRIALS,
): Promise<{ results: TrialMatchResult[]; counts: SearchCounted }> {
  if (count.verdicts) {
    const counter = searchCounter(count);
    const results = await matchPatientInSlices(index, patient, { ...options, seen: counter.seen });
    return { results, counts: counter.counted() };
  }
  const plan = matchPlan(index, patient, options);
  const breathe = slicer();
  const results = await matchInSlices(plan, breathe);
  const c = countsWithoutVerdicts(index, plan, options, count, results);
  if (c.complete && c.here >= few) return { results, counts: { open: c.open, closed: c.closed, scopes: [c.here] } };
  const counter = openScopesCounter(index, count);
  for (let k = 0; k < plan.size; k += SLICE_STEP) {
    plan.ruledOut(k, Math.min(plan.size, k + SLICE_STEP), counter.seen, counter.wants);
    await breathe();
  }
  return { results, counts: { open: c.open, closed: c.closed, scopes: counter.scopes } };
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
