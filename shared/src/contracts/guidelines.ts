import { z } from 'zod';
import { FocusArea, PatientData } from './patient';
import { CriterionSpec } from './trials';
import { csvText } from './csv';

/**
 * Guideline packs: versioned, cited treatment-recommendation content, validated on load. A rule says for
 * whom (focus area, OncoTree diseases, broad setting, line in the metastatic setting, conditions that must
 * hold and facts that rule it out), what (a regimen with its drugs, or a non-drug option), on what evidence
 * and from which sources. Conditions are the trial matcher's criterion specs, so one evaluation (and one
 * patient model) serves trials and guidelines.
 */

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date_format' });
const RuleId = z.string().regex(/^[a-z0-9][a-z0-9-]{2,80}$/, { error: 'rule_id_format' });

/**
 * Signatures a guideline condition may name (kind "signature"): facts of the record some labels select on
 * that trial criteria do not read, decided by the guideline engine (the IMDC risk group, HER2-ultralow).
 */
export const GUIDELINE_SIGNATURES: Record<string, readonly string[]> = { 'IMDC risk': ['favorable', 'intermediate', 'poor'], HER2: ['ultralow'] };

/** Criterion kinds a guideline condition may use: the ones a patient record can decide. */
export const GUIDELINE_CONDITION_KINDS = [
  'alteration',
  'receptor',
  'msi',
  'mmr',
  'tmb',
  'prior_therapy',
  'disease_state',
  'ecog',
  'menopausal_status',
  'histologic_grade',
  'lab',
  'comorbidity',
] as const;

/** A condition of a rule: a criterion spec and how it reads to a clinician ("EGFR exon 19 deletion or L858R"). */
export const GuidelineCondition = z.object({
  /** Alternatives: the condition holds when any of them holds ("exon 19 deletion or L858R"). */
  anyOf: z.array(CriterionSpec).min(1).max(16),
  label: z.string().min(3).max(200),
  /** What to do when the record does not decide it ("Test EGFR, ALK, ROS1 … before first-line therapy"). */
  whenUnknown: z.string().max(300).optional(),
  /**
   * Focus areas where an unrecorded value is worth a test request. Absent: everywhere the rule applies.
   * A tumour-agnostic label (HER2 IHC 3+, TMB-high) still applies everywhere when the result is known,
   * but a kidney or lung patient is not asked for a test no guideline orders in that disease.
   */
  askIn: z.array(FocusArea).optional(),
  /** The label needs an inherited variant (germline BRCA): a variant recorded as somatic does not meet it. */
  germline: z.boolean().optional(),
  /**
   * A PD-L1 threshold's scale (tumour proportion score, combined positive score, tumour area positivity):
   * a result recorded on another scale does not meet it (TPS 50% is not CPS 50).
   */
  scale: z.enum(['TPS', 'CPS', 'TAP']).optional(),
});
export type GuidelineCondition = z.infer<typeof GuidelineCondition>;

/** Broad disease setting a rule is for. */
export const GuidelineSetting = z.enum(['early', 'locally_advanced', 'metastatic']);
export type GuidelineSetting = z.infer<typeof GuidelineSetting>;

export const GuidelineSource = z.object({
  citation: z.string().min(5).max(400),
  /** Publication or approval date (YYYY, YYYY-MM or YYYY-MM-DD). */
  date: z.string().regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/, { error: 'date_format' }),
  url: z.url().optional(),
});
export type GuidelineSource = z.infer<typeof GuidelineSource>;

export const EvidenceCategory = z.enum(['fda_label', 'standard_of_care', 'civic']);
export const GuidelinePreference = z.enum(['preferred', 'other', 'certain_circumstances']);
export type GuidelinePreference = z.infer<typeof GuidelinePreference>;
export type EvidenceCategory = z.infer<typeof EvidenceCategory>;

export const GuidelineRule = z.object({
  id: RuleId,
  /** Focus areas the rule belongs to (all ten for a tumour-agnostic indication). */
  focusAreas: z.array(FocusArea).min(1),
  /** OncoTree codes; the patient's diagnosis must be one of them or below one ("TISSUE": any tumour). */
  diseases: z.array(z.string().min(2).max(20)).min(1).max(20),
  /** OncoTree codes the indication leaves out ("BRAF V600E solid tumours, except colorectal cancer"). */
  excludeDiseases: z.array(z.string().min(2).max(20)).max(20).default([]),
  setting: z.array(GuidelineSetting).min(1),
  /** Line in the metastatic setting this option is for (1: first line). */
  line: z.object({ min: z.number().int().min(1).max(10), max: z.number().int().min(1).max(10).optional() }).optional(),
  requires: z.array(GuidelineCondition).max(10).default([]),
  /** Facts that rule the option out (shown as such when they hold). */
  excludes: z.array(GuidelineCondition).max(10).default([]),
  option: z.object({
    kind: z.enum(['systemic', 'surgery', 'radiotherapy', 'chemoradiotherapy', 'local_therapy', 'active_surveillance', 'clinical_trial', 'best_supportive_care']),
    /** The regimen as written ("Osimertinib"), in English. */
    therapy: z.string().min(2).max(160),
    drugs: z.array(z.string().min(2).max(80)).max(8).default([]),
  }),
  evidence: z.object({
    category: EvidenceCategory,
    /** "FDA-approved indication", "Standard first-line option", … */
    level: z.string().min(2).max(80),
  }),
  /**
   * How the option ranks among those for the same patient, in the words guideline panels use: preferred,
   * other recommended, useful in certain circumstances. The pack's own reading of its sources, not NCCN's.
   */
  preference: GuidelinePreference.default('other'),
  /** Where the European (EMA) label differs from the FDA one ("EMA: no tumour-agnostic TMB-high indication"). */
  ema: z.string().min(10).max(400).optional(),
  sources: z.array(GuidelineSource).min(1, { error: 'source_required' }).max(6),
  rationale: z.string().min(10).max(600),
  caveats: z.array(z.string().max(300)).max(8).default([]),
  /**
   * Facts that change how the option reads without ruling it out: a preference ("MSI-high: immunotherapy
   * first is preferred", ranks the option lower) or a caveat ("TMB-high in EGFR-mutant NSCLC"). Only the
   * label or the guideline's own contraindications belong in `excludes`.
   */
  notes: z.array(z.object({ when: GuidelineCondition, kind: z.enum(['preference', 'caveat']), text: z.string().min(10).max(400) })).max(6).default([]),
  lastReviewed: IsoDate,
});
export type GuidelineRule = z.infer<typeof GuidelineRule>;

export const GuidelinePack = z
  .object({
    id: RuleId,
    name: z.string().min(3).max(120),
    publisher: z.string().min(2).max(120),
    version: z.string().min(1).max(40),
    date: IsoDate,
    licence: z.string().min(2).max(200),
    /** Shown with every answer from the pack. */
    disclaimer: z.string().min(10).max(600),
    rules: z.array(GuidelineRule).min(1).max(2000),
    /**
     * Tests the pack asks for in a disease whatever the options (germline RET in medullary thyroid cancer):
     * listed as missing data while the condition is not decided, or always when it has no condition
     * (a fact the patient record cannot hold, such as germline origin).
     */
    prompts: z
      .array(
        z.object({
          id: RuleId,
          focusAreas: z.array(FocusArea).min(1),
          diseases: z.array(z.string().min(2).max(20)).min(1).max(20),
          setting: z.array(GuidelineSetting).optional(),
          condition: GuidelineCondition.optional(),
          /** Answered once a germline result for one of these genes is recorded. */
          germlineGenes: z.array(z.string().min(1).max(40)).max(20).optional(),
          fact: z.string().min(5).max(200),
          action: z.string().min(5).max(300),
        }),
      )
      .max(100)
      .default([]),
    /**
     * The pack's rule text in Spanish and Italian, keyed by the English text (a label shared by many rules is
     * translated once). The server's validator refuses a pack whose rule text lacks a language.
     */
    translations: z.object({ es: z.record(z.string(), z.string().min(1).max(700)), it: z.record(z.string(), z.string().min(1).max(700)) }).optional(),
  })
  .superRefine((pack, ctx) => {
    const seen = new Set<string>();
    pack.rules.forEach((r, i) => {
      if (seen.has(r.id)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `rule ${r.id}: duplicate rule id` });
      seen.add(r.id);
      for (const [part, list] of [['requires', r.requires], ['excludes', r.excludes]] as const)
        list.forEach((c, j) =>
          c.anyOf.forEach((spec, k) => {
            const signature = spec.kind === 'signature' && GUIDELINE_SIGNATURES[spec.name]?.includes(spec.value);
            if (!signature && !(GUIDELINE_CONDITION_KINDS as readonly string[]).includes(spec.kind))
              ctx.addIssue({ code: 'custom', path: ['rules', i, part, j, 'anyOf', k, 'kind'], message: `rule ${r.id}: condition kind "${spec.kind}" cannot be decided from a patient record` });
          }),
        );
      if (r.line && !r.setting.includes('metastatic')) ctx.addIssue({ code: 'custom', path: ['rules', i, 'line'], message: `rule ${r.id}: a line of therapy needs the metastatic setting` });
      if (r.line?.max !== undefined && r.line.max < r.line.min) ctx.addIssue({ code: 'custom', path: ['rules', i, 'line'], message: `rule ${r.id}: line max is below min` });
      // an approved indication is dated to its label's month (the approval announcement or label revision)
      if (r.evidence.category === 'fda_label' && !/^\d{4}-\d{2}/.test(r.sources[0]?.date ?? ''))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'sources', 0, 'date'], message: `rule ${r.id}: an FDA-approved indication needs the label's month (YYYY-MM) on its first source` });
    });
  });
export type GuidelinePack = z.infer<typeof GuidelinePack>;

/* ---- POST /guidelines/find-treatment ---- */

export const FindTreatmentRequest = z
  .object({
    patientId: z.string().min(1).max(64).optional(),
    patient: PatientData.optional(),
    /** A pack other than the default. */
    packId: RuleId.optional(),
  })
  .refine((b) => (b.patientId === undefined) !== (b.patient === undefined), { error: 'patient_or_folder_required' });
export type FindTreatmentRequest = z.infer<typeof FindTreatmentRequest>;

export const PackSummary = z.object({ id: z.string(), name: z.string(), publisher: z.string(), version: z.string(), date: z.string(), licence: z.string(), disclaimer: z.string() });
export type PackSummary = z.infer<typeof PackSummary>;

/** A CIViC evidence item supporting a recommendation (CC0), as supporting evidence only. */
export const SupportingEvidence = z.object({ id: z.string(), level: z.string(), molecularProfile: z.string(), disease: z.string(), therapies: z.string(), citation: z.string(), url: z.string() });
export type SupportingEvidence = z.infer<typeof SupportingEvidence>;

export const TreatmentRecommendation = z.object({
  id: z.string(),
  therapy: z.string(),
  kind: GuidelineRule.shape.option.shape.kind,
  drugs: z.array(z.string()),
  setting: GuidelineSetting,
  line: z.number().int().optional(),
  evidence: z.object({ category: EvidenceCategory, level: z.string(), source: z.string(), citation: z.string(), date: z.string(), url: z.string().optional() }),
  sources: z.array(GuidelineSource),
  supporting: z.array(SupportingEvidence),
  rationale: z.string(),
  /** The patient facts that met the rule's conditions. */
  matchedOn: z.array(z.string()),
  caveats: z.array(z.string()),
  lastReviewed: z.string(),
  preference: GuidelinePreference.optional(),
  /** Where the European (EMA) label differs. */
  ema: z.string().optional(),
  /** Every rule that gave this therapy (one option per therapy, with every reason it applies). */
  ruleIds: z.array(z.string()).optional(),
  /** A preference of the sources against this option for this patient ("MSI-high: immunotherapy first"). */
  lessPreferred: z.boolean().optional(),
  /**
   * The option holds only if an unrecorded fact turns out this way: the setting or the line the answer
   * assumed, and the one fact that would decide it. Absent: decided by the record.
   */
  assumes: z
    .object({
      /** The settings the option is for, when the record does not say which the patient is in. */
      settings: z.array(GuidelineSetting).optional(),
      /** The line it is for, when the lines received are not recorded. */
      line: z.number().int().optional(),
      /** A disease state the rule needs and the record does not state ("Castration-resistant disease"). */
      condition: z.string().optional(),
      fact: z.string(),
    })
    .optional(),
});
export type TreatmentRecommendation = z.infer<typeof TreatmentRecommendation>;

export const FindTreatmentResponse = z.object({
  pack: PackSummary,
  /** The patient the answer was computed for (as the survey or the client gave it). */
  setting: GuidelineSetting.nullable(),
  /** Line the next metastatic treatment would be (null when not metastatic or not known). */
  nextLine: z.number().int().nullable(),
  recommendations: z.array(TreatmentRecommendation),
  /** Rules of the patient's disease and setting considered. */
  considered: z.number().int(),
  /** Options ruled out by a fact of the patient, with the fact. */
  notApplicable: z.array(z.object({ id: z.string(), therapy: z.string(), reason: z.string() })),
  /** Facts the record does not state that would change the answer, with the options they decide. */
  missingData: z.array(z.object({ fact: z.string(), action: z.string().optional(), decides: z.array(z.string()) })),
  durationMs: z.number(),
});
export type FindTreatmentResponse = z.infer<typeof FindTreatmentResponse>;

/** A recommendation answer as CSV: the pack and its disclaimer as leading comment lines, one row per option. */
export function recommendationsCsv(folderName: string, answer: FindTreatmentResponse): string {
  const { pack } = answer;
  return csvText([
    ['# OncoDesk treatment options (beta; demonstration content, not NCCN, not medical advice)'],
    ['# folder', folderName],
    ['# pack', `${pack.name} ${pack.version} (${pack.date})`, pack.publisher, pack.licence],
    ['# disclaimer', pack.disclaimer],
    ['rank', 'therapy', 'drugs', 'setting', 'line', 'evidence', 'level', 'preference', 'conditional_on', 'source', 'source_date', 'url', 'why', 'caveats', 'ema', 'supporting_civic', 'last_reviewed'],
    ...answer.recommendations.map((r, i) => [
      i + 1,
      r.therapy,
      r.drugs.join('; '),
      r.setting,
      r.line ?? '',
      r.evidence.category,
      r.evidence.level,
      [r.preference ?? '', r.lessPreferred ? 'less preferred for this patient' : ''].filter(Boolean).join('; '),
      r.assumes ? [r.assumes.settings?.join(' or '), r.assumes.line !== undefined ? `line ${r.assumes.line}` : '', r.assumes.condition, `decided by: ${r.assumes.fact}`].filter(Boolean).join('; ') : '',
      r.evidence.citation,
      r.evidence.date,
      r.evidence.url ?? '',
      r.matchedOn.join('; '),
      r.caveats.join(' '),
      r.ema ?? '',
      r.supporting.map((e) => `${e.id} (${e.level})`).join('; '),
      r.lastReviewed,
    ]),
    ...answer.missingData.map((m) => ['# missing', m.fact, m.action ?? '', m.decides.join('; ')]),
  ]);
}
