import type { LocationFilter, PatientData, PurposeFilter, Trial, TrialMatchResult, TrialVerdict } from '@oncodesk/shared/contracts';
import { isOpenStatus } from '@oncodesk/shared/contracts';
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
  /** Open trials not ruled out, per ladder scope. */
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

/** A match with its counts, on this thread (a match thread runs this one). */
export function matchCounted(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
): { results: TrialMatchResult[]; counts: SearchCounted } {
  const counter = searchCounter(count);
  const results = matchPatient(index, patient, { ...options, seen: counter.seen });
  return { results, counts: counter.counted() };
}

/** The same in slices that give the event loop back (when no match thread runs). */
export async function matchCountedInSlices(
  index: TrialIndex,
  patient: PatientData,
  options: MatchOptions,
  count: CountRequest,
): Promise<{ results: TrialMatchResult[]; counts: SearchCounted }> {
  const counter = searchCounter(count);
  const results = await matchPatientInSlices(index, patient, { ...options, seen: counter.seen });
  return { results, counts: counter.counted() };
}
