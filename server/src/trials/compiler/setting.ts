/**
 * Criteria derived from what a trial's title, conditions and arms say about its setting, for records whose
 * eligibility text does not state it: "… HER2-Positive Breast Cancer That Has Spread to the Brain",
 * "… in Early Stage Breast Cancer", "First-line …", "… After Progression on First-line EGFR TKI",
 * "Metastatic Castration-Resistant Prostate Cancer", "Stage IIIB/IV …". They carry origin "derived",
 * a lower confidence than eligibility sentences and the phrase they came from, and are added only for
 * what the eligibility criteria do not already decide (the eligibility text is the more specific source).
 *
 * The sentence detectors are reused for the kinds whose phrasing is the same in a title (stage, spread,
 * resectability, HER2 / triple-negative status, named alterations, MSI); titles have their own phrasing
 * for line of therapy, prior progression, early stage, brain metastases and disease states, read here.
 */
import type { CompiledCriterion, CriterionKind, CriterionSpec } from '@oncodesk/shared/contracts';
import { compileItem } from './index';
import { findDrugs } from '../../vocab/drugKnowledge';

/** Below the sentence detectors (0.75–0.9), above the decisive threshold: a title is a claim about who the trial is for. */
export const DERIVED_CONFIDENCE = 0.65;

export interface SettingInput {
  briefTitle: string;
  officialTitle?: string;
  conditions: string[];
  /** Arms (cohorts) with their descriptions: read for the setting only when every described arm states the same one. */
  cohorts?: Array<{ label: string; description?: string }>;
}

/** Kinds a title phrase is read for by the sentence detectors. */
const FROM_DETECTORS = new Set<CriterionKind>(['stage', 'metastatic', 'resectability', 'alteration', 'msi', 'mmr', 'tmb', 'receptor']);
/** Kinds that state the setting: one of them in the eligibility criteria is enough, nothing is derived for the others. */
const SETTING = new Set<CriterionKind>(['stage', 'metastatic', 'resectability']);

const EARLY = /\bearly[- ]stage\b|\bnon-?metastatic\b|\blocali[sz]ed\b|\b(?:neo)?adjuvant\b|\boperable\b|\bcurative(?:ly)?[- ]intent\b/i;
/** Early-disease phrasing in an arm description ("adjuvant" only as a treatment setting). */
const ARM_EARLY = /\bearly[- ]stage\b|\bnon-?metastatic\b|\blocali[sz]ed (?:disease|cancer|tumou?r)|\b(?:completely |curatively )?resected\b|\b(?:neo)?adjuvant (?:chemo\w*|therapy|treatment|setting|radio\w*|endocrine|hormon\w*|trastuzumab|immuno\w*)|\boperable\b/i;
const LATE = /\bmetasta|\badvanced\b|\bstage\s*(?:IV|4)\b|\bunresectable\b|\brecurrent\b|\brefractory\b|\brelapsed\b/i;
const BRAIN = /\b(?:spread|metastati[cz]\w*)\s+to\s+the\s+brain\b|\bbrain metastas[ie]s\b|\bCNS metastas[ie]s\b|\bleptomeningeal\b/i;
const FIRST_LINE = /\bfirst[- ]line\b|\bfront[- ]?line\b|\btreatment[- ]na[iï]ve\b|\bpreviously untreated\b|\bchemotherapy[- ]na[iï]ve\b/i;
const LATER_LINE = /\b(?:second|third|later)[- ]line\b|\bpreviously treated\b|\bpre-?treated\b|\brefractory\b|\brelapsed\b|\bafter (?:progression|failure|relapse)\b|\bprogress(?:ed|ing|ion) (?:on|after|following)\b/i;
/** "After Progression on First-line EGFR TKI", "Previously Treated With Docetaxel", "Platinum-Refractory". */
const PRIOR_PHRASE = /\b(?:after (?:progression|failure|relapse) (?:on|of|to|after|following|with)|progress(?:ed|ing|ion) (?:on|after|following)|previously treated with|pre-?treated with|refractory to|resistant to)\s+(.{3,80}?)(?=$|[,;:()]|\s(?:in|for|and (?:in|who))\s)|\b([A-Za-z0-9-]+)[- ]refractory\b/gi;
const HR_POSITIVE = /\bhormone[- ]receptor[- ]positive\b|\bHR\s*\+|\bHR[- ]positive\b|\bER\s*\+|\bestrogen[- ]receptor[- ]positive\b|\bluminal\b/i;
const TRIPLE_NEGATIVE = /\btriple[- ]negative\b|\bTNBC\b/i;

/**
 * Criteria the title and conditions imply and the eligibility criteria do not state. `existing` are the
 * trial's compiled criteria so far; ids continue from `startIndex`.
 */
export function deriveSetting(input: SettingInput, existing: CompiledCriterion[], options: { idPrefix: string; startIndex: number }): CompiledCriterion[] {
  const stated = new Set(existing.filter((c) => c.spec.kind !== 'free_text').map((c) => c.spec.kind));
  const settingStated = existing.some((c) => SETTING.has(c.spec.kind));
  const sources = [input.briefTitle, input.officialTitle ?? '', ...input.conditions].map((s) => s.trim()).filter((s, k, a) => s && a.indexOf(s) === k);
  const out: CompiledCriterion[] = [];
  let i = options.startIndex;
  const add = (spec: CriterionSpec, phrase: string, from?: 'Arms') => {
    const key = JSON.stringify(spec);
    if (out.some((c) => JSON.stringify(c.spec) === key)) return;
    const where = from ?? (phrase === input.briefTitle || phrase === input.officialTitle ? 'Title' : 'Condition');
    out.push({ id: `${options.idPrefix}#${i++}`, polarity: 'inclusion', spec, source: `${where}: ${phrase}`.slice(0, 4000), confidence: DERIVED_CONFIDENCE, origin: 'derived' });
  };
  const has = (kind: CriterionKind) => stated.has(kind) || out.some((c) => c.spec.kind === kind);
  for (const source of sources) {
    const phrase = source;
    // "Radioiodine-Refractory" says nothing of systemic lines
    const forLines = phrase.replace(/\b(?:radioactive |radio)?iodine[- ]refractory\b|\bRAI[- ]refractory\b/gi, ' ');
    const late = LATE.test(phrase);
    // "HER2 Positive or Triple Negative Breast Cancer": receptor statuses offered as alternatives decide nothing
    const receptorAlternatives = /\bHER2[- ]?(?:positive|\+)/i.test(phrase) && /\btriple[- ]negative\b|\bTNBC\b|\bHER2[- ]?(?:negative|-)(?!\w)/i.test(phrase);
    // the sentence detectors, for the kinds whose title phrasing they read
    for (const c of compileItem({ section: 'inclusion', text: phrase } as Parameters<typeof compileItem>[0])) {
      const kind = c.spec.kind;
      if (!FROM_DETECTORS.has(kind) || c.polarity !== 'inclusion') continue;
      if (SETTING.has(kind) && settingStated) continue;
      if (kind === 'receptor') {
        if (receptorAlternatives) continue;
        // in titles only HER2 status and triple-negative are read reliably ("HR-Positive, HER2-Negative"
        // reads as ER-negative to the sentence detector); ER comes from the HR phrase below
        if (c.spec.kind === 'receptor' && c.spec.marker !== 'HER2' && !TRIPLE_NEGATIVE.test(phrase)) continue;
        if (existing.some((e) => e.spec.kind === 'receptor' && c.spec.kind === 'receptor' && e.spec.marker === c.spec.marker)) continue;
      } else if (kind === 'alteration') {
        if (existing.some((e) => e.spec.kind === 'alteration' && c.spec.kind === 'alteration' && e.spec.gene === c.spec.gene)) continue;
      } else if (stated.has(kind)) continue;
      add(c.spec, phrase);
    }
    if (!settingStated && !has('metastatic') && !has('stage')) {
      if (EARLY.test(phrase) && !late) add({ kind: 'metastatic', state: 'non_metastatic' }, phrase);
      else if (/\bmetastatic\b/i.test(phrase) && !/\bnon-?metastatic\b/i.test(phrase)) add({ kind: 'metastatic', state: /\b(?:locally advanced|unresectable)\b/i.test(phrase) ? 'advanced' : 'metastatic' }, phrase);
    }
    if (!has('brain_metastases') && BRAIN.test(phrase) && !/\b(?:no|without|excluding)\b[^,;]{0,30}\bbrain/i.test(phrase)) add({ kind: 'brain_metastases', condition: 'any' }, phrase);
    if (HR_POSITIVE.test(phrase) && !existing.some((e) => e.spec.kind === 'receptor' && (e.spec.marker === 'ER' || e.spec.marker === 'PR'))) add({ kind: 'receptor', marker: 'ER', status: 'positive' }, phrase);
    if (!has('disease_state')) {
      const resistant = /\bcastrat(?:e|ion)[- ]resistant\b|\bCRPC\b|\bhormone[- ]refractory prostate/i.test(phrase);
      const sensitive = /\bcastrat(?:e|ion)[- ]sensitive\b|\bhormone[- ](?:sensitive|na[iï]ve)\b|\bmHSPC\b|\bCSPC\b/i.test(phrase);
      // "Hormone Naive or Castration-Resistant": both states are open, neither is required
      if (resistant && !sensitive) add({ kind: 'disease_state', state: 'castration_resistant' }, phrase);
      else if (sensitive && !resistant) add({ kind: 'disease_state', state: 'castration_sensitive' }, phrase);
      if (/\b(?:radioactive )?iodine[- ]refractory\b|\bRAI[- ]refractory\b|\bradioiodine[- ]refractory\b/i.test(phrase)) add({ kind: 'disease_state', state: 'rai_refractory' }, phrase);
    }
    if (!has('prior_therapy')) {
      // a drug or class the patient must have progressed on; the title's own interventions are not prior therapy
      PRIOR_PHRASE.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = PRIOR_PHRASE.exec(forLines))) {
        const named = findDrugs(m[1] ?? m[2] ?? '');
        const drugs = [...new Set(named.map((d) => d.drug).filter((d): d is string => !!d))];
        const classes = [...new Set(named.map((d) => d.drugClass).filter((d): d is string => !!d))];
        if (drugs.length || classes.length) add({ kind: 'prior_therapy', drugs, classes }, phrase);
      }
      if (!out.some((c) => c.spec.kind === 'prior_therapy')) {
        if (FIRST_LINE.test(forLines) && !LATER_LINE.test(forLines)) add({ kind: 'prior_therapy', drugs: [], classes: [], maxLines: 0 }, phrase);
        else if (LATER_LINE.test(forLines) && !FIRST_LINE.test(forLines)) add({ kind: 'prior_therapy', drugs: [], classes: [], minLines: 1 }, phrase);
      }
    }
  }
  // arms, when title and conditions left the setting unstated: "Arm A: patients with metastatic disease
  // receive ...". Only a setting every described arm states, so one arm for early disease keeps it open.
  if (!settingStated && !has('metastatic') && !has('stage')) {
    const arms = (input.cohorts ?? []).map((c) => [c.label, c.description].filter(Boolean).join(': ')).filter((a) => a.length > 0);
    const metastatic = (a: string) => /\bmetastatic\b/i.test(a) && !/\bnon-?metastatic\b/i.test(a) && !EARLY.test(a);
    // in an arm, 'adjuvant' alone may be a vaccine adjuvant: the setting needs its therapy word
    const early = (a: string) => ARM_EARLY.test(a) && !LATE.test(a);
    if (arms.length && arms.every(metastatic)) add({ kind: 'metastatic', state: arms.every((a) => /\b(?:locally advanced|unresectable)\b/i.test(a)) ? 'advanced' : 'metastatic' }, arms.join(' | '), 'Arms');
    else if (arms.length && arms.every(early)) add({ kind: 'metastatic', state: 'non_metastatic' }, arms.join(' | '), 'Arms');
  }
  return out;
}

/** Below the decisive threshold: a design's usual practice, not a sentence of the trial; it never excludes alone. */
export const EXPECTED_LINE_CONFIDENCE = 0.5;
/** A population of several tumour types: "Advanced Solid Tumors", "Solid Malignancies", "Advanced Cancers". */
const SOLID_TUMOURS = /\bsolid (?:tumou?rs?|malignanc\w*|neoplasms?|cancers?)\b|\badvanced (?:cancers|malignancies)\b|\btumou?r[- ]agnostic\b/i;
/** Text that opens the trial to untreated patients: the trial then states its line, read or not. */
const UNTREATED_OPEN = /\bfirst[- ]line\b|\bfront[- ]?line\b|\btreatment[- ]na[iï]ve\b|\b(?:previously|systemically) untreated\b|\bna[iï]ve to\b|\bno prior (?:systemic |anti-?cancer |anti-?tumou?r )?(?:therapy|treatment|chemotherapy)\b|\buntreated (?:advanced|metastatic|locally)\b/i;

export interface ExpectedLineInput {
  briefTitle: string;
  officialTitle?: string;
  conditions: string[];
  phases: readonly string[];
  eligibility: { text?: string };
}

/**
 * The line of therapy an early-phase trial for advanced disease leaves unstated (issue 28, read on bench:patients):
 * a phase 1 study (dose escalation, first in human), or a phase 2 open to several tumour types, enrols in practice
 * patients whose standard therapy has failed or who have none, so its record seldom says so. When the eligibility
 * states no line (no line-of-therapy criterion, no unread sentence on the line or the prior therapy, no words
 * opening it to untreated patients) and the trial requires advanced or metastatic disease, one derived inclusion,
 * "at least one prior line", at a confidence that never decides alone: met by a pretreated patient, unknown for a
 * record that does not say, and for an untreated patient not met without excluding — the verdict is then unknown
 * (matcher/verdict.ts VerdictTally), the line shown for the clinician to check.
 */
export function deriveExpectedLine(input: ExpectedLineInput, existing: CompiledCriterion[], options: { idPrefix: string; startIndex: number }): CompiledCriterion[] {
  const phase1 = input.phases.some((p) => p === 'early_1' || p === '1');
  const titles = [input.briefTitle, input.officialTitle ?? '', ...input.conditions].join(' | ');
  if (!phase1 && !(input.phases.includes('2') && SOLID_TUMOURS.test(titles))) return [];
  const advanced = existing.some((c) => c.polarity === 'inclusion' && ((c.spec.kind === 'metastatic' && c.spec.state !== 'non_metastatic') || (c.spec.kind === 'resectability' && !c.spec.resectable)));
  if (!advanced) return [];
  const lineStated = existing.some(
    (c) =>
      (c.spec.kind === 'prior_therapy' && (c.polarity === 'inclusion' || c.spec.minLines !== undefined || c.spec.maxLines !== undefined || c.spec.anySystemic)) ||
      (c.spec.kind === 'free_text' && (c.spec.decides === 'line_of_therapy' || c.spec.decides === 'prior_therapy')),
  );
  if (lineStated || UNTREATED_OPEN.test(titles) || UNTREATED_OPEN.test(input.eligibility.text ?? '')) return [];
  const phases = input.phases.filter((p) => p !== 'na').map((p) => (p === 'early_1' ? 'early 1' : p));
  return [
    {
      id: `${options.idPrefix}#${options.startIndex}`,
      polarity: 'inclusion',
      spec: { kind: 'prior_therapy', drugs: [], classes: [], minLines: 1 },
      source: `Phase ${phases.join('/')}: ${input.briefTitle}`.slice(0, 4000),
      confidence: EXPECTED_LINE_CONFIDENCE,
      origin: 'derived',
    },
  ];
}
