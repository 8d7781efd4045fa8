import { stageMeansDistant } from '../vocab/stage';
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
import { renderMessage, type MessageLanguage } from '@oncodesk/shared/contracts';
import { evaluateSpec, quickHolds, viewPatient, type PatientView } from '../trials/matcher/evaluate';
import { isWithin, oncoNode } from '../vocab/diseaseTree';
import type { CivicSupport } from './civic';
import { engineText, packText, type PackTexts } from './texts';

/**
 * Treatment recommendations from a guideline pack for one patient: deterministic, every answer traced
 * to the rule and its sources. A rule applies when the patient's diagnosis is within its diseases, the
 * setting and line fit, every required condition holds and no excluding fact holds. Conditions are the
 * trial matcher's criterion specs evaluated by its one definition (quickHolds over the same patient view),
 * so "EGFR exon 19 deletion" means the same thing here as in trial eligibility.
 *
 * When the record does not decide the setting (or the line), the options of each possibility are shown,
 * each labelled with the assumption and the one fact that would decide it: never an empty page for a
 * patient a clinician called "advanced" without saying whether it has spread.
 */

/** Patient facts that contradict each other: the answer would be built on sand. */
export class ContradictoryPatientError extends Error {
  constructor(readonly facts: string[]) {
    super(facts.join('; '));
    this.name = 'ContradictoryPatientError';
  }
}

/**
 * Stage groups below IV that are treated as locally advanced disease in a focus area. (Whether a stage IV
 * group means distant spread is vocab/stage.ts, the one definition; a IV group that does not is locally
 * advanced here.)
 */
const STAGE_SETTING: Partial<Record<FocusArea, Record<string, GuidelineSetting>>> = {
  // muscle-invasive (T2-T4a) disease is stage II-IIIB
  bladder: { II: 'locally_advanced', IIIA: 'locally_advanced', IIIB: 'locally_advanced' },
  // FIGO IIB is treated as locally advanced disease (chemoradiation)
  cervix_uteri: { IIB: 'locally_advanced' },
};

/**
 * Stage IV groups the stage alone does not place (vocab/stage.ts) but whose possibilities are all treated in
 * the systemic setting: kidney IV (T4 tumours are unresectable) and bladder IVA (T4b or M1a).
 */
const SYSTEMIC_EITHER_WAY: Partial<Record<FocusArea, ReadonlySet<string>>> = { kidney: new Set(['IV']), bladder: new Set(['IVA']) };

/**
 * Focus areas whose labels treat unresectable disease like metastatic disease ("unresectable or
 * metastatic HCC", "advanced RCC", "locally advanced or metastatic urothelial cancer", "locally
 * recurrent or metastatic RAI-refractory DTC"): an unresectable tumour there is in the systemic
 * setting. Lung and cervix are not: unresectable stage III NSCLC and locally advanced cervical cancer
 * are treated with chemoradiation.
 */
const UNRESECTABLE_IS_SYSTEMIC = new Set<FocusArea>(['liver', 'kidney', 'thyroid', 'stomach', 'bladder', 'colon', 'breast']);

const isSystemic = (t: PatientData['priorTreatments'][number]) => t.kind === 'drug' || t.kind === 'drug_class';
const isPerioperative = (t: PatientData['priorTreatments'][number]) => t.setting === 'adjuvant' || t.setting === 'neoadjuvant';
/** Whether every drug of an option was given outside (neo)adjuvant use, each in a course `course` accepts. */
const allGiven = (drugs: string[], p: PatientData, course: (t: PatientData['priorTreatments'][number]) => boolean) =>
  drugs.length > 0 && drugs.every((d) => p.priorTreatments.some((t) => !isPerioperative(t) && t.name.toLowerCase() === d.toLowerCase() && course(t)));

/**
 * Whether the record shows treatment of advanced disease without saying "metastatic": lines received,
 * a drug given for metastatic disease or one the disease progressed on (outside (neo)adjuvant use),
 * radioiodine-refractory thyroid cancer.
 */
function advancedTreated(p: PatientData): boolean {
  if ((p.priorLines ?? 0) > 0) return true;
  if (p.focusArea === 'thyroid' && p.raiRefractory === true) return true;
  return p.priorTreatments.some((t) => isSystemic(t) && !isPerioperative(t) && (t.setting === 'metastatic' || t.line !== undefined || t.progressed === true));
}

/** BCLC stage of hepatocellular carcinoma: C is advanced (systemic therapy), B intermediate, 0/A early. */
const BCLC_SETTING: Record<string, GuidelineSetting> = { '0': 'early', A: 'early', B: 'locally_advanced', C: 'metastatic' };

/**
 * The broad setting of a patient, read as the record gives it: metastatic when stated (the survey's answer
 * or the text's "metastatic"), or stage IV; treatment lines for advanced disease, recurrence, an unresectable
 * tumour or "advanced" where the labels mean the systemic setting; otherwise the stage group, BCLC stage or
 * the text's extent word; null when nothing decides (the engine then shows each possibility).
 */
export function settingOf(p: PatientData): GuidelineSetting | null {
  const stage = p.stage?.toUpperCase().replace(/^STAGE\s*/, '');
  const byStage = (): GuidelineSetting | null => {
    if (!stage) return null;
    const special = p.focusArea ? STAGE_SETTING[p.focusArea]?.[stage] : undefined;
    if (special) return special;
    if (/^IV/.test(stage)) {
      const distant = stageMeansDistant(p.focusArea, stage);
      if (distant !== undefined) return distant ? 'metastatic' : 'locally_advanced';
      return p.focusArea && SYSTEMIC_EITHER_WAY[p.focusArea]?.has(stage) ? 'metastatic' : null;
    }
    if (/^III/.test(stage)) return 'locally_advanced';
    if (/^(?:0|I|II)(?:[A-C]|IS|A)?\d?$/i.test(stage)) return 'early';
    return null;
  };
  const s = byStage();
  if (p.metastatic === true || p.diseaseExtent === 'metastatic') return 'metastatic';
  if (p.metastatic === false && s === 'metastatic') throw new ContradictoryPatientError([`stage ${p.stage} is metastatic, but the record says the disease is not metastatic`]);
  const systemicWhenUnresectable = !!p.focusArea && UNRESECTABLE_IS_SYSTEMIC.has(p.focusArea);
  // the stage group is the stage at diagnosis: treatment lines for advanced disease mean it recurred or progressed
  if (advancedTreated(p) && (p.metastatic === undefined || systemicWhenUnresectable)) return 'metastatic';
  // recurrent disease is treated systemically ("recurrent or metastatic" in the labels), unless it can be resected
  // (prostate: a recurrence is most often biochemical, which the pack does not cover)
  if (p.recurrent === true && p.metastatic !== false && p.resectable !== true && p.focusArea !== 'prostate') return 'metastatic';
  if (p.resectable === false && s !== 'metastatic') {
    if (systemicWhenUnresectable) return 'metastatic';
    if (p.metastatic === false || s === 'locally_advanced') return 'locally_advanced';
  }
  if (p.diseaseExtent === 'advanced' && systemicWhenUnresectable) return 'metastatic';
  if (s) return s;
  if (p.focusArea === 'liver' && p.bclcStage) return BCLC_SETTING[p.bclcStage] ?? null;
  if (p.diseaseExtent === 'locally_advanced') return 'locally_advanced';
  if (p.diseaseExtent === 'localized') return 'early';
  return null;
}

/**
 * The settings a patient whose setting is not recorded may be in, among those the candidate rules cover:
 * castration-resistant prostate cancer is (nearly always) metastatic for the pack; an unresectable lung or
 * cervical tumour is locally advanced or metastatic; otherwise any.
 */
function possibleSettings(p: PatientData, candidates: GuidelineRule[]): GuidelineSetting[] {
  const covered = new Set(candidates.flatMap((r) => r.setting));
  let options: GuidelineSetting[] = ['metastatic', 'locally_advanced', 'early'];
  // castration-resistant disease without metastases (nmCRPC) has options of its own
  if (p.focusArea === 'prostate' && p.castrationStatus === 'resistant' && p.metastatic === false) options = ['locally_advanced', 'early'];
  else if (p.focusArea === 'prostate' && (p.castrationStatus === 'resistant' || p.diseaseExtent === 'advanced')) options = ['metastatic'];
  else if (p.resectable === false || p.diseaseExtent === 'advanced' || p.recurrent === true) options = ['metastatic', 'locally_advanced'];
  return options.filter((s) => covered.has(s));
}

/**
 * Lines of systemic therapy received for metastatic disease: stated, or the highest line of a recorded
 * treatment; 0 when every recorded systemic treatment was (neo)adjuvant; undefined when not recorded.
 */
export function linesReceived(p: PatientData, v: PatientView): number | undefined {
  if (v.lines !== undefined) return v.lines;
  const systemic = p.priorTreatments.filter(isSystemic);
  if (systemic.length && systemic.every(isPerioperative)) return 0;
  return undefined;
}

/** A lower bound on the lines received when their number is not recorded: 1 once a drug was given for advanced disease. */
function minLinesReceived(p: PatientData): number {
  return p.priorTreatments.some((t) => isSystemic(t) && !isPerioperative(t) && (t.setting === 'metastatic' || t.progressed === true)) ? 1 : 0;
}

type Truth = { holds: boolean | undefined; fact?: string };

/**
 * A condition: holds when any alternative holds, fails when all fail, unknown otherwise. A germline-only
 * condition (olaparib's "germline BRCA-mutated") fails when every variant of its genes is recorded as somatic.
 */
function conditionTruth(c: GuidelineCondition, v: PatientView, lang: MessageLanguage, p: PatientData): Truth {
  if (c.scale) {
    const scale = pdl1Scale(p);
    if (scale && scale !== c.scale) return { holds: undefined, fact: engineText(lang).otherScale(scale) };
  }
  if (c.germline) {
    const genes = new Set(c.anyOf.flatMap((x) => (x.kind === 'alteration' ? [x.gene] : [])));
    const found = p.alterations.filter((a) => genes.has(a.gene) && a.category !== 'wild_type');
    if (found.length && found.every((a) => a.origin === 'somatic')) return { holds: false };
  }
  let unknown = false;
  for (const spec of c.anyOf) {
    const own = guidelineFact(spec, p, lang);
    if (own) {
      if (own.holds === true) return own;
      if (own.holds === undefined) unknown = true;
      continue;
    }
    const h = quickHolds(spec as CriterionSpec, v);
    if (h === true) {
      const e = evaluateSpec(spec as CriterionSpec, v);
      return { holds: true, fact: e.factMsg ? renderMessage(e.factMsg, lang) : e.fact };
    }
    if (h === undefined) unknown = true;
  }
  return { holds: unknown ? undefined : false };
}

/**
 * The scale a patient's PD-L1 result is on: as recorded, else the one the survey asks in the focus area
 * (the lung question is the tumour proportion score, every other the combined positive score); a bare
 * percentage is a TPS in lung cancer and undecided elsewhere. A label's threshold on one scale is not met
 * by a number on another (TPS 50% is not CPS 50).
 */
function pdl1Scale(p: PatientData): string | undefined {
  const b = p.biomarkers.find((x) => x.name === 'PD-L1');
  if (!b) return undefined;
  const scale = b.scale ?? (p.focusArea === 'lung' ? 'TPS' : 'CPS');
  if (scale === 'percent') return p.focusArea === 'lung' ? 'TPS' : 'percent';
  return scale;
}

/**
 * Facts some labels select on that the trial matcher's criteria do not read, written in the pack as
 * signatures: the IMDC risk group of kidney cancer ("IMDC risk" = intermediate / poor) and HER2-ultralow
 * breast cancer ("HER2" = ultralow: IHC 0 with membrane staining). Undefined for any other signature (the
 * matcher's then decides).
 */
function guidelineFact(spec: GuidelineCondition['anyOf'][number], p: PatientData, lang: MessageLanguage): Truth | undefined {
  if (spec.kind !== 'signature') return undefined;
  const E = engineText(lang);
  if (spec.name === 'IMDC risk') {
    if (!p.imdcRisk) return { holds: undefined };
    return { holds: p.imdcRisk === spec.value, fact: E.imdc(p.imdcRisk) };
  }
  if (spec.name === 'HER2' && spec.value === 'ultralow') {
    const b = p.biomarkers.find((x) => x.name === 'HER2');
    if (!b) return { holds: undefined };
    const ultralow = /ultra-?\s*low/i.test(b.value);
    // IHC 0 without the staining detail may be ultralow or null: undecided; any other score is not
    if (!ultralow && (b.ihcScore === '0' || /^(?:0|negative)$/i.test(b.value.trim()))) return { holds: undefined };
    return { holds: ultralow, fact: ultralow ? E.her2Ultralow : undefined };
  }
  return undefined;
}

const BIOMARKER_KINDS = new Set(['alteration', 'receptor', 'msi', 'mmr', 'tmb', 'lab']);
/**
 * Rank weight of a biomarker condition: a driver or receptor that selects a targeted option (3) counts more
 * than a level that enriches for benefit (PD-L1, a serum marker: 1), so "PD-L1 ≥ 50%" does not push every
 * single-agent immunotherapy above chemo-immunotherapy.
 */
function biomarkerWeight(c: GuidelineCondition): number {
  if (!c.anyOf.some((x) => BIOMARKER_KINDS.has(x.kind))) return 0;
  return c.anyOf.every((x) => x.kind === 'lab' || (x.kind === 'receptor' && x.marker === 'PD-L1')) ? 1 : 3;
}
const CATEGORY_WEIGHT = { fda_label: 2, standard_of_care: 1, civic: 0 } as const;
/** Within the same kind of evidence, a preferred option first and one for certain circumstances after the others. */
const PREFERENCE_WEIGHT = { preferred: 1.5, other: 0, certain_circumstances: -1.5 } as const;
/** A preference of the sources against an option ranks it below every option without one. */
const LESS_PREFERRED_PENALTY = 8;

function within(code: string, codes: string[]): boolean {
  return codes.some((c) => c === 'TISSUE' || code === c || isWithin(code, c));
}

export interface EngineOptions {
  civic?: CivicSupport | null;
  /** Language of the rule text and the engine's own words (the pack carries en, es and it). */
  lang?: MessageLanguage;
}

type Ranked = TreatmentRecommendation & { score: number; order: number; key: string };

/** One option per therapy: the same drugs (or the same non-drug option) from several rules become one option with every reason. */
function therapyKey(r: GuidelineRule): string {
  return r.option.drugs.length ? `${r.option.kind}:${[...r.option.drugs].map((d) => d.toLowerCase()).sort().join('+')}` : `${r.option.kind}:${r.option.therapy.toLowerCase()}`;
}

function mergeSameTherapy(recs: Ranked[]): Ranked[] {
  const byKey = new Map<string, Ranked>();
  for (const r of [...recs].sort((a, b) => b.score - a.score || a.order - b.order)) {
    const kept = byKey.get(r.key);
    if (!kept) {
      byKey.set(r.key, { ...r, ruleIds: [r.id] });
      continue;
    }
    const add = <T>(into: T[], from: T[], same: (a: T, b: T) => boolean) => {
      for (const x of from) if (!into.some((y) => same(x, y))) into.push(x);
    };
    kept.ruleIds!.push(r.id);
    add(kept.matchedOn, r.matchedOn, (a, b) => a === b);
    add(kept.caveats, r.caveats, (a, b) => a === b);
    add(kept.sources, r.sources, (a, b) => a.citation === b.citation);
    add(kept.supporting, r.supporting, (a, b) => a.id === b.id);
    // the option holds without an assumption as soon as one of its rules does; assumed settings add up
    if (!r.assumes) delete kept.assumes;
    else if (kept.assumes?.settings && r.assumes.settings) kept.assumes = { ...kept.assumes, settings: [...new Set([...kept.assumes.settings, ...r.assumes.settings])] };
    if (!r.lessPreferred) delete kept.lessPreferred;
    if (r.preference === 'preferred') kept.preference = 'preferred';
  }
  return [...byKey.values()];
}

/** The recommendations of a pack for a patient (pack summary and timing are added by the service). */
export function recommend(pack: GuidelinePack, p: PatientData, opts: EngineOptions = {}): Omit<FindTreatmentResponse, 'pack' | 'durationMs'> {
  const lang = opts.lang ?? 'en';
  const T = (text: string) => packText(pack as GuidelinePack & PackTexts, text, lang);
  const E = engineText(lang);
  const v = viewPatient(p);
  const code = v.code;
  const setting = settingOf(p);
  const exactLines = linesReceived(p, v);
  const lineOf = (s: GuidelineSetting) => (s === 'metastatic' && exactLines !== undefined ? exactLines + 1 : null);
  const nextLine = setting ? lineOf(setting) : null;
  const missing = new Map<string, { fact: string; action?: string; decides: Set<string> }>();
  const miss = (fact: string, therapy: string | null, action?: string) => {
    const m = missing.get(fact) ?? { fact, action, decides: new Set<string>() };
    if (therapy) m.decides.add(therapy);
    missing.set(fact, m);
  };
  const empty = { setting, nextLine, recommendations: [], considered: 0, notApplicable: [], missingData: [] };
  if (!code || !oncoNode(code)) return { ...empty, missingData: [{ fact: E.noDiagnosis, action: E.noDiagnosisAction, decides: [] }] };

  const focusArea = p.focusArea;
  const asked = (c: GuidelineCondition) => !c.askIn || (!!focusArea && c.askIn.includes(focusArea));
  // a diagnosis broader than a rule's ("gastric cancer", OncoTree STOMACH, for a rule on esophagogastric
  // adenocarcinoma) keeps the rule, conditional on the histology the rule is for
  const narrower = (r: GuidelineRule) => r.diseases.find((d) => d !== 'TISSUE' && isWithin(d, code));
  const candidates = pack.rules.filter((r) => !!focusArea && r.focusAreas.includes(focusArea) && (within(code, r.diseases) || !!narrower(r)) && !r.excludeDiseases.some((x) => code === x || isWithin(code, x)));
  const settings = setting ? [setting] : possibleSettings(p, candidates);
  const minReceived = minLinesReceived(p);
  const recommendations: Ranked[] = [];
  const notApplicable: FindTreatmentResponse['notApplicable'] = [];
  let considered = 0;
  let order = 0;

  for (const s of settings) {
    const sLine = lineOf(s);
    const settingAssumed = setting === null ? { settings: [s], fact: E.settingDecides } : undefined;
    for (const r of candidates.filter((x) => x.setting.includes(s))) {
      considered++;
      order++;
      const therapy = T(r.option.therapy);
      const caveats = r.caveats.map(T);
      const matchedOn: string[] = [E.diagnosis(code, oncoNode(code)!.name), settingAssumed ? E.settingAssumed(s) : E.setting(s)];
      let assumes: TreatmentRecommendation['assumes'] = settingAssumed;
      // line in the metastatic setting
      if (r.line) {
        if (sLine === null) {
          // lines not recorded: the option holds if the patient is at its line (not below the lines surely received)
          if (r.line.max !== undefined && r.line.max < minReceived + 1) continue;
          miss(E.linesMissing, therapy, E.linesAction);
          caveats.push(r.line.min === 1 ? E.firstLineCaveat : E.laterLineCaveat(r.line.min));
          // with the setting assumed too, the setting is the fact to settle first
          assumes = { ...(assumes ?? { fact: E.linesMissing }), line: Math.max(r.line.min, minReceived + 1) };
        } else if (sLine < r.line.min || (r.line.max !== undefined && sLine > r.line.max)) continue;
        else matchedOn.push(E.line(sLine));
      }
      // a required condition that fails drops the option; then a fact that rules it out settles it,
      // whatever else is missing; only then do undecided conditions make it missing data
      const required = r.requires.map((c) => ({ c, t: conditionTruth(c, v, lang, p) }));
      if (required.some((x) => x.t.holds === false)) continue;
      // an option resting on a test nobody orders in this disease (dMMR in a lung cancer) is not worth a line,
      // not even "ruled out", until the result is known
      if (required.some((x) => x.t.holds === undefined && !asked(x.c))) continue;
      // the same drugs are not offered again once given for advanced disease: the disease progressed on them,
      // or a later line was reached after them (axitinib alone after pembrolizumab + axitinib). An option that
      // adds a drug not yet given (tucatinib with trastuzumab after trastuzumab) stays.
      const drugs = r.option.drugs;
      const progressedOn = allGiven(drugs, p, (t) => t.progressed === true);
      const receivedForAdvanced = !progressedOn && allGiven(drugs, p, (t) => isSystemic(t) && (t.setting === 'metastatic' || t.line !== undefined));
      if (progressedOn || receivedForAdvanced) {
        const reason = progressedOn ? E.progressedOn(drugs.join(', ')) : E.receivedForAdvanced(drugs.join(', '));
        if (!notApplicable.some((n) => n.id === r.id)) notApplicable.push({ id: r.id, therapy, reason });
        continue;
      }
      // the same drugs listed without their course (no setting, no line) for a patient past the first line: where
      // they were given decides, so the option is shown conditional on it — neither offered again as if new nor
      // dropped on a guess
      const unplaced = sLine !== null && sLine >= 2 && allGiven(drugs, p, (t) => t.setting === undefined && t.line === undefined);
      const excluding = r.excludes.map((c) => ({ c, t: conditionTruth(c, v, lang, p) }));
      const ruledOut = excluding.find((x) => x.t.holds === true);
      if (ruledOut) {
        if (!notApplicable.some((n) => n.id === r.id)) notApplicable.push({ id: r.id, therapy, reason: ruledOut.t.fact ? E.patientFact(T(ruledOut.c.label), ruledOut.t.fact) : T(ruledOut.c.label) });
        continue;
      }
      let biomarkers = 0;
      let undecided = false;
      const histology = within(code, r.diseases) ? undefined : narrower(r);
      let stateAssumed: string | undefined = histology ? E.histology(histology, oncoNode(histology)!.name) : undefined;
      for (const { c, t } of required) {
        if (t.holds === undefined) {
          // with no treatment history at all, "prior platinum", "prior osimertinib"… are one question: the history
          if (c.anyOf.every((x) => x.kind === 'prior_therapy') && !p.priorTreatments.length) miss(E.historyMissing, therapy, E.linesAction);
          else if (asked(c)) miss(E.notRecorded(T(c.label)), therapy, c.whenUnknown && T(c.whenUnknown));
          // a disease state the record does not state (castration-resistant, radioiodine-refractory) decides
          // between whole groups of options like a setting does: each group is shown, conditional on it
          if (c.anyOf.every((x) => x.kind === 'disease_state') && !stateAssumed) stateAssumed = T(c.label);
          else undecided = true;
          continue;
        }
        matchedOn.push(t.fact ? E.patientFact(T(c.label), t.fact) : T(c.label));
        biomarkers += biomarkerWeight(c);
      }
      // an option whose own conditions are not decided is listed as missing data, never recommended
      if (undecided) continue;
      if (stateAssumed) {
        assumes = { ...(assumes ?? { fact: histology ? E.histologyFact : E.notRecorded(stateAssumed) }), condition: stateAssumed };
        matchedOn.push(histology ? stateAssumed : E.ifState(stateAssumed));
      }
      if (unplaced) {
        const condition = E.notGivenForAdvanced(drugs.join(', '));
        assumes = { ...(assumes ?? { fact: E.whereGiven(drugs.join(', ')) }), condition: assumes?.condition ? `${assumes.condition}; ${condition}` : condition };
        matchedOn.push(E.ifState(condition));
        miss(E.whereGiven(drugs.join(', ')), therapy, E.linesAction);
      }
      for (const { c, t } of excluding) {
        if (t.holds === undefined && asked(c)) {
          caveats.push(E.notChecked(T(c.label), c.whenUnknown && T(c.whenUnknown)));
          miss(E.notRecorded(T(c.label)), therapy, c.whenUnknown && T(c.whenUnknown));
        }
      }
      // preferences and caveats that depend on a fact of the patient (never an exclusion)
      let lessPreferred = false;
      for (const n of r.notes) {
        if (conditionTruth(n.when, v, lang, p).holds !== true) continue;
        caveats.push(T(n.text));
        if (n.kind === 'preference') lessPreferred = true;
      }
      const first = r.sources[0];
      const targeted = r.requires.flatMap((c) => c.anyOf).filter((x): x is Extract<CriterionSpec, { kind: 'alteration' }> => x.kind === 'alteration' && !x.wildType);
      const supporting = opts.civic && targeted.length
        ? v.alterations.filter((a) => targeted.some((t) => t.gene === a.gene)).flatMap((a) => opts.civic!.supporting(r.option.drugs, a, code)).slice(0, 3)
        : [];
      recommendations.push({
        id: r.id,
        therapy,
        kind: r.option.kind,
        drugs: r.option.drugs,
        setting: s,
        ...(sLine !== null && r.line ? { line: sLine } : {}),
        evidence: { category: r.evidence.category, level: T(r.evidence.level), source: first.citation.split(':')[0], citation: first.citation, date: first.date, ...(first.url ? { url: first.url } : {}) },
        sources: r.sources,
        supporting,
        rationale: T(r.rationale),
        matchedOn,
        caveats,
        lastReviewed: r.lastReviewed,
        preference: r.preference,
        ...(r.ema ? { ema: T(r.ema) } : {}),
        ...(lessPreferred ? { lessPreferred } : {}),
        ...(assumes ? { assumes } : {}),
        // biomarker-directed options first, then approved over standard, then a line that was checked;
        // an option the sources prefer less for this patient after the others; an assumed setting last
        score: biomarkers + CATEGORY_WEIGHT[r.evidence.category] + PREFERENCE_WEIGHT[r.preference] + (r.line && sLine !== null ? 1 : 0) - (lessPreferred ? LESS_PREFERRED_PENALTY : 0) - (settingAssumed ? settings.indexOf(s) * 20 : 0) - (stateAssumed ? 10 : 0) - (unplaced ? 10 : 0),
        order,
        key: therapyKey(r),
      });
    }
  }
  if (setting === null && settings.length) miss(E.settingMissing, null, E.settingAction);
  if (setting === null && !settings.length) for (const r of candidates) miss(E.settingMissing, T(r.option.therapy), E.settingAction);
  // tests the pack asks for in this disease whatever the options (germline RET in medullary thyroid cancer)
  for (const pr of pack.prompts) {
    if (!focusArea || !pr.focusAreas.includes(focusArea) || !within(code, pr.diseases)) continue;
    if (pr.setting && !settings.some((s) => pr.setting!.includes(s))) continue;
    if (pr.condition && conditionTruth(pr.condition, v, lang, p).holds !== undefined) continue;
    // a germline result recorded for one of the prompt's genes answers it
    if (pr.germlineGenes && p.alterations.some((a) => a.origin === 'germline' && pr.germlineGenes!.includes(a.gene))) continue;
    miss(T(pr.fact), null, T(pr.action));
  }
  const merged = mergeSameTherapy(recommendations).sort((a, b) => b.score - a.score || a.order - b.order);
  return {
    setting,
    nextLine,
    recommendations: merged.map(({ score: _s, order: _o, key: _k, ...rec }) => rec),
    considered,
    notApplicable,
    missingData: [...missing.values()].map((m) => ({ fact: m.fact, ...(m.action ? { action: m.action } : {}), decides: [...m.decides] })),
  };
}

export type { GuidelineRule };
