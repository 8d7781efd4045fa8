import { z } from 'zod';
import { GeoPoint, PatientData } from './patient';
import { Continent } from './continents';
import { CriterionMessage } from './criterionMessages';
import { Credits } from './plans';

/**
 * Trial knowledge base contracts: the trial model, compiled eligibility criteria, match results and
 * clinician overrides. The server's trial engine produces these; the frontend renders them.
 */

export const TrialSource = z.enum(['ctgov-v2', 'ctgov-xml', 'nci-cts', 'ctml', 'hint', 'manual']);
export type TrialSource = z.infer<typeof TrialSource>;

export const TrialPhase = z.enum(['early_1', '1', '2', '3', '4', 'na']);
export type TrialPhase = z.infer<typeof TrialPhase>;

export const OverallStatus = z.enum([
  'recruiting',
  'not_yet_recruiting',
  'enrolling_by_invitation',
  'active_not_recruiting',
  'suspended',
  'temporarily_closed',
  'completed',
  'terminated',
  'withdrawn',
  'approved',
  'in_review',
  'closed',
  'available',
  'unknown',
]);
export type OverallStatus = z.infer<typeof OverallStatus>;

/**
 * Open to enrolment: the one definition the matcher's "open only" filter, the alerts, the assistant and the
 * results page's chip read. Recruiting, not yet recruiting, enrolling by invitation, NCI's approved and in
 * review (approved, not yet active) and expanded access available.
 */
export const OPEN_STATUSES: ReadonlySet<OverallStatus> = new Set<OverallStatus>(['recruiting', 'not_yet_recruiting', 'enrolling_by_invitation', 'approved', 'in_review', 'available']);
export const isOpenStatus = (status: OverallStatus | undefined): boolean => status !== undefined && OPEN_STATUSES.has(status);

export const SiteStatus = z.enum(['recruiting', 'not_yet_recruiting', 'active_not_recruiting', 'closed', 'unknown']);
export type SiteStatus = z.infer<typeof SiteStatus>;
/** A site open to enrolment (recruiting or about to). */
export const isOpenSite = (status: SiteStatus | undefined): boolean => status === 'recruiting' || status === 'not_yet_recruiting';

export const TrialSite = z.object({
  name: z.string().max(300),
  address: z
    .object({
      line1: z.string().max(300).optional(),
      city: z.string().max(120).optional(),
      state: z.string().max(120).optional(),
      postalCode: z.string().max(30).optional(),
      country: z.string().max(120).optional(),
      /** ISO 3166-1 alpha-2, derived from the country name when the source has none. */
      countryCode: z.string().length(2).optional(),
    })
    .default({}),
  point: GeoPoint.optional(),
  status: SiteStatus.default('unknown'),
  contact: z.object({ name: z.string().max(200).optional(), email: z.string().max(200).optional(), phone: z.string().max(60).optional() }).optional(),
});
export type TrialSite = z.infer<typeof TrialSite>;

export const TrialIntervention = z.object({
  name: z.string().min(1).max(300),
  type: z.string().max(60).optional(),
  otherNames: z.array(z.string().max(300)).default([]),
  /** Normalised generic drug names / classes found in the name, for matching against prior therapy. */
  drugs: z.array(z.string().max(80)).default([]),
});
export type TrialIntervention = z.infer<typeof TrialIntervention>;

export const CriterionKind = z.enum([
  'age',
  'sex',
  'ecog',
  'karnofsky',
  'stage',
  'metastatic',
  'metastasis_site',
  'brain_metastases',
  'diagnosis',
  'alteration',
  'tmb',
  'msi',
  'mmr',
  'receptor',
  'prior_therapy',
  'measurable_disease',
  'resectability',
  'lab',
  'pregnancy',
  'comorbidity',
  'signature',
  'disease_state',
  'menopausal_status',
  'life_expectancy',
  'histologic_grade',
  'organ_function',
  'recent_therapy',
  'prior_procedure',
  'concomitant_medication',
  'hypersensitivity',
  'administrative',
  'free_text',
]);
export type CriterionKind = z.infer<typeof CriterionKind>;

/** What an unread eligibility sentence decides: line of therapy, disease setting, subtype, prior therapy or a required biomarker. */
export const DecidingTopic = z.enum(['line_of_therapy', 'setting', 'subtype', 'prior_therapy', 'biomarker']);
export type DecidingTopic = z.infer<typeof DecidingTopic>;

/**
 * Comorbidity conditions criteria name. The first group is what the survey asks (each has a survey
 * answer mapping to it), so "none of these" decides it; the rest are read from trial text only and stay
 * unknown unless the patient record names them.
 */
export const ASKED_COMORBIDITIES = [
  'hiv', 'hepatitis_b', 'hepatitis_c', 'autoimmune', 'cardiac', 'other_malignancy', 'infection', 'interstitial_lung_disease',
  'liver_disease', 'pulmonary', 'hypertension', 'cerebrovascular', 'thromboembolism', 'bleeding', 'diabetes', 'renal',
  'organ_transplant', 'peripheral_neuropathy', 'seizure', 'psychiatric', 'immunosuppression', 'hearing_loss', 'gastrointestinal', 'cirrhosis',
] as const;
export const ComorbidityCondition = z.enum([...ASKED_COMORBIDITIES, 'substance_abuse', 'unresolved_toxicity', 'serious_illness', 'dysphagia', 'ocular', 'wound_healing', 'endocrine', 'neurologic', 'effusion']);
export type ComorbidityCondition = z.infer<typeof ComorbidityCondition>;

/** What an administrative item asks for: never part of the eligibility decision, shown apart. */
export const AdministrativeTopic = z.enum(['consent', 'compliance', 'contraception', 'trial_participation', 'logistics', 'investigator_judgement', 'sample', 'reference', 'definition']);
export type AdministrativeTopic = z.infer<typeof AdministrativeTopic>;

/** Therapies criteria time-limit ("no chemotherapy within 4 weeks"). */
export const RecentTherapyType = z.enum(['systemic', 'chemotherapy', 'radiotherapy', 'surgery', 'investigational', 'immunotherapy', 'targeted', 'hormonal', 'live_vaccine', 'transfusion_or_growth_factor']);
export type RecentTherapyType = z.infer<typeof RecentTherapyType>;

/** Current medication criteria name. */
export const ConcomitantMedication = z.enum(['cyp3a_modulator', 'corticosteroid', 'immunosuppressant', 'anticoagulant', 'qt_prolonging', 'anticancer', 'investigational', 'other']);
export type ConcomitantMedication = z.infer<typeof ConcomitantMedication>;

export const Comparator = z.enum(['>=', '>', '<=', '<', '==']);
export type Comparator = z.infer<typeof Comparator>;

/** Kind-specific parameters of one compiled criterion. Absent fields mean "not constrained". */
export const CriterionSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('age'), min: z.number().min(0).max(120).optional(), max: z.number().min(0).max(130).optional() }),
  z.object({ kind: z.literal('sex'), sex: z.enum(['male', 'female']) }),
  z.object({ kind: z.literal('ecog'), min: z.number().int().min(0).max(5).optional(), max: z.number().int().min(0).max(5).optional() }),
  z.object({ kind: z.literal('karnofsky'), min: z.number().min(0).max(100).optional(), max: z.number().min(0).max(100).optional() }),
  /** Stage groups accepted (roman numerals with optional letter, e.g. "IIIB", "IV"); TNM parts when stated. */
  z.object({ kind: z.literal('stage'), groups: z.array(z.string().max(8)).default([]), t: z.array(z.string()).optional(), n: z.array(z.string()).optional(), m: z.array(z.string()).optional() }),
  /** metastatic: patient must have distant spread; advanced: locally advanced or metastatic; non_metastatic: no distant spread. */
  z.object({ kind: z.literal('metastatic'), state: z.enum(['metastatic', 'advanced', 'non_metastatic']) }),
  z.object({ kind: z.literal('metastasis_site'), site: z.string().max(60) }),
  /** The condition described: any brain metastases, untreated/active ones, or treated and stable ones. */
  z.object({ kind: z.literal('brain_metastases'), condition: z.enum(['any', 'untreated', 'treated_stable']) }),
  /** OncoTree codes; a patient matches when their code is the code or below it (subtree semantics). */
  z.object({
    kind: z.literal('diagnosis'),
    codes: z.array(z.string().max(20)).min(1),
    /** The disease phrases as the trial writes them: as long as the sentence they come from (a basket study lists dozens). */
    text: z.string().max(4000).optional(),
    /** The trial names a disease the vocabulary could not resolve (codes hold only the root): never "met". */
    unresolved: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('alteration'),
    /** HGNC symbol; "*" for any gene (e.g. CTML any_gene structural variant). */
    gene: z.string().min(1).max(40),
    proteinChange: z.string().max(60).optional(),
    /** Protein change is a prefix (e.g. "V600" matches V600E/V600K). */
    wildcard: z.boolean().optional(),
    category: z.enum(['mutation', 'amplification', 'fusion', 'deletion', 'expression', 'any']).default('any'),
    /** The criterion describes the wild-type state (no alteration in the gene). */
    wildType: z.boolean().optional(),
    fusionPartner: z.string().max(40).optional(),
    /** Variant class when the source states it (CTML variant_classification), checked against the protein change. */
    variantClass: z.enum(['missense', 'nonsense', 'frameshift', 'in_frame_deletion', 'in_frame_insertion', 'splice', 'other']).optional(),
  }),
  z.object({ kind: z.literal('tmb'), op: Comparator, value: z.number().min(0).max(10000) }),
  z.object({ kind: z.literal('msi'), status: z.enum(['high', 'low', 'stable']) }),
  z.object({ kind: z.literal('mmr'), status: z.enum(['deficient', 'proficient']) }),
  z.object({
    kind: z.literal('receptor'),
    marker: z.enum(['HER2', 'ER', 'PR', 'PD-L1']),
    status: z.enum(['positive', 'negative', 'low']),
    /** Threshold for PD-L1 (percent), when stated. */
    op: Comparator.optional(),
    value: z.number().optional(),
  }),
  z.object({
    kind: z.literal('prior_therapy'),
    /** Generic drug names. */
    drugs: z.array(z.string().max(80)).default([]),
    /** Drug-class keys, e.g. "egfr_tki", "platinum", "anti_pd1_pdl1". */
    classes: z.array(z.string().max(60)).default([]),
    /** Any systemic therapy, when no drug or class is named. */
    anySystemic: z.boolean().optional(),
    minLines: z.number().int().min(0).max(20).optional(),
    maxLines: z.number().int().min(0).max(20).optional(),
  }),
  z.object({ kind: z.literal('measurable_disease') }),
  z.object({ kind: z.literal('resectability'), resectable: z.boolean() }),
  z.object({
    kind: z.literal('lab'),
    analyte: z.string().max(40),
    op: Comparator,
    value: z.number(),
    /** Unit as written, or "xULN" when the threshold is a multiple of the upper limit of normal. */
    unit: z.string().max(20).optional(),
  }),
  z.object({ kind: z.literal('pregnancy') }),
  z.object({ kind: z.literal('comorbidity'), condition: ComorbidityCondition }),
  z.object({ kind: z.literal('signature'), name: z.string().max(60), value: z.string().max(40) }),
  /** Disease states a focus area's survey records: castration-resistant / -sensitive prostate cancer, radioiodine-refractory thyroid cancer. */
  z.object({ kind: z.literal('disease_state'), state: z.enum(['castration_resistant', 'castration_sensitive', 'rai_refractory']) }),
  z.object({ kind: z.literal('menopausal_status'), status: z.enum(['postmenopausal', 'premenopausal']) }),
  /** The clinician's estimate of survival, at least this many months. */
  z.object({ kind: z.literal('life_expectancy'), minMonths: z.number().min(0).max(120) }),
  /** Tumour grade: a Gleason score range (prostate) or the low / high grade of urothelial tumours. */
  z.object({ kind: z.literal('histologic_grade'), gleasonMin: z.number().int().min(2).max(10).optional(), gleasonMax: z.number().int().min(2).max(10).optional(), grade: z.enum(['low', 'high']).optional() }),
  /** "Adequate bone marrow / liver / kidney function" without a stated threshold (numbers compile to lab). */
  z.object({ kind: z.literal('organ_function'), system: z.enum(['overall', 'marrow', 'liver', 'kidney', 'heart', 'lung', 'coagulation']) }),
  /** A time window since a therapy: "no chemotherapy within 4 weeks" (exclusion), "at least 28 days since surgery". */
  z.object({ kind: z.literal('recent_therapy'), therapy: RecentTherapyType, days: z.number().int().min(0).max(3650).optional() }),
  /** A local treatment or transplant received before: "prior pelvic radiotherapy", "prior allogeneic stem cell transplant". */
  z.object({ kind: z.literal('prior_procedure'), procedure: z.enum(['radiotherapy', 'surgery', 'stem_cell_transplant']), site: z.string().max(60).optional() }),
  /** Medication the patient takes now: strong CYP3A4 modulators, corticosteroids, anticoagulants, QT-prolonging drugs, other anticancer or investigational agents. */
  z.object({ kind: z.literal('concomitant_medication'), medication: ConcomitantMedication }),
  /** Known allergy or hypersensitivity to the study drugs (named ones when the sentence names them). */
  z.object({ kind: z.literal('hypersensitivity'), drugs: z.array(z.string().max(80)).default([]) }),
  /** Consent, compliance, contraception, logistics: shown apart, never counted in the verdict. */
  z.object({ kind: z.literal('administrative'), topic: AdministrativeTopic }),
  /**
   * A sentence the compiler could not read. `decides`: the topic an inclusion sentence decides eligibility on
   * (compiler/decidingTopic.ts): left unread, it keeps the trial from being a match (unknown, sentence shown).
   */
  z.object({ kind: z.literal('free_text'), decides: DecidingTopic.optional() }),
]);
export type CriterionSpec = z.infer<typeof CriterionSpec>;

/** One compiled eligibility criterion, traceable to the sentence it came from. */
export const CompiledCriterion = z.object({
  /** Stable and unique within its trial ("trial#3", "armA#0"); match results prefix the trial id. */
  id: z.string().min(1).max(200),
  polarity: z.enum(['inclusion', 'exclusion']),
  spec: CriterionSpec,
  /** The source sentence (or structured field) the criterion was compiled from. */
  source: z.string().max(4000),
  /** 0..1: 1 for structured fields, lower for text patterns; free-text criteria carry 0. */
  confidence: z.number().min(0).max(1),
  /** structured: a registry field; text: an eligibility sentence; derived: the title, conditions or arms (lower confidence). */
  origin: z.enum(['structured', 'text', 'derived']),
});
export type CompiledCriterion = z.infer<typeof CompiledCriterion>;

/** Boolean match tree (CTML): leaves refer to criterion ids. */
export type CriterionTree = { op: 'and' | 'or'; children: Array<CriterionTree | { ref: string }> };
export const CriterionTree: z.ZodType<CriterionTree> = z.lazy(() =>
  z.object({ op: z.enum(['and', 'or']), children: z.array(z.union([CriterionTree, z.object({ ref: z.string() })])) }),
);

export const TrialCohort = z.object({
  /** Unique within its trial ("arm1", "step1", "armA#dose1"). */
  id: z.string().min(1).max(120),
  label: z.string().max(300),
  description: z.string().max(4000).optional(),
  type: z.string().max(60).optional(),
  interventions: z.array(z.string().max(300)).default([]),
  open: z.boolean().default(true),
  criteria: z.array(CompiledCriterion).default([]),
  /** When present, the cohort's criteria combine by this tree instead of a plain AND. */
  tree: CriterionTree.optional(),
});
export type TrialCohort = z.infer<typeof TrialCohort>;

/** What a study is for (ClinicalTrials.gov's primary purpose); "unknown" when neither the record nor its text says. */
export const PrimaryPurpose = z.enum(['treatment', 'prevention', 'screening', 'diagnostic', 'supportive_care', 'health_services_research', 'basic_science', 'other', 'unknown']);
export type PrimaryPurpose = z.infer<typeof PrimaryPurpose>;
/** The purposes a search shows unless the clinician asks for more: a patient with cancer looks for treatment. */
export const DEFAULT_PURPOSES: readonly PrimaryPurpose[] = ['treatment', 'unknown'];

export const Trial = z.object({
  /** NCT id when known, otherwise the source's own id (e.g. CTML protocol_no). */
  id: z.string().min(1).max(60),
  nctId: z.string().regex(/^NCT\d{8}$/).optional(),
  otherIds: z.array(z.string().max(80)).default([]),
  source: TrialSource,
  briefTitle: z.string().max(1000),
  /** derived: the record has no title; OncoDesk built one from its interventions and conditions (HINT). */
  titleOrigin: z.enum(['registry', 'derived']).optional(),
  officialTitle: z.string().max(2000).optional(),
  summary: z.string().max(20000).optional(),
  description: z.string().max(100000).optional(),
  phases: z.array(TrialPhase).default([]),
  studyType: z.string().max(60).optional(),
  primaryPurpose: PrimaryPurpose.default('unknown'),
  /** registry: the record states it; inferred: read from the title, interventions and design (server/src/trials/purpose.ts). */
  purposeOrigin: z.enum(['registry', 'inferred']).optional(),
  overallStatus: OverallStatus.default('unknown'),
  /** The study's design as the registry states it (ClinicalTrials.gov's design module), words as written: allocation ("Randomized"), assignment model ("Single Group Assignment"), masking ("None (Open Label)"). */
  design: z.object({ allocation: z.string().max(60).optional(), model: z.string().max(80).optional(), masking: z.string().max(200).optional() }).optional(),
  sponsor: z.string().max(300).optional(),
  collaborators: z.array(z.string().max(300)).default([]),
  principalInvestigator: z.string().max(300).optional(),
  conditions: z.array(z.string().max(300)).default([]),
  keywords: z.array(z.string().max(300)).default([]),
  interventions: z.array(TrialIntervention).default([]),
  cohorts: z.array(TrialCohort).default([]),
  sites: z.array(TrialSite).default([]),
  dates: z
    .object({ start: z.string().max(40).optional(), primaryCompletion: z.string().max(40).optional(), completion: z.string().max(40).optional(), lastUpdate: z.string().max(40).optional() })
    .default({}),
  eligibility: z.object({
    /** The source eligibility text as published. */
    text: z.string().max(100000).optional(),
    minAge: z.number().min(0).max(120).optional(),
    maxAge: z.number().min(0).max(130).optional(),
    sex: z.enum(['all', 'male', 'female']).default('all'),
    healthyVolunteers: z.boolean().optional(),
    criteria: z.array(CompiledCriterion).default([]),
  }),
  /** OncoTree codes of the conditions the trial targets (from conditions, titles, structured diseases). */
  diseaseCodes: z.array(z.string().max(20)).default([]),
  /** Genes the trial targets (HGNC symbols), for indexing and ranking. */
  genes: z.array(z.string().max(40)).default([]),
  /** Alterations the trial targets as stated in its title, conditions, keywords, summary or inclusion criteria. */
  targets: z
    .array(z.object({ gene: z.string().max(40), proteinChange: z.string().max(60).optional(), wildcard: z.boolean().optional(), category: z.string().max(20).optional() }))
    .default([]),
});
export type Trial = z.infer<typeof Trial>;

export const CriterionStatus = z.enum(['match', 'no_match', 'unknown']);
export type CriterionStatus = z.infer<typeof CriterionStatus>;

/** Criteria below this confidence never decide a no_match / not_eligible verdict on their own (the compiler caps a cohort's, a condition's or an alternative's sentence below it). */
export const DECISIVE_CONFIDENCE = 0.6;
/** Whether a criterion's result decides the trial's verdict on its own: a clinician's override always does. */
export const decidesAlone = (r: { confidence: number; overridden?: boolean }): boolean => r.confidence >= DECISIVE_CONFIDENCE || !!r.overridden;

export const CriterionResult = z.object({
  /** Global criterion id: "<trialId>#<criterion id>" (the key clinician overrides use). */
  criterionId: z.string(),
  kind: CriterionKind,
  polarity: z.enum(['inclusion', 'exclusion']),
  /** From the patient's side: match = the patient satisfies this criterion (for exclusions: is not excluded). */
  status: CriterionStatus,
  /** The trial sentence that decided it. */
  source: z.string(),
  /** The patient fact used, e.g. "age 64", or undefined when the patient record lacks it (English; factMsg for other languages). */
  patientFact: z.string().optional(),
  /** Why, in English (API, CSV); reasonMsg renders it in the interface language (without the "excludes:" prefix). */
  reason: z.string(),
  reasonMsg: CriterionMessage.optional(),
  factMsg: CriterionMessage.optional(),
  confidence: z.number().min(0).max(1),
  /** Where the criterion came from (a registry field, an eligibility sentence, or derived from the title / conditions). */
  origin: z.enum(['structured', 'text', 'derived']).optional(),
  /** An unread sentence that decides eligibility on this topic (free text only): while unknown, the trial is no match. */
  decides: DecidingTopic.optional(),
  overridden: z.boolean().default(false),
  /** Status before a clinician override. */
  computedStatus: CriterionStatus.optional(),
  /** Who set the override (the account's name, else its email) and when (ISO time): every view shows both. */
  overriddenBy: z.string().max(120).optional(),
  overriddenAt: z.string().max(40).optional(),
});
export type CriterionResult = z.infer<typeof CriterionResult>;

export const TrialVerdict = z.enum(['match', 'no_match', 'unknown', 'not_eligible']);
export type TrialVerdict = z.infer<typeof TrialVerdict>;
export const MatchLevel = z.enum(['low', 'medium', 'high']);
export type MatchLevel = z.infer<typeof MatchLevel>;

export const CohortMatch = z.object({
  cohortId: z.string(),
  label: z.string(),
  open: z.boolean(),
  verdict: TrialVerdict,
  level: MatchLevel,
  results: z.array(CriterionResult),
});
export type CohortMatch = z.infer<typeof CohortMatch>;

export const NearestSite = z.object({ name: z.string(), distanceKm: z.number().min(0), countryCode: z.string().optional(), status: SiteStatus });
export type NearestSite = z.infer<typeof NearestSite>;

/** The parts of an eligibility decision that decide a confidence level. */
export const CoverageDimension = z.enum(['disease', 'setting', 'biomarkers', 'prior_therapy']);
export type CoverageDimension = z.infer<typeof CoverageDimension>;

/** What the evaluation actually checked: "N checked of M", and the key dimensions it could not decide. */
export const MatchCoverage = z.object({
  checked: z.number().int().min(0),
  total: z.number().int().min(0),
  notChecked: z.array(CoverageDimension).default([]),
  /**
   * false when the record states no eligibility criteria (no criteria text, no structured eligibility beyond
   * the registry's age and sex and the listed conditions): only those were checked, so the trial cannot be
   * assessed from its record and is never a match. Absent: the record states its criteria.
   */
  recordStatesCriteria: z.boolean().optional(),
  /**
   * Inclusion sentences the engine could not read that decide eligibility (line of therapy, setting, subtype,
   * prior therapy, a required biomarker) and are still unknown: while any is, the trial is never a match.
   */
  undecidedBy: z.array(z.string().max(4000)).optional(),
});
export type MatchCoverage = z.infer<typeof MatchCoverage>;

export const TrialMatchResult = z.object({
  trialId: z.string(),
  verdict: TrialVerdict,
  level: MatchLevel,
  /** Ranking score, higher is better. */
  score: z.number(),
  /** Share of decided criteria that are met (0..1). */
  metShare: z.number().min(0).max(1),
  counts: z.object({
    match: z.number().int(),
    no_match: z.number().int(),
    unknown: z.number().int(),
    /**
     * Of the no_match criteria, those that do not decide the verdict alone (decidesAlone): one cohort's or
     * part's sentence, a condition, an alternative, a reading from the title. Absent in results cached before.
     */
    not_deciding: z.number().int().min(0).optional(),
  }),
  /** Optional: results cached before coverage was reported have none. */
  coverage: MatchCoverage.optional(),
  /** How the trial's disease relates to the patient's diagnosis. */
  diseaseRelation: z.enum(['exact', 'more_specific', 'more_general', 'not_disease', 'unknown']),
  /** How the trial's genomic focus relates to the patient's alterations. */
  geneRelation: z.enum(['exact', 'different_variant', 'gene_without_variant', 'not_targeted', 'none']),
  demographics: z.enum(['matches', 'excludes', 'not_discussed']),
  results: z.array(CriterionResult),
  cohorts: z.array(CohortMatch).default([]),
  nearestSite: NearestSite.optional(),
});
export type TrialMatchResult = z.infer<typeof TrialMatchResult>;

export const CriterionOverride = z.object({
  criterionId: z.string().min(1).max(200),
  status: CriterionStatus,
  note: z.string().max(2000).optional(),
  /** The account that set it: its name, else its email. */
  by: z.string().max(120).optional(),
  at: z.string().max(40).optional(),
});
export type CriterionOverride = z.infer<typeof CriterionOverride>;

export const MatchChange = z.object({
  trialId: z.string(),
  criterionId: z.string().optional(),
  field: z.enum(['criterion', 'verdict', 'level']),
  before: z.string(),
  after: z.string(),
});
export type MatchChange = z.infer<typeof MatchChange>;

/** Where to look for sites. */
export const LocationFilter = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('global') }),
  z.object({ kind: z.literal('radius'), center: GeoPoint, km: z.number().positive().max(25000) }),
  z.object({ kind: z.literal('country'), countryCodes: z.array(z.string().length(2)).min(1) }),
  z.object({ kind: z.literal('continent'), continents: z.array(Continent).min(1) }),
]);
export type LocationFilter = z.infer<typeof LocationFilter>;

export const ImportError = z.object({ file: z.string().optional(), record: z.string().optional(), message: z.string() });
export type ImportError = z.infer<typeof ImportError>;

/* ---- Trials API (routes under /api/trials) ---- */

/** Where a folder search looks; radius, country and continent default to the patient's own location. */
export const SearchLocation = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('global') }),
  z.object({ scope: z.literal('radius'), km: z.number().positive().max(25000) }),
  z.object({ scope: z.literal('country'), countryCodes: z.array(z.string().regex(/^[A-Z]{2}$/, { error: 'country_invalid' })).min(1).max(50).optional() }),
  z.object({ scope: z.literal('continent'), continents: z.array(Continent).min(1).max(7).optional() }),
]);
export type SearchLocation = z.infer<typeof SearchLocation>;

/**
 * The one search-key codec (server cache key, results URL, client cache): "global", "radius:100",
 * "country:ES,IT", "continent:Europe". Lists are de-duplicated and sorted, so one scope has one key;
 * without a list, the patient's own country / continent is used when given.
 */
export function searchKeyOf(location: SearchLocation, ownCountry?: string, ownContinent?: string): string {
  const list = (xs: readonly string[] | undefined, own: string | undefined) => [...new Set(xs ?? (own ? [own] : []))].sort().join(',');
  switch (location.scope) {
    case 'global':
      return 'global';
    case 'radius':
      return `radius:${location.km}`;
    case 'country':
      return `country:${list(location.countryCodes, ownCountry)}`;
    case 'continent':
      return `continent:${list(location.continents, ownContinent)}`;
  }
}

/** A search key back to the location that produced it ("radius:100" -> { scope: 'radius', km: 100 }); anything else is global. */
export function locationOfKey(key: string): SearchLocation {
  const [scope, arg] = key.split(':');
  if (scope === 'radius') return { scope, km: Number(arg) || 100 };
  if (scope === 'country') return arg ? { scope, countryCodes: arg.split(',') } : { scope };
  if (scope === 'continent') return arg ? { scope, continents: arg.split(',') as Array<z.infer<typeof Continent>> } : { scope };
  return { scope: 'global' };
}

/** What a result list shows of a trial (the detail route returns the whole Trial). */
export const TrialSummary = z.object({
  id: z.string(),
  nctId: z.string().optional(),
  briefTitle: z.string(),
  titleOrigin: z.enum(['registry', 'derived']).optional(),
  phases: z.array(TrialPhase),
  overallStatus: OverallStatus,
  studyType: z.string().optional(),
  primaryPurpose: PrimaryPurpose.default('unknown'),
  purposeOrigin: z.enum(['registry', 'inferred']).optional(),
  sponsor: z.string().optional(),
  conditions: z.array(z.string()),
  summary: z.string().optional(),
});
export type TrialSummary = z.infer<typeof TrialSummary>;

export const MatchedTrial = z.object({ trial: TrialSummary, match: TrialMatchResult, liked: z.boolean() });
export type MatchedTrial = z.infer<typeof MatchedTrial>;

const FolderId = z.string().min(1).max(64);
const TrialId = z.string().min(1).max(60);

/** Study purposes a search keeps: a list, or "all"; absent: DEFAULT_PURPOSES (treatment and not stated). */
export const PurposeFilter = z.union([z.array(PrimaryPurpose).min(1).max(9), z.literal('all')]);
export type PurposeFilter = z.infer<typeof PurposeFilter>;

/** POST /trials/find-match: match a folder's patient; spends one search credit. */
export const FindMatchRequest = z.object({
  patientId: FolderId,
  location: SearchLocation.default({ scope: 'global' }),
  recruitingOnly: z.boolean().optional(),
  limit: z.number().int().min(1).max(100).optional(),
  /**
   * A filter on the folder's search of this scope, over the whole ranked catalogue (not over the results kept):
   * study purposes and verdicts to keep. With either, the answer is a view of that search: it needs the search
   * run before (404 `search_not_found` otherwise), takes no credit and is not saved (the saved list stays the
   * unfiltered one that export, print and alerts read).
   */
  purposes: PurposeFilter.optional(),
  verdicts: z.array(TrialVerdict).min(1).max(4).optional(),
});
export type FindMatchRequest = z.input<typeof FindMatchRequest>;

/** Fewer open trials not ruled out than this in a search's scope: the results page says so and offers the nearest wider scope with at least as many. */
export const FEW_OPEN_TRIALS = 5;

/** How many trials a search found over the whole catalogue, from the scan that ranked them. */
export const SearchCounts = z.object({
  /** Trials in the search's scope of the purposes and verdicts asked (default: treatment and not stated, every verdict), open and not open to enrolment; the results keep the best of them. */
  open: z.number().int(),
  closed: z.number().int(),
  /**
   * Open trials not ruled out (verdict match or unknown) of those purposes in the search's scope and in each wider
   * one around the patient (their country, their continent, worldwide), narrowest first; `place` names the scope
   * (a city, a country code, a continent). The wider scopes are counted only when the search's own holds fewer than
   * FEW_OPEN_TRIALS (counting them needs every candidate's verdict); otherwise only the search's own scope is given.
   */
  scopes: z.array(z.object({ searchKey: z.string(), location: SearchLocation, place: z.string().optional(), open: z.number().int() })),
});
export type SearchCounts = z.infer<typeof SearchCounts>;
export const FindMatchResponse = z.object({
  patientId: z.string(),
  /** Key of this search in the folder's cache, e.g. "radius:100", "continent:Europe", "global". */
  searchKey: z.string(),
  location: LocationFilter,
  patient: PatientData,
  results: z.array(MatchedTrial),
  searchesLeft: z.number().int(),
  /** Whether this search took a credit: false when the patient's search with the same answers was bought within 24 hours. */
  charged: z.boolean().optional(),
  /** The credits after this search: left of the allowance this period, and when they renew. */
  credits: Credits.optional(),
  durationMs: z.number(),
  /**
   * Counts over the whole catalogue, from the scan that ranked the results. A saved search keeps its search's (a
   * re-run's, or one an earlier release saved, has none: the page asks for a view of the default filter to get them).
   */
  counts: SearchCounts.optional(),
  /** The filter this answer applied (a view of the search), as asked. */
  purposes: PurposeFilter.optional(),
  verdicts: z.array(TrialVerdict).optional(),
});
export type FindMatchResponse = z.infer<typeof FindMatchResponse>;

/** GET /trials/find-match?patientId&searchKey: a cached search (no credit). */
export const CachedMatchQuery = z.object({ patientId: FolderId, searchKey: z.string().min(1).max(200) });
export const CachedMatchResponse = FindMatchResponse.omit({ searchesLeft: true, charged: true, credits: true, durationMs: true }).extend({ createdAt: z.string() });
export type CachedMatchResponse = z.infer<typeof CachedMatchResponse>;

/** POST /trials/matchminer/find-match: a structured patient record without a folder; spends one credit. */

export const MatchminerFindMatchRequest = z.object({
  patient: z.record(z.string(), z.unknown()),
  location: LocationFilter.optional(),
  recruitingOnly: z.boolean().optional(),
  purposes: PurposeFilter.optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export const MatchminerFindMatchResponse = z.object({ results: z.array(MatchedTrial), searchesLeft: z.number().int() });

/** POST /trials/matchminer/pre-filter: how many trials could apply (index candidates), no credit. */
export const PreFilterRequest = z.object({ patient: z.record(z.string(), z.unknown()), location: LocationFilter.optional() });
export const PreFilterResponse = z.object({ total: z.number().int(), candidates: z.number().int(), trialIds: z.array(z.string()) });
export type PreFilterResponse = z.infer<typeof PreFilterResponse>;

/** POST /trials/matchminer/comorbidities-match: the comorbidity criteria of some trials for a patient. */
export const ComorbiditiesMatchRequest = z.object({
  patient: z.record(z.string(), z.unknown()),
  trialIds: z.array(TrialId).min(1).max(100),
});
export const ComorbiditiesMatchResponse = z.object({
  trials: z.array(z.object({ trialId: z.string(), status: CriterionStatus, results: z.array(CriterionResult) })),
});

/** POST /trials/matchminer/patient-normalization: free text -> structured patient (the clinical language reader). */
export const PatientNormalizationRequest = z.object({ text: z.string().min(1, { error: 'required' }).max(5000, { error: 'too_long' }) });
/** What the clinical language reader understood: the span, the PatientData field it filled and the value; "absent" for a denied finding ("no brain mets"). */
export const ReadSpan = z.object({ start: z.number(), end: z.number(), text: z.string(), field: z.string(), value: z.unknown(), assertion: z.enum(['present', 'absent']).optional() });
/** What it did not: spans no rule could place ("unknown") and findings written as questions or hedged ("uncertain"); nothing is guessed from them. */
export const UnplacedSpan = z.object({ start: z.number(), end: z.number(), text: z.string(), reason: z.enum(['unknown', 'uncertain']) });
export const PatientNormalizationResponse = z.object({
  patient: PatientData,
  spans: z.array(ReadSpan),
  notUnderstood: z.array(UnplacedSpan).default([]),
  warnings: z.array(z.string()),
});
export type PatientNormalizationResponse = z.infer<typeof PatientNormalizationResponse>;

/** POST /trials/match: one trial for a folder's patient with the folder's overrides (no credit). */
export const MatchOneRequest = z.object({ patientId: FolderId, trialId: TrialId });
export const MatchOneResponse = z.object({ patientId: z.string(), result: MatchedTrial });

/** POST /trials/re-match: re-runs a cached search with the folder's overrides and reports what changed (no credit). */
export const ReMatchRequest = z.object({ patientId: FolderId, searchKey: z.string().min(1).max(200) });
export const ReMatchResponse = z.object({
  patientId: z.string(),
  searchKey: z.string(),
  changesDetected: z.boolean(),
  changes: z.array(MatchChange),
  results: z.array(MatchedTrial),
});
export type ReMatchResponse = z.infer<typeof ReMatchResponse>;

/** GET /trials/patient?patientId: the folder's patient as the matcher sees it, its overrides and cached searches. */
export const TrialsPatientQuery = z.object({ patientId: FolderId });
export const TrialsPatientResponse = z.object({
  patientId: z.string(),
  name: z.string(),
  focusArea: z.string(),
  patient: PatientData,
  complete: z.boolean(),
  /** When a survey answer last changed (a search older than this was run on other data). */
  answersUpdatedAt: z.string().nullable().optional(),
  overrides: z.array(CriterionOverride),
  searches: z.array(z.object({ searchKey: z.string(), location: LocationFilter, count: z.number().int(), createdAt: z.string() })),
});
export type TrialsPatientResponse = z.infer<typeof TrialsPatientResponse>;

/** POST /trials/update-criterion: set (or with status null, remove) a clinician override. */
export const UpdateCriterionRequest = z.object({
  patientId: FolderId,
  criterionId: z.string().min(3).max(200),
  status: CriterionStatus.nullable(),
  note: z.string().max(2000, { error: 'too_long' }).optional(),
});
export type UpdateCriterionRequest = z.infer<typeof UpdateCriterionRequest>;
export const UpdateCriterionResponse = z.object({ patientId: z.string(), overrides: z.array(CriterionOverride) });

/** POST /trials/generate-blurb: a plain-language summary of a trial for this patient, built from the record. */
export const GenerateBlurbRequest = z.object({ patientId: FolderId, trialId: TrialId, lang: z.enum(['en', 'es', 'it']).optional() });
export const GenerateBlurbResponse = z.object({ trialId: z.string(), lang: z.enum(['en', 'es', 'it']), blurb: z.string() });
export type GenerateBlurbResponse = z.infer<typeof GenerateBlurbResponse>;

/** GET /trials/:trialId[?patientId]: the whole trial, with the folder's match when a folder is named. */
export const TrialParams = z.object({ trialId: TrialId });
export const TrialDetailQuery = z.object({ patientId: FolderId.optional() });
export const TrialDetailResponse = z.object({ trial: Trial, match: TrialMatchResult.optional(), liked: z.boolean().optional() });
export type TrialDetailResponse = z.infer<typeof TrialDetailResponse>;

/** Likes per folder and trial: PUT/DELETE /trials/:trialId/like, GET /trials/likes?patientId. */
export const LikeRequest = z.object({ patientId: FolderId });
export const LikesResponse = z.object({ patientId: z.string(), likes: z.array(z.string()) });

/**
 * What the trial catalogue holds and how current it is (GET /api/trials/catalogue): the results page states it
 * so a clinician knows what "no trial found" was searched against.
 */
export const CatalogueStatus = z.object({
  trials: z.number().int().min(0),
  /** Open to enrolment (OPEN_STATUSES). */
  open: z.number().int().min(0),
  /** When the newest record synced from ClinicalTrials.gov was fetched; null: never synced (the shared reference records only). */
  syncedAt: z.string().datetime().nullable(),
});
export type CatalogueStatus = z.infer<typeof CatalogueStatus>;
export type LikesResponse = z.infer<typeof LikesResponse>;

/** GET /trials/export?patientId&searchKey&format=csv|json: results with the patient summary and per-criterion explanations. */
export const ExportQuery = z.object({ patientId: FolderId, searchKey: z.string().min(1).max(200), format: z.enum(['csv', 'json']).default('json') });
export const ExportResponse = z.object({
  generatedAt: z.string(),
  folderName: z.string(),
  focusArea: z.string(),
  patient: PatientData,
  patientSummary: z.array(z.object({ label: z.string(), value: z.string() })),
  searchKey: z.string(),
  results: z.array(MatchedTrial),
});
export type ExportResponse = z.infer<typeof ExportResponse>;
