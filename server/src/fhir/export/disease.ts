import type { Condition, Observation, Patient } from '@medplum/fhirtypes';
import { mcodeProfiles, snomed, systems } from '../profiles';
import { ajccCode } from '../terms/stage';
import { answer, concept, refTo, stableId, stated, type ExportContext } from './context';

/** ICD-10 category and title per focus area (OncoTree esophageal and rectal codes take their own). */
const ICD10: Record<string, [string, string]> = {
  breast: ['C50', 'Malignant neoplasm of breast'],
  lung: ['C34', 'Malignant neoplasm of bronchus and lung'],
  prostate: ['C61', 'Malignant neoplasm of prostate'],
  stomach: ['C16', 'Malignant neoplasm of stomach'],
  esophagus: ['C15', 'Malignant neoplasm of oesophagus'],
  liver: ['C22', 'Malignant neoplasm of liver and intrahepatic bile ducts'],
  thyroid: ['C73', 'Malignant neoplasm of thyroid gland'],
  cervix_uteri: ['C53', 'Malignant neoplasm of cervix uteri'],
  bladder: ['C67', 'Malignant neoplasm of bladder'],
  kidney: ['C64', 'Malignant neoplasm of kidney, except renal pelvis'],
  colon: ['C18', 'Malignant neoplasm of colon'],
  rectum: ['C20', 'Malignant neoplasm of rectum'],
};

/** Metastasis site option -> SNOMED secondary neoplasm (the MITRE list's codes) or words only. */
const SECONDARY: Record<string, [string | null, string]> = {
  bone: ['94222008', 'Secondary malignant neoplasm of bone'],
  liver: ['94381002', 'Secondary malignant neoplasm of liver'],
  lung: ['94391008', 'Secondary malignant neoplasm of lung'],
  lymph_nodes: ['94392001', 'Secondary malignant neoplasm of lymph node'],
  brain: ['94225005', 'Secondary malignant neoplasm of brain'],
  skin_soft_tissue: ['94579000', 'Secondary malignant neoplasm of skin'],
  pleura: [null, 'Secondary malignant neoplasm of pleura'],
  peritoneum: [null, 'Secondary malignant neoplasm of peritoneum'],
  adrenal: [null, 'Secondary malignant neoplasm of adrenal gland'],
  other: [null, 'Secondary malignant neoplasm of other site'],
};

const problemListItem = { coding: [{ system: systems.conditionCategory, code: 'problem-list-item', display: 'Problem List Item' }] };

/**
 * The Patient as of today's age: FHIR has no age, so the birth year it implies (a partial date) stands
 * for it; importing it gives the same age back.
 */
export function patientResource(ctx: ExportContext): Patient {
  const age = answer<number>(ctx, 'age');
  const gender = answer<string>(ctx, 'gender');
  return {
    resourceType: 'Patient',
    id: ctx.folderId,
    meta: { profile: [mcodeProfiles.cancerPatient] },
    identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${ctx.folderId}` }],
    name: [{ text: ctx.name }],
    gender: gender === 'female' || gender === 'male' || gender === 'other' ? gender : 'unknown',
    ...(typeof age === 'number' ? { birthDate: String(Number(ctx.today.slice(0, 4)) - age) } : {}),
  };
}

export function primaryCondition(ctx: ExportContext, patient: Patient): Condition {
  const code = answer<string>(ctx, `diagnosis.${ctx.focusArea}`);
  const area = code && /^(ESCA|ESCC|EGC|GEJ)/.test(code) ? 'esophagus' : code === 'READ' ? 'rectum' : ctx.focusArea;
  const [icd, title] = ICD10[area];
  const date = answer<string>(ctx, 'diagnosis_date');
  return {
    resourceType: 'Condition',
    id: stableId(ctx.folderId, 'primary'),
    meta: { profile: [mcodeProfiles.primaryCancerCondition] },
    clinicalStatus: concept(systems.conditionClinical, 'active', 'Active'),
    verificationStatus: concept(systems.conditionVerification, 'confirmed', 'Confirmed'),
    category: [problemListItem],
    code: {
      coding: [...(code ? [{ system: systems.oncotree, code, display: ctx.labels[code] ?? code }] : []), { system: systems.icd10, code: icd, display: title }],
      text: code ? (ctx.labels[code] ?? code) : title,
    },
    subject: refTo(patient),
    ...(date ? { onsetDateTime: date } : {}),
  };
}

export function secondaryConditions(ctx: ExportContext, patient: Patient, primary: Condition): Condition[] {
  if (answer(ctx, 'metastatic') !== 'yes') return [];
  const sites = answer<string[]>(ctx, 'metastasis_sites') ?? [];
  const entries: [string, string | null, string][] = sites.length ? sites.map((s) => [s, ...(SECONDARY[s] ?? SECONDARY.other)]) : [['unspecified', snomed.metastaticUnspecified, 'Metastatic malignant neoplasm (disorder)']];
  return entries.map(([key, code, text]) => ({
    resourceType: 'Condition',
    id: stableId(ctx.folderId, `secondary:${key}`),
    meta: { profile: [mcodeProfiles.secondaryCancerCondition] },
    extension: [{ url: systems.conditionRelated, valueReference: refTo(primary) }],
    clinicalStatus: concept(systems.conditionClinical, 'active', 'Active'),
    verificationStatus: concept(systems.conditionVerification, 'confirmed', 'Confirmed'),
    category: [problemListItem],
    code: code ? concept(systems.snomed, code, text, text) : { text },
    subject: refTo(patient),
  }));
}

/** The stage: an AJCC TNM stage group, or for the cervix a FIGO stage (mCODE's generic cancer stage). */
export function stageObservation(ctx: ExportContext, patient: Patient, primary: Condition): Observation | null {
  const stage = stated(ctx, `stage.${ctx.focusArea}`);
  if (!stage) return null;
  const figo = ctx.focusArea === 'cervix_uteri';
  return {
    resourceType: 'Observation',
    id: stableId(ctx.folderId, 'stage'),
    meta: { profile: [figo ? mcodeProfiles.cancerStage : mcodeProfiles.tnmStageGroup] },
    status: 'final',
    category: [concept(systems.observationCategory, 'survey', 'Survey')],
    code: figo
      ? concept(systems.snomed, snomed.figoStage, 'International Federation of Gynecology and Obstetrics stage for gynecological malignancy (observable entity)')
      : concept(systems.snomed, snomed.clinicalStageGroup, 'Clinical TNM stage grouping'),
    subject: refTo(patient),
    focus: [refTo(primary)],
    effectiveDateTime: ctx.today,
    method: figo ? { text: 'FIGO 2018' } : concept(systems.snomed, snomed.ajcc8, 'American Joint Commission on Cancer, Cancer Staging Manual, 8th edition neoplasm staging system (tumor staging)'),
    valueCodeableConcept: figo ? { text: `FIGO Stage ${stage}` } : { coding: [{ system: systems.ajcc, code: ajccCode(stage), display: stage }], text: `Stage ${stage}` },
  };
}

/** "Not metastatic" as the clinical M category cM0. */
export function m0Observation(ctx: ExportContext, patient: Patient, primary: Condition): Observation | null {
  if (answer(ctx, 'metastatic') !== 'no') return null;
  return {
    resourceType: 'Observation',
    id: stableId(ctx.folderId, 'cM'),
    meta: { profile: [mcodeProfiles.tnmDistantMetastasesCategory] },
    status: 'final',
    category: [concept(systems.observationCategory, 'survey', 'Survey')],
    code: concept(systems.snomed, snomed.cMCategory, 'cM category'),
    subject: refTo(patient),
    focus: [refTo(primary)],
    effectiveDateTime: ctx.today,
    method: concept(systems.snomed, snomed.ajcc8, 'American Joint Commission on Cancer, Cancer Staging Manual, 8th edition neoplasm staging system (tumor staging)'),
    valueCodeableConcept: concept(systems.snomed, snomed.cM0, 'American Joint Committee on Cancer cM0 (qualifier value)'),
  };
}
