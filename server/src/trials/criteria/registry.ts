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
