import type { FindTreatmentResponse, FocusArea, MatchedTrial, PatientData, ReportDocument, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import type { Focus } from './focus';

/**
 * What the assistant may answer from, for one conversation: the patient folder (its answers as the
 * matcher reads them), the folder's search results with their per-criterion explanations, the trial
 * records, the guideline pack's recommendations with their evidence, the reports and their findings.
 * The engine reads only through this, so the same engine serves the API (database-backed) and the
 * benchmark (the shared trials in memory).
 */
export interface ChatSources {
  patient: { id: string; name: string; focusArea: FocusArea; data: PatientData; answersUpdatedAt?: string } | null;
  /** What the conversation is about now: opened on, or last discussed (focus.ts). */
  context: Focus;
  /** The folder's search to talk about: the context's, else the latest. */
  search(): Promise<{ searchKey: string; createdAt: string; results: MatchedTrial[] } | null>;
  trial(id: string): Trial | undefined;
  /** Every trial of the catalogue (for questions asked with no patient: "which trials use X"); absent where none is given. */
  catalogue?(): Trial[];
  /** The trial matched against the folder's patient (with the clinician's overrides). */
  match(trialId: string): Promise<TrialMatchResult | null>;
  recommendations(): Promise<FindTreatmentResponse | null>;
  documents(): Promise<ReportDocument[]>;
}
