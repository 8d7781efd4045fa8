import {
  PatientData,
  TreatmentCourse,
  formatNumber,
  parseTypedNumber,
  sameUnit,
  type AnswerValue,
  type AutocompleteItem,
  type AutocompleteSource,
  type Biomarker,
  type LabEntry,
  type FocusArea,
  type GenomicAlteration,
  type PriorTreatment,
  type SurveyActions,
  type SurveyAnswerError,
  type SurveyAnswers,
  type SurveyErrorCode,
  type SurveyLang,
  type SurveyPossibleAnswerResponse,
  type SurveyQuestion,
} from '@oncodesk/shared/contracts';
import { geoService, type GeoService } from '../geo/service';
import { normalizeKey } from '../geo/normalize';
import { canonicalProteinChange } from '../vocab/proteinChange';
import { surveyMessage } from './messages';
import { comorbiditiesFromAnswers, courseOf, treatmentFromDrug } from './toPatient';
import { labsOf, validateLabs } from './labs';
import { HER2_STATUS, localTreatmentMap, localize, questionById, questionsByFocusArea, type QuestionDef } from './questions';

/** Answers that give no value to the patient: not known, or never tested (the survey keeps which). */
const NOT_STATED = new Set(['unknown', 'not_tested']);
import { alterationWord, geneFirst, genericVariants, isWellFormedVariant, surveyVocab, variantCategory, type SurveyVocab } from './vocab';

/** Largest serialised answer accepted (one answer; a whole set is at most 100 of them). */
export const MAX_ANSWER_BYTES = 8 * 1024;

export type ValidationResult = { ok: true; value: AnswerValue | null } | { ok: false; errors: SurveyAnswerError[] };

/** Answers that do not validate, with every problem found. */
export class SurveyValidationError extends Error {
  constructor(readonly errors: SurveyAnswerError[]) {
    super(errors.map((e) => `${e.questionId}: ${e.code}`).join('; '));
    this.name = 'SurveyValidationError';
  }
}

/** Whether a number meets a question's rules (the reading of an ambiguous number that fits is the one meant). */
const withinRules = (n: number, r: { min?: number; max?: number; integer?: boolean }) => (r.min === undefined || n >= r.min) && (r.max === undefined || n <= r.max) && (!r.integer || Number.isInteger(n));

const YES_NO: Record<string, boolean | undefined> = { yes: true, no: false, unknown: undefined };
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A validated treatment answer with the course the clinician gave: a plain answer when none was given
 * (stored answers stay compact); a line implies the metastatic setting.
 */
function withCourse(value: string, item: string | TreatmentCourse): string | TreatmentCourse {
  if (typeof item === 'string') return value;
  const course: TreatmentCourse = { value };
  const setting = item.setting ?? (item.line !== undefined ? 'metastatic' : undefined);
  if (setting) course.setting = setting;
  if (item.line !== undefined) course.line = item.line;
  if (item.response) course.response = item.response;
  if (item.progressed) course.progressed = item.progressed;
  return Object.keys(course).length > 1 ? course : value;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

export interface SurveyServiceDeps {
  vocab?: () => SurveyVocab;
  geo?: () => GeoService;
}

export class SurveyService {
  private readonly vocab: () => SurveyVocab;
  private readonly geo: () => GeoService;

  constructor(deps: SurveyServiceDeps = {}) {
    this.vocab = deps.vocab ?? surveyVocab;
    this.geo = deps.geo ?? geoService;
  }

  /** The vocabularies answers are checked against (drugs, genes, OncoTree, comorbidities). */
  get vocabulary(): SurveyVocab {
    return this.vocab();
  }

  /** The focus area's questions in order, in one language. */
  getQuestions(focusArea: FocusArea, lang: SurveyLang = 'en'): SurveyQuestion[] {
    return questionsByFocusArea[focusArea].map((q, i) => localize(q, lang, i + 1));
  }

  getQuestion(questionId: string, lang: SurveyLang = 'en'): SurveyQuestion | undefined {
    const q = questionById.get(questionId);
    if (!q) return undefined;
    return localize(q, lang, 0);
  }

  /**
   * Checks one answer and returns its normalised value (null: no answer). Never throws for bad input:
   * problems come back as codes with translated messages.
   */
  validateAnswer(questionId: string, value: unknown, opts: { focusArea?: FocusArea; lang?: SurveyLang } = {}): ValidationResult {
    const lang = opts.lang ?? 'en';
    const fail = (code: SurveyErrorCode, params: Record<string, string | number> = {}): ValidationResult => ({
      ok: false,
      errors: [{ questionId, code, message: surveyMessage(code, lang, params) }],
    });
    const q = questionById.get(questionId);
    if (!q) return fail('unknown_question');
    if (opts.focusArea && !questionsByFocusArea[opts.focusArea].some((x) => x.id === q.id)) return fail('question_not_in_focus_area');
    let size: number;
    try {
      size = JSON.stringify(value ?? null).length;
    } catch {
      return fail('invalid_type');
    }
    if (size > MAX_ANSWER_BYTES) return fail('payload_too_large');
    if (isEmpty(value)) return q.validation.required ? fail('required') : { ok: true, value: null };

    const { validation: rules } = q;
    switch (q.type) {
      case 'single_choice': {
        if (typeof value !== 'string') return fail('invalid_type');
        return q.options!.some((o) => o.value === value) ? { ok: true, value } : fail('invalid_option');
      }
      case 'multiple_choice': {
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return fail('invalid_type');
        if (rules.maxItems !== undefined && value.length > rules.maxItems) return fail('too_many_items', { maxItems: rules.maxItems });
        if (new Set(value).size !== value.length) return fail('duplicate_item');
        if (!value.every((v) => q.options!.some((o) => o.value === v))) return fail('invalid_option');
        if (value.length > 1 && value.some((v) => q.exclusive?.includes(v))) return fail('invalid_option');
        return { ok: true, value };
      }
      case 'number': {
        let n: number;
        if (typeof value === 'number') n = value;
        else if (typeof value === 'string') {
          // a typed text is read in the answer's language with the one parser the survey's inputs use:
          // "1,3" is 1.3 in every language, never 13; "1,300" where 1.3 and 1300 both fit is asked about
          const typed = parseTypedNumber(value, lang, (x) => withinRules(x, rules));
          if (typed.status === 'invalid') return fail(typed.code);
          if (typed.status === 'ambiguous') return fail('number_ambiguous', { value: value.trim(), a: formatNumber(typed.candidates[0], lang), b: formatNumber(typed.candidates[1], lang) });
          if (typed.status === 'empty') return fail('not_a_number');
          if (typed.unit && q.unit && ![q.unit.en, q.unit.es, q.unit.it].some((u) => sameUnit(typed.unit!, u))) return fail('unit_not_of_question', { unit: q.unit[lang] });
          n = typed.value;
        } else return fail('invalid_type');
        if (!Number.isFinite(n)) return fail('not_a_number');
        if (rules.integer && !Number.isInteger(n)) return fail('not_integer');
        if (rules.min !== undefined && n < rules.min) return fail('below_min', { min: rules.min });
        if (rules.max !== undefined && n > rules.max) return fail('above_max', { max: rules.max });
        return { ok: true, value: n };
      }
      case 'date': {
        if (typeof value !== 'string') return fail('invalid_type');
        const m = DATE_RE.exec(value.trim());
        if (!m) return fail('invalid_date');
        const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
        if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return fail('invalid_date');
        if (d.getTime() > Date.now()) return fail('date_in_future');
        if (rules.minDate && value.trim() < rules.minDate) return fail('date_too_old');
        return { ok: true, value: value.trim() };
      }
      case 'location': {
        if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as { id?: unknown }).id !== 'string') return fail('invalid_type');
        const id = (value as { id: string }).id;
        const feature = this.geo().resolve(id);
        if (feature === null) return /^(country|region|city):/.test(id) && id.length <= 40 ? fail('location_not_found') : fail('location_id_invalid');
        return { ok: true, value: { id } };
      }
      case 'autocomplete':
        return this.validateAutocomplete(q, value, fail);
      case 'labs': {
        const r = validateLabs(value);
        if (!r.ok) return fail(r.code, r.code === 'too_many_items' ? { maxItems: rules.maxItems ?? 0 } : {});
        return { ok: true, value: r.value };
      }
    }
  }

  private validateAutocomplete(q: QuestionDef, value: unknown, fail: (code: SurveyErrorCode, params?: Record<string, string | number>) => ValidationResult): ValidationResult {
    const { source, multiple, courses } = q.autocomplete!;
    const given = multiple ? value : [value];
    // a question with courses takes each item as a plain answer or with its course (TreatmentCourse)
    if (!Array.isArray(given) || !given.every((v) => typeof v === 'string' || (courses && TreatmentCourse.safeParse(v).success))) return fail('invalid_type');
    const items = given as Array<string | TreatmentCourse>;
    // "none": the list was answered and is empty; it goes alone
    if (q.exclusive && items.some((v) => typeof v === 'string' && q.exclusive!.includes(v))) {
      return items.length === 1 ? { ok: true, value: multiple ? [items[0] as string] : (items[0] as string) } : fail('invalid_option');
    }
    if (q.validation.maxItems !== undefined && items.length > q.validation.maxItems) return fail('too_many_items', { maxItems: q.validation.maxItems });
    const valueOf = (item: string | TreatmentCourse) => (typeof item === 'string' ? item : item.value);
    if (items.some((v) => valueOf(v).length > 200)) return fail('too_long');
    for (const item of items) {
      if (typeof item === 'string' || item.line === undefined) continue;
      if (!Number.isInteger(item.line)) return fail('not_integer');
      if (item.line < 1) return fail('below_min', { min: 1 });
      if (item.line > 20) return fail('above_max', { max: 20 });
      if (item.setting && item.setting !== 'metastatic') return fail('line_needs_metastatic_setting');
    }
    const vocab = this.vocab();
    const out: string[] = [];
    for (const item of items) {
      const v = valueOf(item).trim();
      switch (source) {
        case 'oncotree': {
          const code = v.toUpperCase();
          const node = vocab.oncotree.get(code);
          if (!node || (q.focusArea && !node.focusAreas.includes(q.focusArea))) {
            return fail(vocab.allOncotreeCodes.has(code) ? 'oncotree_outside_focus_area' : 'unknown_oncotree_code');
          }
          out.push(code);
          break;
        }
        case 'drugs': {
          const drug = vocab.drug(v);
          if (!drug) return fail('unknown_drug');
          out.push(drug.value);
          break;
        }
        case 'comorbidities':
          if (!vocab.comorbidityKeys.has(v)) return fail('unknown_comorbidity');
          out.push(v);
          break;
        case 'genes': {
          const symbol = vocab.geneSymbol(v);
          if (!symbol) return fail('unknown_gene');
          out.push(symbol);
          break;
        }
        case 'variants': {
          const parsed = this.parseVariant(v);
          if ('error' in parsed) return fail(parsed.error);
          out.push(parsed.value);
          break;
        }
      }
    }
    if (new Set(out.map((o) => o.toUpperCase())).size !== out.length) return fail('duplicate_item');
    if (courses) return { ok: true, value: items.map((item, i) => withCourse(out[i], item)) };
    return { ok: true, value: multiple ? out : out[0] };
  }

  /** "her2 amplification" -> "ERBB2 Amplification"; "EGFR p.l858r" -> "EGFR L858R"; "BRCA2" -> "BRCA2 Mutation". */
  parseVariant(text: string): { value: string; alteration: GenomicAlteration } | { error: 'unknown_gene' | 'unknown_variant' } {
    const vocab = this.vocab();
    const trimmed = geneFirst(text.trim().replace(/\s+/g, ' '));
    const space = trimmed.indexOf(' ');
    const symbol = vocab.geneSymbol(space === -1 ? trimmed : trimmed.slice(0, space));
    if (!symbol) return { error: 'unknown_gene' };
    let rest = space === -1 ? 'Mutation' : trimmed.slice(space + 1).replace(/^p\./i, '');
    // "amplificación", "mutazione", "rearranged": the gene-level finding they name
    rest = alterationWord(rest) ?? rest;
    const civic = vocab.variants.get(`${symbol} ${rest}`.toUpperCase());
    const generic = genericVariants.find((g) => normalizeKey(g.variant) === normalizeKey(rest));
    if (civic) rest = civic.variant;
    else if (generic) rest = generic.variant;
    else {
      const protein = rest.replace(/^([a-z*])(\d+)([a-z*]?)$/i, (_m, a: string, n: string, b: string) => `${a.toUpperCase()}${n}${b.toUpperCase()}`);
      if (!isWellFormedVariant(protein)) return { error: 'unknown_variant' };
      rest = protein;
    }
    const category = civic?.category ?? generic?.category ?? variantCategory(rest);
    const geneLevel = generic !== undefined;
    return {
      value: `${symbol} ${rest}`,
      alteration: { gene: symbol, category, ...(geneLevel ? {} : { proteinChange: canonicalProteinChange(rest).slice(0, 60) }) },
    };
  }

  /** What the stored autocomplete answers of a folder read as in a language, where that differs from the value. */
  answerLabels(focusArea: FocusArea, answers: Record<string, AnswerValue>, lang: SurveyLang): Record<string, string> {
    const out: Record<string, string> = {};
    for (const q of questionsByFocusArea[focusArea]) {
      const a = answers[q.id];
      if (!q.autocomplete || a === undefined) continue;
      const values = (Array.isArray(a) ? a : [a]).map((x) => (typeof x === 'string' ? x : (x as TreatmentCourse).value)).filter((x): x is string => typeof x === 'string');
      for (const v of values) {
        const label = this.vocab().label(q.autocomplete.source, v, lang);
        if (label !== v) out[v] = label;
      }
    }
    return out;
  }

  /** Which questions to show given the answers, what is missing, what comes next. */
  processActions(focusArea: FocusArea, answers: SurveyAnswers | Record<string, unknown>): SurveyActions {
    const visible: string[] = [];
    const missingRequired: string[] = [];
    const cleared: string[] = [];
    const effective: Record<string, unknown> = {};
    let answered = 0;
    let next: string | null = null;
    for (const q of questionsByFocusArea[focusArea]) {
      const has = !isEmpty(answers[q.id]);
      if (!this.isVisible(q, effective)) {
        if (has) cleared.push(q.id);
        continue;
      }
      visible.push(q.id);
      if (has) {
        effective[q.id] = answers[q.id];
        answered++;
      } else {
        if (q.validation.required) missingRequired.push(q.id);
        next ??= q.id;
      }
    }
    return { visible, missingRequired, next, cleared, progress: visible.length ? answered / visible.length : 1, complete: missingRequired.length === 0 };
  }

  private isVisible(q: QuestionDef, answers: Record<string, unknown>): boolean {
    return (q.showIf ?? []).every((c) => {
      const a = answers[c.questionId];
      if (c.op === 'equals') return a === c.value;
      if (c.op === 'in') return typeof a === 'string' && (c.values ?? []).includes(a);
      if (c.op === 'not_in') return !(typeof a === 'string' && (c.values ?? []).includes(a));
      return Array.isArray(a) && a.includes(c.value);
    });
  }

  /**
   * The patient a folder's stored answers describe, for reading (not for saving): answers stored under
   * older vocabularies that no longer validate are left out rather than failing the folder.
   */
  patientOf(focusArea: FocusArea, stored: Record<string, AnswerValue>): { patient: PatientData; answers: Record<string, AnswerValue>; actions: SurveyActions } {
    let answers = stored;
    let patient: PatientData;
    try {
      patient = this.answersToPatient(focusArea, answers);
    } catch (e) {
      if (!(e instanceof SurveyValidationError)) throw e;
      const invalid = new Set(e.errors.map((x) => x.questionId));
      answers = Object.fromEntries(Object.entries(answers).filter(([k]) => !invalid.has(k)));
      patient = this.answersToPatient(focusArea, answers);
    }
    return { patient, answers, actions: this.processActions(focusArea, answers) };
  }

  /**
   * The patient the answers describe. Every answer is validated (all problems reported at once, as a
   * SurveyValidationError); answers to questions hidden by their conditions are ignored.
   */
  answersToPatient(focusArea: FocusArea, answers: Record<string, unknown>, opts: { lang?: SurveyLang } = {}): PatientData {
    const lang = opts.lang ?? 'en';
    const errors: SurveyAnswerError[] = [];
    const keys = Object.keys(answers);
    if (keys.length > 100) throw new SurveyValidationError([{ questionId: '*', code: 'payload_too_large', message: surveyMessage('payload_too_large', lang) }]);
    const values: Record<string, AnswerValue> = {};
    for (const id of keys) {
      const r = this.validateAnswer(id, answers[id], { focusArea, lang });
      if (!r.ok) errors.push(...r.errors);
      else if (r.value !== null) values[id] = r.value;
    }
    if (errors.length) throw new SurveyValidationError(errors);
    const actions = this.processActions(focusArea, values);
    const shown = new Set(actions.visible);

    const patient: Record<string, unknown> = { focusArea };
    const biomarkers: Biomarker[] = [];
    const treatments: PriorTreatment[] = [];
    const alterations: GenomicAlteration[] = [];
    const vocab = () => this.vocab();
    for (const q of questionsByFocusArea[focusArea]) {
      const v = values[q.id];
      if (v === undefined || !shown.has(q.id)) continue;
      const path = q.mapsTo;
      if (path.startsWith('biomarkers.')) {
        if (NOT_STATED.has(v as string)) continue;
        const name = path.slice('biomarkers.'.length) as Biomarker['name'];
        // HER2 answers name the IHC score and ISH result; the patient holds the status they give
        const value = name === 'HER2' ? HER2_STATUS[v as string] : String(v);
        if (value === undefined) continue;
        const unit = q.unit?.en;
        biomarkers.push({ name, value, ...(unit ? { unit } : {}) });
        continue;
      }
      // "none" answered: nothing to add (no prior anticancer medicine is 0 prior lines unless the lines question says otherwise)
      if (Array.isArray(v) && v.length === 1 && q.exclusive?.includes(v[0] as string) && q.type === 'autocomplete') {
        if (path === 'priorTreatments') patient.priorLines ??= 0;
        continue;
      }
      switch (path) {
        case 'oncotreeCode': {
          const node = vocab().oncotree.get(v as string)!;
          patient.oncotreeCode = node.code;
          patient.diagnosisText = node.name;
          break;
        }
        case 'ecog':
          patient.ecog = Number(v);
          break;
        case 'priorLines':
          patient.priorLines = Number(v);
          break;
        case 'metastatic':
        case 'brainMetastasesTreated':
        case 'measurableDisease':
        case 'resectable':
        case 'raiRefractory':
        case 'pregnant': {
          const b = YES_NO[v as string];
          if (b !== undefined) patient[path] = b;
          break;
        }
        case 'stage':
        case 'msi':
        case 'childPugh':
        case 'castrationStatus':
        case 'menopausalStatus':
        case 'imdcRisk':
        case 'tumorGrade':
        case 'diseaseStatus':
          if (!NOT_STATED.has(v as string)) patient[path] = v;
          break;
        case 'gleasonGradeGroup':
          if (!NOT_STATED.has(v as string)) patient[path] = Number(v);
          break;
        case 'priorTreatments':
          if (q.type === 'multiple_choice') {
            for (const key of v as string[]) if (localTreatmentMap[key]) treatments.push({ ...localTreatmentMap[key] });
          } else {
            for (const item of v as Array<string | TreatmentCourse>) {
              const d = vocab().drug(typeof item === 'string' ? item : item.value)!;
              const course = typeof item === 'string' ? {} : courseOf(item);
              // a regimen is the drugs it is made of, each a prior treatment with the regimen's course
              if (d.kind === 'regimen') {
                for (const m of d.members ?? []) treatments.push({ ...treatmentFromDrug(vocab().drug(m) ?? { value: m, kind: 'drug', names: { en: m, es: m, it: m }, classes: [] }), regimen: d.value.startsWith('combination:') ? d.names.en : d.value.replace(/^regimen:/, ''), ...course });
              } else treatments.push({ ...treatmentFromDrug(d), ...course });
            }
          }
          break;
        case 'alterations':
          for (const text of v as string[]) {
            const parsed = this.parseVariant(text);
            if ('alteration' in parsed) alterations.push(parsed.alteration);
          }
          break;
        case 'location': {
          const f = this.geo().resolve((v as { id: string }).id)!;
          patient.location = {
            locationId: f.id,
            country: f.country,
            countryCode: f.countryCode,
            ...(f.region ? { region: f.region } : {}),
            ...(f.type === 'city' ? { city: f.name } : {}),
            point: f.point,
          };
          break;
        }
        case 'comorbidities':
          patient.comorbidities = comorbiditiesFromAnswers(v as string[]);
          break;
        case 'labs':
          patient.labs = labsOf(v as LabEntry[]);
          break;
        default:
          // age, gender, diagnosisDate, metastasisSites, tmb: the value as validated.
          patient[path] = v;
      }
    }
    patient.biomarkers = biomarkers;
    patient.priorTreatments = treatments;
    patient.alterations = alterations;
    return PatientData.parse(patient);
  }

  /** Ranked suggestions from one vocabulary. */
  autocomplete(source: AutocompleteSource, query: string, opts: { focusArea?: FocusArea; lang?: SurveyLang; limit?: number } = {}): AutocompleteItem[] {
    return this.vocab().autocomplete(source, query, opts);
  }

  /**
   * Suggestions for one question: its vocabulary (OncoTree restricted to the question's focus area) for
   * autocomplete questions, its options matching the text for choice questions; none for numbers, dates
   * and locations (locations use the geo suggest route).
   */
  autocompletePossibleAnswer(questionId: string, query: string, opts: { lang?: SurveyLang; limit?: number } = {}): SurveyPossibleAnswerResponse {
    const q = questionById.get(questionId);
    if (!q) return { questionId, items: [], options: [] };
    const lang = opts.lang ?? 'en';
    const limit = Math.min(Math.max(opts.limit ?? 10, 1), 50);
    if (q.autocomplete) return { questionId, items: this.autocomplete(q.autocomplete.source, query, { focusArea: q.focusArea, lang, limit }), options: [] };
    if (q.options) {
      const nq = normalizeKey(query);
      const localized = localize(q, lang, 0).options!;
      if (!nq) return { questionId, items: [], options: localized.slice(0, limit) };
      const starts = localized.filter((o) => normalizeKey(o.label).startsWith(nq) || o.value.toLowerCase().startsWith(nq));
      const contains = localized.filter((o) => !starts.includes(o) && normalizeKey(o.label).includes(nq));
      return { questionId, items: [], options: [...starts, ...contains].slice(0, limit) };
    }
    return { questionId, items: [], options: [] };
  }
}

let shared: SurveyService | null = null;
export function surveyService(): SurveyService {
  shared ??= new SurveyService();
  return shared;
}
