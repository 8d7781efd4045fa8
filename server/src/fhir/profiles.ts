/** mCODE STU4 profile canonical URLs and the code systems the import and export use. */

const MCODE = 'http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-';

export const mcodeProfiles = {
  cancerPatient: `${MCODE}cancer-patient`,
  primaryCancerCondition: `${MCODE}primary-cancer-condition`,
  secondaryCancerCondition: `${MCODE}secondary-cancer-condition`,
  tnmStageGroup: `${MCODE}tnm-stage-group`,
  cancerStage: `${MCODE}cancer-stage`,
  tnmDistantMetastasesCategory: `${MCODE}tnm-distant-metastases-category`,
  tumorMarkerTest: `${MCODE}tumor-marker-test`,
  genomicVariant: `${MCODE}genomic-variant`,
  ecogPerformanceStatus: `${MCODE}ecog-performance-status`,
  karnofskyPerformanceStatus: `${MCODE}karnofsky-performance-status`,
  cancerRelatedMedicationRequest: `${MCODE}cancer-related-medication-request`,
  cancerRelatedSurgicalProcedure: `${MCODE}cancer-related-surgical-procedure`,
  radiotherapyCourseSummary: `${MCODE}radiotherapy-course-summary`,
  historyOfMetastaticCancer: `${MCODE}history-of-metastatic-cancer`,
} as const;
export type McodeProfile = (typeof mcodeProfiles)[keyof typeof mcodeProfiles];

/** The file name of a profile's StructureDefinition in the published IG package. */
export const structureDefinitionFile = (url: string) => `StructureDefinition-${url.slice(url.lastIndexOf('/') + 1)}.json`;

export const systems = {
  snomed: 'http://snomed.info/sct',
  loinc: 'http://loinc.org',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  ajcc: 'http://cancerstaging.org',
  hgnc: 'http://www.genenames.org',
  hgvs: 'http://varnomen.hgvs.org',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  ucum: 'http://unitsofmeasure.org',
  oncotree: 'https://oncotree.mskcc.org',
  /** The survey's own drug, class and regimen answers ("regimen:folfox"), so an export re-imports as given. */
  surveyDrug: 'urn:oncodesk:survey-drug',
  conditionRelated: 'http://hl7.org/fhir/StructureDefinition/condition-related',
} as const;

/** LOINC codes of the observations read by their code (tumour markers are in terms/markers). */
export const loinc = {
  ecog: '89247-1',
  karnofsky: '89243-0',
  genomicVariant: '69548-6',
  geneStudied: '48018-6',
  proteinHgvs: '48005-3',
  codingHgvs: '48004-6',
  dnaChangeType: '48019-4',
  variationCode: '81252-9',
  /** "Present" answer of a variant assessment. */
  present: 'LA9633-4',
  absent: 'LA9634-2',
  tnmStageGroupClinical: '21908-9',
  tnmStageGroupPathologic: '21902-2',
} as const;

/** SNOMED codes the export writes and the import recognises beside LOINC. */
export const snomed = {
  clinicalStageGroup: '399537006',
  pathologicStageGroup: '399588009',
  ajcc8: '897275008',
  /** Surgical procedure (procedure): the root of mCODE's cancer surgery value set. */
  surgicalProcedure: '387713003',
  /** Radiotherapy course of treatment (regime/therapy): fixed by the radiotherapy course summary profile. */
  radiotherapyCourse: '1217123003',
  /** Metastatic malignant neoplasm (disorder): spread with no site given. */
  metastaticUnspecified: '128462008',
  /** FIGO stage for gynecological malignancy (observable entity). */
  figoStage: '385361009',
  cMCategory: '399387003',
  /** American Joint Committee on Cancer cM0 (qualifier value). */
  cM0: '1229901006',
  positive: '10828004',
  negative: '260385009',
} as const;
