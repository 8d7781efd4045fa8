import type { CriterionKind } from '@oncodesk/shared/contracts';
import type { CriterionModule } from './types';
import { administrative } from './administrative';
import { age } from './age';
import { alteration } from './alteration';
import { brainMetastases } from './brain_metastases';
import { comorbidity } from './comorbidity';
import { concomitantMedication } from './concomitant_medication';
import { diagnosis } from './diagnosis';
import { diseaseState } from './disease_state';
import { ecog } from './ecog';
import { freeText } from './free_text';
import { histologicGrade } from './histologic_grade';
import { hypersensitivity } from './hypersensitivity';
import { karnofsky } from './karnofsky';
import { lab } from './lab';
import { lifeExpectancy } from './life_expectancy';
import { measurableDisease } from './measurable_disease';
import { menopausalStatus } from './menopausal_status';
import { metastasisSite } from './metastasis_site';
import { metastatic } from './metastatic';
import { mmr } from './mmr';
import { msi } from './msi';
import { organFunction } from './organ_function';
import { pregnancy } from './pregnancy';
import { priorProcedure } from './prior_procedure';
import { priorTherapy } from './prior_therapy';
import { recentTherapy } from './recent_therapy';
import { receptor } from './receptor';
import { resectability } from './resectability';
import { sex } from './sex';
import { signature } from './signature';
import { stage } from './stage';
import { tmb } from './tmb';

/**
 * Every criterion kind's module (criteria/<kind>/index.ts), keyed by kind. Typed so that a kind of the contract
 * without a module, or a module missing a part (detector, truth, words, dimension, verdict flags), does not
 * compile. What reads it: matcher/evaluate.ts (quickHolds: the truth; evaluateSpec / explainHolds: the words),
 * matcher/verdict.ts (dimensionOf, isCounted, speaksToLevel, isTopical, isAlternative, statesEligibility),
 * matcher/index.ts (the packed flags) and compiler/index.ts (DETECTORS, in their `detect.order`).
 *
 * Adding a criterion kind
 *  1. shared/src/contracts/trials.ts: the kind in CriterionKind and its spec in CriterionSpec.
 *  2. server/src/trials/criteria/<kind>/index.ts: its CriterionModule (copy a module of a similar kind).
 *     - detect: its sentence detector (a detect.ts beside it, or compiler/<x>.ts) with an `order` between
 *       the detectors it must follow and precede (they are spaced by 10; criteria ids follow the order), or
 *       null when no sentence is read as it (structured fields only);
 *     - holds: the truth, allocation-free (the packed hot loop calls it once per condition and patient);
 *       per-patient facts it needs more than once go in facts.ts derived();
 *     - describe: the patient fact and the reason for a truth `holds` gave, with message keys of
 *       shared/src/contracts/criterionMessages.ts (a new key needs its en, es and it text there);
 *     - dimension and the verdict flags (see types.ts CriterionModule).
 *  3. This file: its import and its line in CRITERIA (tsc fails until both are there).
 *  4. server/test/trials/criteria/<kind>.test.ts: its detector, truth and words; the paths-agree property
 *     test (test/trials/paths-agree.property.test.ts) covers it once one of its SENTENCES reads as the kind.
 *  Outside the server, tsc and tests name the two places the web needs: its node in the match graph
 *  (remote-trials/src/components/graph/groups.ts BY_KIND, satisfies Record<CriterionKind, ...>) and its label
 *  (remote-trials/src/locales/{en,es,it}.json "kinds.<kind>", remote-trials kindLabels.test).
 *  Nothing else: no switch elsewhere names kinds (quickHolds, describeSpec, DIMENSION_OF and the flag sets
 *  are read from here).
 */
export const CRITERIA = {
  administrative,
  age,
  alteration,
  brain_metastases: brainMetastases,
  comorbidity,
  concomitant_medication: concomitantMedication,
  diagnosis,
  disease_state: diseaseState,
  ecog,
  free_text: freeText,
  histologic_grade: histologicGrade,
  hypersensitivity,
  karnofsky,
  lab,
  life_expectancy: lifeExpectancy,
  measurable_disease: measurableDisease,
  menopausal_status: menopausalStatus,
  metastasis_site: metastasisSite,
  metastatic,
  mmr,
  msi,
  organ_function: organFunction,
  pregnancy,
  prior_procedure: priorProcedure,
  prior_therapy: priorTherapy,
  recent_therapy: recentTherapy,
  receptor,
  resectability,
  sex,
  signature,
  stage,
  tmb,
} satisfies { [K in CriterionKind]: CriterionModule<K> };
