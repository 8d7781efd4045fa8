import { z } from 'zod';

/** The ten cancer focus areas a patient folder can be about. */
export const focusAreas = ['breast', 'lung', 'prostate', 'stomach', 'liver', 'thyroid', 'cervix_uteri', 'bladder', 'kidney', 'colon'] as const;
export const FocusArea = z.enum(focusAreas);
export type FocusArea = z.infer<typeof FocusArea>;

export const AlterationCategory = z.enum(['mutation', 'amplification', 'fusion', 'deletion', 'expression', 'wild_type', 'other']);
export type AlterationCategory = z.infer<typeof AlterationCategory>;

/** One genomic finding, e.g. EGFR L858R (mutation) or ERBB2 amplification. */
export const GenomicAlteration = z.object({
  gene: z.string().min(1).max(40),
  /** Protein change without the "p." prefix, e.g. "L858R", "V600E"; absent for gene-level findings. */
  proteinChange: z.string().max(60).optional(),
  category: AlterationCategory.default('mutation'),
  /** Variant allele frequency, 0..1, when a report gives it. */
  vaf: z.number().min(0).max(1).optional(),
  /** Inherited (germline) or acquired in the tumour (somatic), when the source says which. */
  origin: z.enum(['germline', 'somatic']).optional(),
});
export type GenomicAlteration = z.infer<typeof GenomicAlteration>;

/**
 * The Gleason scores each ISUP grade group stands for (Epstein 2016): group 1 is Gleason 6 (lower
 * scores are no longer assigned), 2 and 3 are 7 (3+4, 4+3), 4 is 8, 5 is 9 or 10.
 */
export const GLEASON_OF_GRADE_GROUP: Readonly<Record<number, readonly [number, number]>> = { 1: [6, 6], 2: [7, 7], 3: [7, 7], 4: [8, 8], 5: [9, 10] };

/** When in the disease course a treatment was given. */
export const TreatmentSetting = z.enum(['neoadjuvant', 'adjuvant', 'metastatic']);
export type TreatmentSetting = z.infer<typeof TreatmentSetting>;
/** Best response to a treatment, in RECIST words. */
export const BestResponse = z.enum(['complete', 'partial', 'stable', 'progression']);
export type BestResponse = z.infer<typeof BestResponse>;

export const PriorTreatment = z.object({
  /** Drug (generic name) or drug class, e.g. "osimertinib", "EGFR TKI", "platinum chemotherapy". */
  name: z.string().min(1).max(120),
  kind: z.enum(['drug', 'drug_class', 'surgery', 'radiation', 'other']).default('drug'),
  /**
   * The matcher's drug-class keys this treatment certainly belongs to, set by whoever knows them (the
   * survey's typed answer mapping); the matcher then never re-reads them from the display name.
   */
  classes: z.array(z.string().max(60)).max(20).optional(),
  /** For a class answer: the generic drugs it may stand for (possibly received: "unknown" to the matcher, never "received"). */
  candidates: z.array(z.string().max(80)).max(40).optional(),
  /** The regimen this drug was given in (the survey's regimen key, e.g. "folfox"), when the answer named one. */
  regimen: z.string().max(120).optional(),
  /** When in the disease course it was given. */
  setting: TreatmentSetting.optional(),
  /** Line of therapy in the metastatic setting, 1-based, when known. */
  line: z.number().int().min(1).max(20).optional(),
  /** Best response to it (RECIST words). */
  bestResponse: BestResponse.optional(),
  /** Whether the disease progressed on or after it. */
  progressed: z.boolean().optional(),
});
export type PriorTreatment = z.infer<typeof PriorTreatment>;

export const Biomarker = z.object({
  name: z.enum(['HER2', 'ER', 'PR', 'PD-L1', 'MSI', 'MMR', 'TMB', 'PSA', 'AFP', 'CEA', 'CA-125', 'CA19-9', 'Calcitonin', 'CLDN18.2', 'other']),
  /** "positive" / "negative" / "high" / "low" / "deficient" / "proficient" or a number as text (with its comparator: "<1", "≥50"). */
  value: z.string().max(40),
  unit: z.string().max(20).optional(),
  /** How it was measured, when stated: immunohistochemistry, in-situ hybridisation (FISH/CISH/SISH), sequencing. */
  method: z.enum(['IHC', 'ISH', 'NGS', 'PCR']).optional(),
  /** PD-L1: the score the number is on (tumour proportion, combined positive, immune cells, tumour area positivity). */
  scale: z.enum(['TPS', 'CPS', 'IC', 'TAP', 'percent']).optional(),
  /** HER2 (and other IHC markers): the IHC score as written. */
  ihcScore: z.enum(['0', '1+', '2+', '3+']).optional(),
  /** HER2: the in-situ hybridisation result. */
  ish: z.enum(['amplified', 'not_amplified']).optional(),
  /** ER/PR: the percentage of stained nuclei. */
  percent: z.number().min(0).max(100).optional(),
});
export type Biomarker = z.infer<typeof Biomarker>;

/** One laboratory value (added for the trial matcher's organ-function criteria). */
export const LabValue = z.object({
  /** Analyte key, e.g. "anc", "platelets", "hemoglobin", "creatinine", "creatinine_clearance", "bilirubin", "ast", "alt". */
  analyte: z.string().min(1).max(40),
  value: z.number(),
  unit: z.string().max(20).optional(),
  /** Upper limit of normal in the same unit, so "<= 1.5 x ULN" thresholds can be checked. */
  uln: z.number().positive().optional(),
});
export type LabValue = z.infer<typeof LabValue>;

export const GeoPoint = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
export type GeoPoint = z.infer<typeof GeoPoint>;

export const PatientLocation = z.object({
  locationId: z.string().max(80).optional(),
  country: z.string().max(80).optional(),
  /** ISO 3166-1 alpha-2 code. */
  countryCode: z.string().length(2).optional(),
  region: z.string().max(120).optional(),
  city: z.string().max(120).optional(),
  point: GeoPoint.optional(),
});
export type PatientLocation = z.infer<typeof PatientLocation>;

/** The patient as the pre-screening survey collects it; the matcher's input. Mappable to mCODE. */
export const PatientData = z.object({
  focusArea: FocusArea.optional(),
  /** OncoTree code of the primary diagnosis, e.g. "LUAD". */
  oncotreeCode: z.string().max(20).optional(),
  /** Free-text diagnosis as entered, kept for display. */
  diagnosisText: z.string().max(300).optional(),
  age: z.number().int().min(0).max(120).optional(),
  gender: z.enum(['male', 'female', 'other']).optional(),
  ecog: z.number().int().min(0).max(4).optional(),
  karnofsky: z.number().int().min(0).max(100).optional(),
  /** Date of the first diagnosis, YYYY-MM-DD. */
  diagnosisDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /** Stage group, e.g. "IV", "IIIB". */
  stage: z.string().max(10).optional(),
  tnm: z
    .object({
      /** c (clinical), p (pathological), yp/yc (after neoadjuvant therapy), r (recurrence). */
      prefix: z.enum(['c', 'p', 'yp', 'yc', 'r']).optional(),
      t: z.string().max(6).optional(),
      n: z.string().max(6).optional(),
      m: z.string().max(6).optional(),
    })
    .optional(),
  metastatic: z.boolean().optional(),
  /** The extent words of the text: "locally advanced", "advanced" (no more said), "metastatic", "localized". */
  diseaseExtent: z.enum(['localized', 'locally_advanced', 'advanced', 'metastatic']).optional(),
  /** The disease came back after treatment ("recurrent", "relapsed", "recidiva"). */
  recurrent: z.boolean().optional(),
  /** Sites the text says are free of spread ("no brain mets"). */
  absentMetastasisSites: z.array(z.string().max(60)).max(30).optional(),
  /** Sites of spread, e.g. ["brain", "liver", "bone"]. */
  metastasisSites: z.array(z.string().max(60)).max(30).default([]),
  brainMetastasesTreated: z.boolean().optional(),
  priorTreatments: z.array(PriorTreatment).max(50).default([]),
  tmb: z.number().min(0).max(1000).optional(),
  msi: z.enum(['high', 'low', 'stable']).optional(),
  biomarkers: z.array(Biomarker).max(30).default([]),
  alterations: z.array(GenomicAlteration).max(100).default([]),
  measurableDisease: z.boolean().optional(),
  resectable: z.boolean().optional(),
  pregnant: z.boolean().optional(),
  /** Breast and other hormone-sensitive cancers: menopausal status. */
  menopausalStatus: z.enum(['premenopausal', 'postmenopausal']).optional(),
  smokingStatus: z.enum(['never', 'former', 'current']).optional(),
  /** Liver function class (liver cancer trials). */
  childPugh: z.enum(['A', 'B', 'C']).optional(),
  /** Liver cancer: Barcelona Clinic Liver Cancer stage. */
  bclcStage: z.enum(['0', 'A', 'B', 'C', 'D']).optional(),
  /** Prostate cancer: castration-sensitive or castration-resistant disease. */
  castrationStatus: z.enum(['sensitive', 'resistant']).optional(),
  /** Prostate: ISUP grade group 1-5 (Gleason ≤6, 3+4, 4+3, 8, 9-10: GLEASON_OF_GRADE_GROUP). */
  gleasonGradeGroup: z.number().int().min(1).max(5).optional(),
  /** Prostate: the Gleason sum as written (7 alone does not say grade group 2 or 3). */
  gleasonScore: z.number().int().min(2).max(10).optional(),
  /** Urothelial (bladder) tumours: WHO/ISUP low or high grade. */
  tumorGrade: z.enum(['low', 'high']).optional(),
  /** Differentiated thyroid cancer that no longer responds to radioactive iodine. */
  raiRefractory: z.boolean().optional(),
  /** How the disease evolves on the latest assessment (scans or the oncologist's word). */
  diseaseStatus: z.enum(['progressive', 'stable', 'responding', 'no_evidence']).optional(),
  /** Advanced kidney cancer: IMDC prognostic risk group. */
  imdcRisk: z.enum(['favorable', 'intermediate', 'poor']).optional(),
  /** Comorbidity keys, e.g. "hiv", "hepatitis_b", "hepatitis_c", "autoimmune", "cardiac", "other_malignancy". */
  comorbidities: z.array(z.string().max(80)).max(50).default([]),
  location: PatientLocation.optional(),
  /** Optional (trial matcher): laboratory values for organ-function criteria. */
  labs: z.array(LabValue).max(50).optional(),
  /** Optional (trial matcher): number of prior systemic lines in the advanced setting. */
  priorLines: z.number().int().min(0).max(20).optional(),
});
export type PatientData = z.infer<typeof PatientData>;
