import type { CriterionKind, CriterionMessage, CriterionSpec } from '@oncodesk/shared/contracts';
import type { Detector } from '../compiler/types';
import type { PatientView } from './facts';

/**
 * The parts of an eligibility decision a confidence level must have seen (bit flags): the disease, the
 * setting (stage, spread, resectability, brain metastases), the key biomarkers and the prior therapy.
 * Each criterion kind says which it speaks to (CriterionModule.dimension; matcher/verdict.ts reads them).
 */
export const DIM_DISEASE = 1;
export const DIM_SETTING = 2;
export const DIM_BIOMARKER = 4;
export const DIM_PRIOR = 8;

/** The spec of one criterion kind. */
export type SpecOf<K extends CriterionKind> = Extract<CriterionSpec, { kind: K }>;

/** The patient fact and the reason behind a truth value, as messages. */
export interface Described {
  fact?: CriterionMessage;
  reason: CriterionMessage;
}

/**
 * How the compiler reads a kind from an eligibility sentence: its detector and its place among the
 * detectors (they run in `order`; the criteria of a sentence come out in that order, so their ids do).
 * Kinds one detector reads together (ECOG and Karnofsky, MSI and MMR...) share one Detection object.
 * `fallback`: run only when no other detector read anything (consent, logistics).
 */
export interface Detection {
  readonly order: number;
  readonly run: Detector;
  readonly fallback?: boolean;
}

/**
 * Everything the engine knows of one criterion kind, in one place (criteria/<kind>/index.ts). The registry
 * (criteria/registry.ts) holds one per kind, typed so that a kind missing any part does not compile.
 */
export interface CriterionModule<K extends CriterionKind> extends AnyCriterionModule {
  readonly kind: K;
  /**
   * Whether the patient has the condition: true, false or undefined (unknown). The one definition of the
   * kind's truth: the packed hot loop, the single-pass verdict and the explained results all read it.
   * Allocation-free (no words are built here); per-patient facts come from the view (facts.ts derived).
   */
  holds(spec: SpecOf<K>, v: PatientView): boolean | undefined;
  /** The patient fact and the reason behind a truth value `holds` gave (words only: no rule is decided here). */
  describe(spec: SpecOf<K>, v: PatientView, holds: boolean | undefined): Described;
}

/**
 * A criterion module as dispatch by a spec's kind sees it (registry.ts criterionModule): CRITERIA[spec.kind] is
 * the module of that spec's kind by construction, so it takes the spec.
 */
export interface AnyCriterionModule {
  readonly kind: CriterionKind;
  /** Its sentence detector (compiler/); null when no sentence is read as this kind (structured imports, derived setting, the free-text fallback). */
  readonly detect: Detection | null;
  holds(spec: CriterionSpec, v: PatientView): boolean | undefined;
  describe(spec: CriterionSpec, v: PatientView, holds: boolean | undefined): Described;
  /** Its coverage dimension (DIM_* bits; 0: none of the four). */
  readonly dimension: number;
  /** Whether it speaks to the level's coverage (false for free text and screening checks: never lowers the level). */
  readonly speaksToLevel: boolean;
  /** Whether it counts among the criteria (false for consent, compliance, logistics: shown apart). */
  readonly counted: boolean;
  /** Whether an unmet inclusion of it means another disease / target (verdict no_match), not ineligibility. */
  readonly topical: boolean;
  /** Whether inclusion criteria of this kind read from one sentence are alternatives, counted as one (their OR). */
  readonly alternatives: boolean;
  /** Whether every registry record carries it (age, sex, conditions): from the registry, it states no eligibility of the trial's own. */
  readonly registryField: boolean;
}
