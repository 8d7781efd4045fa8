/**
 * Patients built from a pack's indications (one per rule, or its negative twin), for the indication-table
 * test and `npm run bench:guidelines`. A patient is what a clinician would record for the indication: the
 * diagnosis (a representative OncoTree code), the setting, the line, the usual earlier treatment the rule
 * requires, and the biomarkers its conditions name — nothing taken from the engine's own code.
 */
import { isWithin } from '../../src/vocab/diseaseTree';
import {
  PatientData,
  type CriterionSpec,
  type FocusArea,
  type GuidelineCondition,
  type GuidelineRule,
  type GuidelineSetting,
} from '@oncodesk/shared/contracts';

/** A diagnosis a clinician would write for a rule's (broad) OncoTree code, per focus area for tumour-agnostic rules. */
const REPRESENTATIVE: Record<string, string> = {
  NSCLC: 'LUAD',
  BREAST: 'IDC',
  PROSTATE: 'PRAD',
  EGC: 'STAD',
  CERVIX: 'CESC',
  BLADDER: 'BLCA',
  RCC: 'CCRCC',
  COADREAD: 'COAD',
  WDTC: 'THPA',
  BILIARY_TRACT: 'IHCH',
};
export const FOCUS_CODE: Record<FocusArea, string> = {
  lung: 'LUAD',
  breast: 'IDC',
  prostate: 'PRAD',
  stomach: 'STAD',
  liver: 'HCC',
  thyroid: 'THPA',
  cervix_uteri: 'CESC',
  bladder: 'BLCA',
  kidney: 'CCRCC',
  colon: 'COAD',
};
/** Stage groups that put a patient of a focus area in a non-metastatic setting. */
const STAGE: Record<'early' | 'locally_advanced', Partial<Record<FocusArea, string>> & { default: string }> = {
  early: { default: 'I', bladder: '0a', cervix_uteri: 'IB1' },
  locally_advanced: { default: 'III', bladder: 'II', cervix_uteri: 'IIIB' },
};
/** A drug of each class a prior-therapy condition may name (the one usually given). */
const CLASS_DRUG: Record<string, string> = {
  platinum: 'carboplatin',
  anti_pd1_pdl1: 'pembrolizumab',
  egfr_tki: 'erlotinib',
  egfr_tki_1g: 'erlotinib',
  egfr_tki_2g: 'afatinib',
  alk_inhibitor: 'alectinib',
  endocrine: 'letrozole',
  her2_targeted: 'trastuzumab',
  taxane: 'paclitaxel',
  vegf_inhibitor: 'bevacizumab',
  chemotherapy: 'capecitabine',
  cdk46_inhibitor: 'palbociclib',
  fluoropyrimidine: 'fluorouracil',
};
/** Serum markers the record holds as biomarkers (the others of a lab condition are laboratory values). */
const SERUM_MARKERS = new Set(['AFP', 'PSA', 'CEA', 'CA-125', 'CA19-9']);
/** The same class drug per focus area where another is the usual one (sunitinib in kidney, sorafenib... ). */
const CLASS_DRUG_IN: Partial<Record<FocusArea, Record<string, string>>> = {
  kidney: { vegf_inhibitor: 'sunitinib' },
  thyroid: { vegf_inhibitor: 'lenvatinib' },
};

export interface Built {
  patient: PatientData;
  /** The line the patient is at (metastatic setting), when the rule has one. */
  line?: number;
}

function priorDrug(spec: Extract<CriterionSpec, { kind: 'prior_therapy' }>, focus: FocusArea): string {
  if (spec.drugs.length) return spec.drugs[0];
  const cls = spec.classes[0];
  return CLASS_DRUG_IN[focus]?.[cls] ?? CLASS_DRUG[cls] ?? cls;
}

/** Facts that make one alternative of a condition hold (or fail, for a negative patient). */
function apply(
  spec: CriterionSpec,
  p: Record<string, unknown> & { alterations: unknown[]; biomarkers: unknown[]; priorTreatments: unknown[] },
  focus: FocusArea,
  holds: boolean,
  line: number,
  scale?: string,
) {
  switch (spec.kind) {
    case 'alteration': {
      if (spec.gene === '*') return;
      const category = spec.wildType ? (holds ? 'wild_type' : 'mutation') : holds ? (spec.category === 'any' ? 'mutation' : spec.category) : 'wild_type';
      p.alterations.push({
        gene: spec.gene,
        ...(holds && spec.proteinChange && !spec.wildType ? { proteinChange: spec.wildcard ? `${spec.proteinChange}E` : spec.proteinChange } : {}),
        category,
      });
      return;
    }
    case 'receptor': {
      const value =
        spec.value !== undefined
          ? String(
              holds
                ? spec.op === '<' || spec.op === '<='
                  ? Math.max(0, spec.value - 1)
                  : spec.value + 5
                : spec.op === '<' || spec.op === '<='
                  ? spec.value + 5
                  : 0,
            )
          : holds
            ? spec.status
            : spec.status === 'negative'
              ? 'positive'
              : 'negative';
      // a PD-L1 threshold's scale (TPS, CPS, TAP) is recorded with the number
      p.biomarkers.push({ name: spec.marker, value, ...(scale ? { scale } : {}) });
      return;
    }
    case 'msi':
      p.msi = holds ? spec.status : spec.status === 'high' ? 'stable' : 'high';
      return;
    case 'mmr':
      p.biomarkers.push({ name: 'MMR', value: holds ? spec.status : spec.status === 'deficient' ? 'proficient' : 'deficient' });
      return;
    case 'tmb':
      p.tmb = holds === (spec.op === '>=' || spec.op === '>') ? spec.value + 5 : Math.max(0, spec.value - 5);
      return;
    case 'prior_therapy':
      if (holds) p.priorTreatments.push({ name: priorDrug(spec, focus), kind: 'drug', setting: 'metastatic', line: Math.max(1, line - 1), progressed: true });
      return;
    case 'disease_state':
      if (spec.state === 'castration_resistant') p.castrationStatus = holds ? 'resistant' : 'sensitive';
      else if (spec.state === 'castration_sensitive') p.castrationStatus = holds ? 'sensitive' : 'resistant';
      else if (spec.state === 'rai_refractory') p.raiRefractory = holds;
      return;
    case 'histologic_grade':
      if (spec.grade) p.tumorGrade = holds ? spec.grade : spec.grade === 'high' ? 'low' : 'high';
      if (spec.gleasonMax !== undefined) p.gleasonGradeGroup = holds ? 1 : 4;
      return;
    case 'lab': {
      const up = spec.op === '>=' || spec.op === '>';
      const value = holds === up ? spec.value * 1.5 + 1 : Math.max(0, spec.value / 2);
      // serum markers are biomarkers of the record (AFP, PSA); organ-function values are labs (creatinine clearance)
      if (SERUM_MARKERS.has(spec.analyte.toUpperCase())) p.biomarkers.push({ name: spec.analyte.toUpperCase(), value: String(value), unit: spec.unit });
      else ((p.labs ??= []) as unknown[]).push({ analyte: spec.analyte, value, ...(spec.unit ? { unit: spec.unit } : {}) });
      return;
    }
    case 'ecog':
      p.ecog = holds ? (spec.min ?? 0) : (spec.max ?? 1) + 1;
      return;
    case 'signature':
      if (spec.name === 'IMDC risk') p.imdcRisk = holds ? spec.value : 'favorable';
      else if (spec.name === 'HER2') p.biomarkers.push({ name: 'HER2', value: holds ? spec.value : 'positive' });
      return;
    default:
      return;
  }
}

/**
 * The patient an indication describes: in `focus` (a tumour-agnostic rule is tried per focus area), at
 * `line` (default: the rule's first line), every required condition met by its first alternative. With
 * `negate`, that one condition is made to fail instead (a patient for whom the option must not appear).
 */
export function patientFor(rule: GuidelineRule, opts: { focus?: FocusArea; line?: number; negate?: GuidelineCondition } = {}): Built {
  const focus = opts.focus ?? rule.focusAreas[0];
  const setting: GuidelineSetting = rule.setting.includes('metastatic') ? 'metastatic' : rule.setting[0];
  const disease = rule.diseases[0] === 'TISSUE' ? FOCUS_CODE[focus] : (REPRESENTATIVE[rule.diseases[0]] ?? rule.diseases[0]);
  const line = setting === 'metastatic' ? (opts.line ?? rule.line?.min ?? 1) : undefined;
  const p = {
    focusArea: focus,
    oncotreeCode: disease,
    age: 62,
    gender: focus === 'prostate' ? 'male' : focus === 'breast' || focus === 'cervix_uteri' ? 'female' : 'male',
    ...(setting === 'metastatic'
      ? { metastatic: true, priorLines: (line ?? 1) - 1 }
      : { metastatic: false, stage: STAGE[setting][focus] ?? STAGE[setting].default }),
    alterations: [] as unknown[],
    biomarkers: [] as unknown[],
    priorTreatments: [] as unknown[],
  } as Record<string, unknown> & { alterations: unknown[]; biomarkers: unknown[]; priorTreatments: unknown[] };
  for (const c of rule.requires) {
    // a negated condition fails in every alternative ("EGFR exon 19 deletion or L858R": EGFR wild-type)
    if (c === opts.negate) for (const alt of c.anyOf) apply(alt, p, focus, false, line ?? 1, c.scale);
    else apply(c.anyOf[0], p, focus, true, line ?? 1, c.scale);
  }
  // a first-line rule that needs earlier endocrine therapy (inavolisib): it was adjuvant
  if (rule.line?.max === 1)
    for (const t of p.priorTreatments as Array<{ setting: string; line?: number }>) {
      t.setting = 'adjuvant';
      delete t.line;
    }
  return { patient: PatientData.parse(p), line };
}

/** The focus areas a rule is tried in: its own (all ten for a tumour-agnostic rule, except diseases it leaves out). */
export function focusAreasOf(rule: GuidelineRule): FocusArea[] {
  return rule.focusAreas.filter((f) => !(rule.diseases[0] === 'TISSUE' && rule.excludeDiseases.some((x) => x === FOCUS_CODE[f] || isWithin(FOCUS_CODE[f], x))));
}
