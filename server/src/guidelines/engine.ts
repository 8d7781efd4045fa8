import type {
  CriterionSpec,
  FindTreatmentResponse,
  FocusArea,
  GuidelineCondition,
  GuidelinePack,
  GuidelineRule,
  GuidelineSetting,
  PatientData,
  TreatmentRecommendation,
} from '@oncodesk/shared/contracts';
import { evaluateSpec, quickHolds, viewPatient, type PatientView } from '../trials/matcher/evaluate';
import { isWithin, oncoNode } from '../trials/vocab/oncotree';
import type { CivicSupport } from './civic';

/**
 * Treatment recommendations from a guideline pack for one patient: deterministic, every answer traced
 * to the rule and its sources. A rule applies when the patient's diagnosis is within its diseases, the
 * setting and line fit, every required condition holds and no excluding fact holds. Conditions are the
 * trial matcher's criterion specs evaluated by its one definition (quickHolds over the same patient view),
 * so "EGFR exon 19 deletion" means the same thing here as in trial eligibility.
 */

/** Patient facts that contradict each other: the answer would be built on sand. */
export class ContradictoryPatientError extends Error {
  constructor(readonly facts: string[]) {
    super(facts.join('; '));
    this.name = 'ContradictoryPatientError';
  }
}

/** Stage groups that mean something else than the roman numeral suggests in a focus area. */
const STAGE_SETTING: Partial<Record<FocusArea, Record<string, GuidelineSetting>>> = {
  // muscle-invasive (T2-T4a) disease is stage II-IIIB; IVA includes nodes beyond the pelvis (M1a)
  bladder: { II: 'locally_advanced', IIIA: 'locally_advanced', IIIB: 'locally_advanced' },
  // FIGO IIB and IVA (bladder or rectal mucosa) are treated as locally advanced disease
  cervix_uteri: { IIB: 'locally_advanced', IVA: 'locally_advanced' },
  // IVA is node-positive, non-metastatic prostate cancer
  prostate: { IVA: 'locally_advanced' },
  // IVA / IVB thyroid cancer is locally or regionally advanced; IVC is distant spread
  thyroid: { IVA: 'locally_advanced', IVB: 'locally_advanced' },
  // IVA is node-positive hepatocellular carcinoma without distant metastases
  liver: { IVA: 'locally_advanced' },
};

/** The broad setting of a patient: metastatic when stated or stage IV; otherwise by stage group; null when unknown. */
export function settingOf(p: PatientData): GuidelineSetting | null {
  const stage = p.stage?.toUpperCase().replace(/^STAGE\s*/, '');
  const byStage = (): GuidelineSetting | null => {
    if (!stage) return null;
    const special = p.focusArea ? STAGE_SETTING[p.focusArea]?.[stage] : undefined;
    if (special) return special;
    if (/^IV/.test(stage)) return 'metastatic';
    if (/^III/.test(stage)) return 'locally_advanced';
    if (/^(?:0|I|II)(?:[A-C]|IS|A)?\d?$/i.test(stage)) return 'early';
    return null;
  };
  const s = byStage();
  if (p.metastatic === true) return 'metastatic';
  if (p.metastatic === false && s === 'metastatic') throw new ContradictoryPatientError([`stage ${p.stage} is metastatic, but the record says the disease is not metastatic`]);
  return s;
}

/**
 * Lines of systemic therapy received for metastatic disease: stated, or the highest line of a recorded
 * treatment; 0 when every recorded systemic treatment was (neo)adjuvant; undefined when not recorded.
 */
export function linesReceived(p: PatientData, v: PatientView): number | undefined {
  if (v.lines !== undefined) return v.lines;
  const systemic = p.priorTreatments.filter((t) => t.kind === 'drug' || t.kind === 'drug_class');
  if (systemic.length && systemic.every((t) => t.setting === 'adjuvant' || t.setting === 'neoadjuvant')) return 0;
  return undefined;
}

type Truth = { holds: boolean | undefined; fact?: string };

/** A condition: holds when any alternative holds, fails when all fail, unknown otherwise. */
function conditionTruth(c: GuidelineCondition, v: PatientView): Truth {
  let unknown = false;
  for (const spec of c.anyOf) {
    const h = quickHolds(spec as CriterionSpec, v);
    if (h === true) return { holds: true, fact: evaluateSpec(spec as CriterionSpec, v).fact };
    if (h === undefined) unknown = true;
  }
  return { holds: unknown ? undefined : false };
}

const BIOMARKER_KINDS = new Set(['alteration', 'receptor', 'msi', 'mmr', 'tmb']);
const CATEGORY_WEIGHT = { fda_label: 2, standard_of_care: 1, civic: 0 } as const;

function within(code: string, codes: string[]): boolean {
  return codes.some((c) => c === 'TISSUE' || code === c || isWithin(code, c));
}

export interface EngineOptions {
  civic?: CivicSupport | null;
}

/** The recommendations of a pack for a patient (pack summary and timing are added by the service). */
export function recommend(pack: GuidelinePack, p: PatientData, opts: EngineOptions = {}): Omit<FindTreatmentResponse, 'pack' | 'durationMs'> {
  const v = viewPatient(p);
  const code = v.code;
  const setting = settingOf(p);
  const received = setting === 'metastatic' ? linesReceived(p, v) : undefined;
  const nextLine = setting === 'metastatic' && received !== undefined ? received + 1 : null;
  const missing = new Map<string, { fact: string; action?: string; decides: Set<string> }>();
  const miss = (fact: string, therapy: string, action?: string) => {
    const m = missing.get(fact) ?? { fact, action, decides: new Set<string>() };
    m.decides.add(therapy);
    missing.set(fact, m);
  };
  const empty = { setting, nextLine, recommendations: [], considered: 0, notApplicable: [], missingData: [] };
  if (!code || !oncoNode(code)) return { ...empty, missingData: [{ fact: 'Diagnosis (OncoTree code) not recorded', action: 'Answer the diagnosis question of the survey', decides: [] }] };

  const focusArea = p.focusArea;
  const candidates = pack.rules.filter((r) => !!focusArea && r.focusAreas.includes(focusArea) && within(code, r.diseases) && !r.excludeDiseases.some((x) => code === x || isWithin(code, x)));
  if (setting === null) {
    for (const r of candidates) miss('Stage, or whether the disease is metastatic, not recorded', r.option.therapy, 'Record the stage group and whether the disease has spread');
  }
  const inSetting = setting === null ? [] : candidates.filter((r) => r.setting.includes(setting));
  const recommendations: Array<TreatmentRecommendation & { score: number; order: number }> = [];
  const notApplicable: FindTreatmentResponse['notApplicable'] = [];
  inSetting.forEach((r, order) => {
    const caveats = [...r.caveats];
    const matchedOn: string[] = [`Diagnosis ${code} (${oncoNode(code)!.name})`, `Setting: ${setting!.replace('_', ' ')}`];
    // line in the metastatic setting
    if (r.line) {
      if (nextLine === null) {
        miss('Lines of systemic therapy received for metastatic disease not recorded', r.option.therapy, 'Record the prior treatments with their setting and line');
        caveats.push(r.line.min === 1 ? 'No treatment for metastatic disease is recorded: this is a first-line option.' : `This option is for line ${r.line.min} or later; the lines received are not recorded.`);
      } else if (nextLine < r.line.min || (r.line.max !== undefined && nextLine > r.line.max)) return;
      else matchedOn.push(`Line ${nextLine} in the metastatic setting`);
    }
    // a required condition that fails drops the option; then a fact that rules it out settles it,
    // whatever else is missing; only then do undecided conditions make it missing data
    const required = r.requires.map((c) => ({ c, t: conditionTruth(c, v) }));
    if (required.some((x) => x.t.holds === false)) return;
    const excluding = r.excludes.map((c) => ({ c, t: conditionTruth(c, v) }));
    const ruledOut = excluding.find((x) => x.t.holds === true);
    if (ruledOut) {
      notApplicable.push({ id: r.id, therapy: r.option.therapy, reason: ruledOut.t.fact ? `${ruledOut.c.label} (patient: ${ruledOut.t.fact})` : ruledOut.c.label });
      return;
    }
    let biomarkers = 0;
    let undecided = false;
    for (const { c, t } of required) {
      if (t.holds === undefined) {
        undecided = true;
        miss(`${c.label}: not recorded`, r.option.therapy, c.whenUnknown);
        continue;
      }
      matchedOn.push(t.fact ? `${c.label} (patient: ${t.fact})` : c.label);
      if (c.anyOf.some((s) => BIOMARKER_KINDS.has(s.kind))) biomarkers++;
    }
    // an option whose own conditions are not decided is listed as missing data, never recommended
    if (undecided) return;
    for (const { c, t } of excluding) {
      if (t.holds === undefined) {
        caveats.push(`Not checked: ${c.label} is not recorded${c.whenUnknown ? ` (${c.whenUnknown.charAt(0).toLowerCase()}${c.whenUnknown.slice(1)})` : ''}.`);
        miss(`${c.label}: not recorded`, r.option.therapy, c.whenUnknown);
      }
    }
    const first = r.sources[0];
    const targeted = r.requires.flatMap((c) => c.anyOf).filter((s): s is Extract<CriterionSpec, { kind: 'alteration' }> => s.kind === 'alteration' && !s.wildType);
    const supporting = opts.civic && targeted.length
      ? v.alterations.filter((a) => targeted.some((t) => t.gene === a.gene)).flatMap((a) => opts.civic!.supporting(r.option.drugs, a, code)).slice(0, 3)
      : [];
    recommendations.push({
      id: r.id,
      therapy: r.option.therapy,
      kind: r.option.kind,
      drugs: r.option.drugs,
      setting: setting!,
      ...(nextLine !== null && r.line ? { line: nextLine } : {}),
      evidence: { category: r.evidence.category, level: r.evidence.level, source: first.citation.split(':')[0], citation: first.citation, date: first.date, ...(first.url ? { url: first.url } : {}) },
      sources: r.sources,
      supporting,
      rationale: r.rationale,
      matchedOn,
      caveats,
      lastReviewed: r.lastReviewed,
      // biomarker-directed options first, then approved over standard, then a line that was checked
      score: biomarkers * 3 + CATEGORY_WEIGHT[r.evidence.category] + (r.line && nextLine !== null ? 1 : 0),
      order,
    });
  });
  recommendations.sort((a, b) => b.score - a.score || a.order - b.order);
  return {
    setting,
    nextLine,
    recommendations: recommendations.map(({ score: _s, order: _o, ...rec }) => rec),
    considered: inSetting.length,
    notApplicable,
    missingData: [...missing.values()].map((m) => ({ fact: m.fact, ...(m.action ? { action: m.action } : {}), decides: [...m.decides] })),
  };
}

export type { GuidelineRule };
