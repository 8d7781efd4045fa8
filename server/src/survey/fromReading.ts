/**
 * What the clinical language reader understood, as survey answers: the one definition of how a read fact
 * becomes an answer (the free-text start proposes them, the clinician confirms, POST /survey/answers saves).
 *
 * Each answer is built from the reader's patient (never from the words again) and then goes through the
 * survey's own validation (SurveyService.validateAnswer), so a read value is stored exactly as a typed one
 * would be. What the survey cannot hold — a fact of no question ("never smoker"), a value finer or coarser
 * than the question asks (stage "IV" where lung asks IVA/IVB, a PD-L1 score on another scale), a
 * question the survey would not ask given the other answers — is returned as understood but not placed.
 * The reader never puts uncertain facts ("?liver mets", "possible bone mets") in its patient, so they are
 * asked, not answered.
 */
import {
  displayUnit,
  formatNumber,
  type AnswerValue,
  type Biomarker,
  type FocusArea,
  type GenomicAlteration,
  type LabEntry,
  type PatientData,
  type PriorTreatment,
  type SurveyFreeTextResponse,
  type SurveyLang,
  type TreatmentCourse,
} from '@oncodesk/shared/contracts';
import type { ReadSpan } from '../language/patientReader';
import { COURSE_JOINER } from '../language/lexicon';
import { normalizePatient } from '../language/normalizePatient';
import { localize, questionById, questionsByFocusArea, type QuestionDef } from './questions';
import type { SurveyService } from './service';
import { answerOfCondition } from './toPatient';

export interface ReadAnswer {
  questionId: string;
  value: AnswerValue;
  /** The words it was read from (empty when the fact came with another phrase, e.g. "castration-resistant" in "mCRPC"). */
  from: string[];
}
export type UnplacedReason = 'no_question' | 'other_focus_area' | 'not_valid' | 'not_asked' | 'absent';
export interface UnplacedFact {
  text: string;
  /** The reader's field ("smokingStatus", "stage", "alterations.origin"). */
  field: string;
  reason: UnplacedReason;
}

/** Reader drug-class keys whose survey class has another key (the rest are the same key). */
const CLASS_KEY: Record<string, string> = { adt: 'androgen_deprivation', antiandrogen: 'androgen_receptor_inhibitor' };
/** Non-drug treatments the reader names -> the local-treatment option of the survey. */
const LOCAL_OPTION: Record<string, string> = { surgery: 'surgery', radiotherapy: 'radiotherapy', radioiodine: 'radioactive_iodine', TACE: 'liver_directed' };
/** Gene-level findings as the survey's variant words. */
const GENE_LEVEL: Partial<Record<GenomicAlteration['category'], string>> = {
  mutation: 'Mutation',
  amplification: 'Amplification',
  fusion: 'Fusion',
  deletion: 'Deletion',
  expression: 'Overexpression',
  wild_type: 'Wild Type',
};
const yesNo = (b: boolean | undefined) => (b === undefined ? undefined : b ? 'yes' : 'no');

/** HER2 as the survey's answer: the IHC score and ISH result when written, the status otherwise. */
function her2Answer(b: Biomarker): string | undefined {
  const ish = b.ish;
  switch (b.ihcScore) {
    case '3+':
      return 'ihc_3';
    case '2+':
      return ish === 'amplified' ? 'ihc_2_ish_amplified' : ish === 'not_amplified' ? 'ihc_2_ish_not_amplified' : 'ihc_2_ish_pending';
    case '1+':
      return 'ihc_1';
    case '0':
      return 'ihc_0';
  }
  if (ish) return ish === 'amplified' ? 'ish_amplified' : 'ish_not_amplified';
  return ['positive', 'low', 'negative'].includes(b.value) ? b.value : undefined;
}

/** A biomarker written as a plain number ("5", "12.5"): a limit ("<1", "≥50") is not an exact answer. */
const plainNumber = (v: string) => (/^\d+(?:\.\d+)?$/.test(v.trim()) ? Number(v) : undefined);

/** The PD-L1 scale a question asks (the lung question is the tumour proportion score, the others CPS). */
const pdl1Scale = (q: QuestionDef) => (/tps/.test(q.id) ? 'TPS' : 'CPS');

function treatmentItem(survey: SurveyService, t: PriorTreatment): string | TreatmentCourse | undefined {
  const vocab = survey.vocabulary;
  let value: string | undefined;
  if (t.regimen) value = vocab.drug(`regimen:${t.regimen}`)?.value;
  else if (t.kind === 'drug_class') value = vocab.drug(`class:${CLASS_KEY[t.name] ?? t.name}`)?.value;
  else value = vocab.drug(t.name)?.value;
  if (!value) return undefined;
  const course: TreatmentCourse = { value };
  if (t.setting) course.setting = t.setting;
  if (t.line !== undefined) {
    course.line = t.line;
    course.setting ??= 'metastatic';
  }
  if (t.bestResponse) course.response = t.bestResponse;
  if (t.progressed) course.progressed = 'yes';
  return Object.keys(course).length > 1 ? course : value;
}

/** The value the reader's patient gives a question, or a reason it gives none that the clinician should see. */
function candidate(
  survey: SurveyService,
  focusArea: FocusArea,
  q: QuestionDef,
  p: PatientData,
  skipped: UnplacedFact[],
  courses: string[][],
): AnswerValue | { unplaced: UnplacedReason } | undefined {
  const path = q.mapsTo;
  const rec = p as unknown as Record<string, unknown>;
  if (path.startsWith('biomarkers.')) {
    const name = path.slice('biomarkers.'.length);
    const b = p.biomarkers.find((x) => x.name === name);
    if (!b) return undefined;
    if (q.type === 'number') {
      if (name === 'PD-L1' && b.scale !== pdl1Scale(q)) return { unplaced: 'not_valid' };
      if (b.unit && q.unit && b.unit.toLowerCase() !== q.unit.en.toLowerCase()) return { unplaced: 'not_valid' };
      return plainNumber(b.value) ?? { unplaced: 'not_valid' };
    }
    if (name === 'HER2') return her2Answer(b) ?? { unplaced: 'not_valid' };
    return b.value;
  }
  switch (path) {
    case 'oncotreeCode':
      if (!p.oncotreeCode) return undefined;
      return p.focusArea && p.focusArea !== focusArea ? { unplaced: 'other_focus_area' } : p.oncotreeCode;
    case 'ecog':
    case 'gleasonGradeGroup':
      return rec[path] === undefined ? undefined : String(rec[path]);
    case 'metastatic':
    case 'brainMetastasesTreated':
    case 'measurableDisease':
    case 'resectable':
    case 'raiRefractory':
    case 'pregnant':
      return yesNo(rec[path] as boolean | undefined);
    case 'metastasisSites':
      return p.metastasisSites.length ? [...p.metastasisSites] : undefined;
    case 'priorTreatments': {
      if (q.type === 'multiple_choice') {
        const keys = p.priorTreatments.filter((t) => t.kind !== 'drug' && t.kind !== 'drug_class').map((t) => LOCAL_OPTION[t.name]);
        if (!keys.length) return undefined;
        return keys.every(Boolean) && keys.every((k) => q.options!.some((o) => o.value === k)) ? [...new Set(keys)] : { unplaced: 'not_valid' };
      }
      const drugs = p.priorTreatments.filter((t) => t.kind === 'drug' || t.kind === 'drug_class');
      // one item per regimen, not per member drug; drugs written as one course ("carbo/pem/pembro 1L") one combination
      const items: Array<string | TreatmentCourse> = [];
      const seen = new Set<string>();
      const combined = new Set<PriorTreatment>();
      for (const group of courses) {
        const members = group.map((n) => drugs.find((t) => t.name === n)).filter((t): t is PriorTreatment => !!t && t.kind === 'drug' && !t.regimen);
        if (members.length < 2 || members.length !== group.length) continue;
        const courseKey = (t: PriorTreatment) => JSON.stringify([t.line, t.setting, t.progressed, t.bestResponse]);
        if (!members.every((t) => courseKey(t) === courseKey(members[0]))) continue;
        const combo = survey.vocabulary.combination(members.map((t) => t.name));
        const one = combo && treatmentItem(survey, { ...members[0], name: combo.value, kind: 'drug' });
        if (!one) continue;
        items.push(one);
        seen.add(combo.value);
        for (const t of members) combined.add(t);
      }
      for (const t of drugs) {
        if (combined.has(t)) continue;
        const item = treatmentItem(survey, t);
        // a class the survey has no answer for ("chemo", "immunotherapy"): said, not dropped in silence
        if (!item) {
          skipped.push({ text: t.name, field: 'priorTreatments', reason: 'not_valid' });
          continue;
        }
        const v = typeof item === 'string' ? item : item.value;
        if (!seen.has(v)) items.push(item);
        seen.add(v);
      }
      return items.length ? (items as AnswerValue) : undefined;
    }
    case 'alterations': {
      if (!p.alterations.length) return undefined;
      const out: string[] = [];
      for (const a of p.alterations) {
        // a germline variant the line names by its gene ("BRCA2 germline") is a pathogenic variant of it
        const word = a.proteinChange ?? GENE_LEVEL[a.category] ?? (a.category === 'other' && a.origin === 'germline' ? 'Mutation' : undefined);
        if (!word) return { unplaced: 'not_valid' };
        out.push(`${a.gene} ${word}`);
      }
      return out;
    }
    case 'comorbidities': {
      if (!p.comorbidities.length) return undefined;
      // the reader names criterion conditions, the survey answers its own keys: each condition as its one answer
      const keys = p.comorbidities.map(answerOfCondition);
      return keys.every((k): k is string => !!k) ? [...new Set(keys)] : [...p.comorbidities];
    }
    case 'labs':
      return p.labs?.length ? (p.labs.map((l) => ({ analyte: l.analyte, value: l.value, unit: l.unit ?? '' })) as AnswerValue) : undefined;
    case 'location':
      return undefined;
    default: {
      const v = rec[path];
      return typeof v === 'string' || typeof v === 'number' ? v : undefined;
    }
  }
}

/** Which reader fields (and, for biomarkers, which names) a question reads. */
function feeds(q: QuestionDef, s: ReadSpan): boolean {
  const path = q.mapsTo;
  if (path.startsWith('biomarkers.')) return s.field === 'biomarkers' && (s.value as { name?: string } | null)?.name === path.slice(11);
  if (path === 'priorTreatments') {
    if (s.field !== 'priorTreatments' || !Array.isArray(s.value)) return false;
    const local = (s.value as string[] | undefined)?.some((n) => n in LOCAL_OPTION) ?? false;
    return local === (q.type === 'multiple_choice');
  }
  return s.field === path;
}

/**
 * The survey answers a reading gives a folder of `focusArea`, each validated as a typed answer would be, and
 * the understood facts that give none (with why). Answers to questions the survey would hide given the
 * others are not given (a hidden answer is dropped on save: the clinician is told instead).
 */
export function answersFromReading(
  survey: SurveyService,
  focusArea: FocusArea,
  reading: { text: string; patient: PatientData; spans: ReadSpan[] },
  opts: { lang?: SurveyLang; current?: Record<string, AnswerValue> } = {},
): { answers: ReadAnswer[]; unplaced: UnplacedFact[] } {
  const lang = opts.lang ?? 'en';
  const { patient, spans } = reading;
  const answers: ReadAnswer[] = [];
  const unplaced: UnplacedFact[] = [];
  const used = new Set<ReadSpan>();
  // the drug mentions written as one course, by the reader's own rule for what joins them
  const courses: string[][] = [];
  let last: ReadSpan | undefined;
  for (const s of spans) {
    if (s.field !== 'priorTreatments' || !Array.isArray(s.value)) continue;
    const names = s.value as string[];
    if (last && COURSE_JOINER.test(reading.text.slice(last.end, s.start))) courses.at(-1)!.push(...names);
    else courses.push([...names]);
    last = s;
  }
  const textOf = (q: QuestionDef) => spans.filter((s) => feeds(q, s));
  for (const q of questionsByFocusArea[focusArea]) {
    const c = candidate(survey, focusArea, q, patient, unplaced, courses);
    if (c === undefined) continue;
    const from = textOf(q);
    for (const s of from) used.add(s);
    const text = from.map((s) => s.text).join(', ') || q.mapsTo;
    if (typeof c === 'object' && c !== null && 'unplaced' in c) {
      unplaced.push({ text, field: q.mapsTo, reason: c.unplaced });
      continue;
    }
    const r = survey.validateAnswer(q.id, c, { focusArea, lang });
    if (!r.ok || r.value === null) {
      unplaced.push({ text, field: q.mapsTo, reason: 'not_valid' });
      continue;
    }
    answers.push({ questionId: q.id, value: r.value, from: from.map((s) => s.text) });
  }
  // a read answer the survey would not ask given the others (prior lines when the disease is not known to be metastatic)
  const merged: Record<string, AnswerValue> = { ...(opts.current ?? {}) };
  for (const a of answers) merged[a.questionId] = a.value;
  const hidden = new Set(survey.processActions(focusArea, merged).cleared);
  const kept = answers.filter((a) => {
    if (!hidden.has(a.questionId)) return true;
    unplaced.push({ text: a.from.join(', ') || a.questionId, field: a.questionId, reason: 'not_asked' });
    return false;
  });
  for (const a of patient.alterations) if (a.origin) unplaced.push({ text: `${a.gene}: ${a.origin}`, field: 'alterations.origin', reason: 'no_question' });
  for (const s of spans) {
    if (used.has(s)) continue;
    unplaced.push({ text: s.text, field: s.field, reason: s.assertion === 'absent' ? 'absent' : 'no_question' });
  }
  return { answers: kept, unplaced };
}

// ---------------------------------------------------------------- proposing read answers to a folder

const itemKey = (x: unknown): string => {
  if (typeof x === 'string') return x.toUpperCase();
  const o = x as { value?: unknown; analyte?: unknown };
  return String(o.analyte ?? o.value).toUpperCase();
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a read answer does to a stored one: new (nothing stored), same, adds (a list answer grows, nothing stored
 * is changed), replaces. The one rule both the proposal and the save (POST /survey/answers) follow.
 */
export function answerChange(current: AnswerValue | undefined, next: AnswerValue): 'new' | 'same' | 'adds' | 'replaces' {
  if (current === undefined) return 'new';
  if (same(current, next)) return 'same';
  if (Array.isArray(current) && Array.isArray(next) && (current as unknown[]).every((c) => (next as unknown[]).some((n) => same(n, c)))) return 'adds';
  return 'replaces';
}

/** A read list answer joined to the stored one (the stored items first and unchanged); "none" stored gives way to read items. */
export function joinedAnswer(q: QuestionDef, current: AnswerValue | undefined, read: AnswerValue): AnswerValue {
  if (!Array.isArray(current) || !Array.isArray(read)) return read;
  const cur = current as unknown[];
  if (cur.length === 1 && typeof cur[0] === 'string' && q.exclusive?.includes(cur[0])) return read;
  const keys = new Set(cur.map(itemKey));
  return [...cur, ...(read as unknown[]).filter((x) => !keys.has(itemKey(x)))] as AnswerValue;
}

const COURSE_WORDS: Record<SurveyLang, { line: string; adjuvant: string; neoadjuvant: string; progressed: string }> = {
  en: { line: 'line', adjuvant: 'adjuvant', neoadjuvant: 'neoadjuvant', progressed: 'progressed' },
  es: { line: 'línea', adjuvant: 'adyuvante', neoadjuvant: 'neoadyuvante', progressed: 'progresión' },
  it: { line: 'linea', adjuvant: 'adiuvante', neoadjuvant: 'neoadiuvante', progressed: 'progressione' },
};

/** An answer as the screen shows it in a language: option labels, vocabulary names, numbers in the language's format with the unit. */
export function displayAnswer(survey: SurveyService, q: QuestionDef, value: AnswerValue, lang: SurveyLang): string {
  const local = localize(q, lang, 0);
  const words = COURSE_WORDS[lang];
  const one = (v: unknown): string => {
    if (typeof v === 'number') return `${formatNumber(v, lang)}${local.unit ? ` ${local.unit}` : ''}`;
    if (typeof v === 'string') {
      const opt = local.options?.find((o) => o.value === v);
      if (opt) return opt.label;
      return q.autocomplete ? survey.vocabulary.label(q.autocomplete.source, v, lang) : v;
    }
    const lab = v as LabEntry;
    if (typeof lab.analyte === 'string')
      return `${local.analytes?.find((a) => a.key === lab.analyte)?.label ?? lab.analyte} ${formatNumber(lab.value, lang)} ${displayUnit(lab.unit)}`.trim();
    const c = v as TreatmentCourse;
    const course = [
      c.line !== undefined ? `${words.line} ${c.line}` : c.setting === 'adjuvant' || c.setting === 'neoadjuvant' ? words[c.setting] : '',
      c.progressed === 'yes' ? words.progressed : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `${one(c.value)}${course ? ` (${course})` : ''}`;
  };
  return Array.isArray(value) ? (value as unknown[]).map(one).join('; ') : one(value);
}

/**
 * A patient line read for a folder: the reader's spans and what it did not understand, the answers it gives
 * (each with what it does to the stored answer), and the facts understood that give none.
 */
export function proposeAnswers(
  survey: SurveyService,
  focusArea: FocusArea,
  text: string,
  current: Record<string, AnswerValue>,
  lang: SurveyLang,
): SurveyFreeTextResponse {
  // a line with no Spanish or Italian word is read in the clinician's language ("creat 1,3" is 1.3 for an Italian user)
  const reading = normalizePatient(text, {}, lang);
  const { answers, unplaced } = answersFromReading(survey, focusArea, { ...reading, text }, { lang, current });
  const proposals = answers.map((a) => {
    const q = questionById.get(a.questionId)!;
    const value = joinedAnswer(q, current[a.questionId], a.value);
    const status = answerChange(current[a.questionId], value);
    return {
      questionId: a.questionId,
      question: localize(q, lang, 0).text,
      value,
      display: displayAnswer(survey, q, value, lang),
      from: a.from,
      status,
      ...(status === 'adds' || status === 'replaces' ? { currentDisplay: displayAnswer(survey, q, current[a.questionId], lang) } : {}),
    };
  });
  return { spans: reading.spans, notUnderstood: reading.notUnderstood, proposals, unplaced, warnings: reading.warnings };
}
