/**
 * OncoDesk trial knowledge base and matching engine: deterministic, explainable, offline.
 *
 * import (pure parse functions) -> compile eligibility -> index in memory -> match a patient -> rank.
 */
import type { CriterionOverride, LocationFilter, MatchChange, PatientData, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import { TrialIndex, changesBetween, matchPatient, matchPatientInSlices, type MatchOptions } from './matcher';
import type { MatchThreads } from './matcher/threads';
import { matchCountedInSlices, type CountRequest, type SearchCounted } from './matcher/searchCounts';

export type { Trial, TrialMatchResult, CriterionOverride, LocationFilter, MatchChange, PatientData } from '@oncodesk/shared/contracts';
export type { ImportResult, TrialDraft } from './model';
export type { MatchOptions } from './matcher';
export type { NormalizedPatient, Span } from '../language/normalizePatient';

// importers (pure: content -> trials + errors)
export { parseTrials, detectFormat, importDirectory, parseCtgovV2, parseCtgovXml, parseNciCts, parseCtml, parseHintCsv, type TrialFormat } from './importers';
export { parseMatchTree, ctmlLeafToSpecs } from './importers/ctml';
export { finalizeTrial } from './model';
// eligibility compiler
export { compileEligibility, compileItem, splitEligibility } from './compiler';
// patient normalisation and validation
export { normalizePatient, validatePatient } from '../language/normalizePatient';
// matcher, ranking, geography
export { TrialIndex, matchPatient, matchTrial, rematch, viewPatient, evaluateCriterion, verdictOf, evaluateTree, diseaseRelation, geneRelation, rankScore } from './matcher';
export { haversineKm, withinRadius, inCountries, inContinents, siteMatchesFilter, filterSites, nearestSite, countryCode, continentOf, countryByCode, COUNTRIES } from './matcher';
// vocabularies
export { isOncotreeCode, isWithin, subtree, ancestors, oncoNode } from '../vocab/diseaseTree';
export { findDiseases, resolveDisease } from '../vocab/diseases';
export { normalizeGene, findGenes } from '../vocab/geneNames';
export { normalizeDrug, drugClasses, findDrugs } from '../vocab/drugKnowledge';

/** The in-memory engine over a set of trials, matching on this thread or in match threads (matcher/threads.ts). */
export class TrialEngine {
  readonly index: TrialIndex;
  private threads: MatchThreads | null = null;
  constructor(trials: Trial[] = []) {
    this.index = new TrialIndex(trials);
  }
  /** Matches from now on run in these threads, which get every trial loaded here (now and later). */
  useThreads(threads: MatchThreads | null): void {
    this.threads = threads;
  }
  /** Every trial held, in load order (what a new match thread starts from). */
  trials(): Trial[] {
    return this.index.entries.map((e) => e.trial);
  }
  /** Adds or replaces trials (idempotent by id). */
  load(trials: Trial[]): void {
    for (const t of trials) this.index.add(t);
    this.threads?.load(trials);
  }
  get size(): number {
    return this.index.size;
  }
  match(patient: PatientData, options?: MatchOptions): TrialMatchResult[] {
    return matchPatient(this.index, patient, options);
  }
  /**
   * The same match without holding the event loop (request handlers and jobs use this one): in a match
   * thread when there are any, otherwise on this thread in slices that give the event loop back.
   */
  matchOffLoop(patient: PatientData, options: MatchOptions = {}): Promise<TrialMatchResult[]> {
    return this.threads ? this.threads.match(patient, options) : matchPatientInSlices(this.index, patient, options);
  }
  /** A match with its counts over the whole catalogue (matcher/searchCounts.ts), off the event loop as matchOffLoop. */
  matchCountedOffLoop(patient: PatientData, options: MatchOptions, count: CountRequest): Promise<{ results: TrialMatchResult[]; counts: SearchCounted }> {
    return this.threads ? this.threads.matchCounted(patient, options, count) : matchCountedInSlices(this.index, patient, options, count);
  }
  /** A re-match with clinician overrides (matcher rematch) through matchOffLoop. */
  async rematchOffLoop(patient: PatientData, previous: TrialMatchResult[], overrides: CriterionOverride[], options: Omit<MatchOptions, 'overrides'> = {}): Promise<{ results: TrialMatchResult[]; changes: MatchChange[] }> {
    const results = await this.matchOffLoop(patient, { ...options, overrides });
    return { results, changes: changesBetween(previous, results) };
  }
  search(patient: PatientData, location: LocationFilter, limit = 50): TrialMatchResult[] {
    return matchPatient(this.index, patient, { location, limit });
  }
}
