/**
 * OncoDesk trial knowledge base and matching engine: deterministic, explainable, offline.
 *
 * import (pure parse functions) -> compile eligibility -> index in memory -> match a patient -> rank.
 */
import type { CriterionOverride, LocationFilter, MatchChange, PatientData, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import { TrialIndex, matchPatient, matchPatientInSlices, rematch, type MatchOptions } from './matcher';

export type { Trial, TrialMatchResult, CriterionOverride, LocationFilter, MatchChange, PatientData } from '@oncodesk/shared/contracts';
export type { ImportResult, TrialDraft } from './model';
export type { MatchOptions } from './matcher';
export type { NormalizedPatient, Span } from './normalize';

// importers (pure: content -> trials + errors)
export { parseTrials, detectFormat, importDirectory, parseCtgovV2, parseCtgovXml, parseNciCts, parseCtml, parseHintCsv, type TrialFormat } from './importers';
export { parseMatchTree, ctmlLeafToSpecs } from './importers/ctml';
export { finalizeTrial } from './model';
// eligibility compiler
export { compileEligibility, compileItem, splitEligibility } from './compiler';
// patient normalisation and validation
export { normalizePatient, validatePatient } from './normalize';
// matcher, ranking, geography
export { TrialIndex, matchPatient, matchTrial, rematch, viewPatient, evaluateCriterion, verdictOf, evaluateTree, diseaseRelation, geneRelation, rankScore } from './matcher';
export { haversineKm, withinRadius, inCountries, inContinents, siteMatchesFilter, filterSites, nearestSite, countryCode, continentOf, countryByCode, COUNTRIES } from './matcher';
// vocabularies
export { isOncotreeCode, isWithin, subtree, ancestors, oncoNode } from './vocab/oncotree';
export { findDiseases, resolveDisease } from './vocab/diseases';
export { normalizeGene, findGenes } from './vocab/genes';
export { normalizeDrug, drugClasses, findDrugs } from './vocab/drugs';

/** Convenience facade: an in-memory engine over a set of trials. */
export class TrialEngine {
  readonly index: TrialIndex;
  constructor(trials: Trial[] = []) {
    this.index = new TrialIndex(trials);
  }
  /** Adds or replaces trials (idempotent by id). */
  load(trials: Trial[]): void {
    for (const t of trials) this.index.add(t);
  }
  get size(): number {
    return this.index.size;
  }
  match(patient: PatientData, options?: MatchOptions): TrialMatchResult[] {
    return matchPatient(this.index, patient, options);
  }
  /** The same match, giving the event loop back every few milliseconds (request handlers use this one). */
  matchInSlices(patient: PatientData, options?: MatchOptions): Promise<TrialMatchResult[]> {
    return matchPatientInSlices(this.index, patient, options);
  }
  rematch(patient: PatientData, previous: TrialMatchResult[], overrides: CriterionOverride[], options?: Omit<MatchOptions, 'overrides'>): { results: TrialMatchResult[]; changes: MatchChange[] } {
    return rematch(this.index, patient, previous, overrides, options);
  }
  search(patient: PatientData, location: LocationFilter, limit = 50): TrialMatchResult[] {
    return matchPatient(this.index, patient, { location, limit });
  }
}
