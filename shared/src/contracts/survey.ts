import { z } from 'zod';
import { BestResponse, FocusArea, PatientData, TreatmentSetting } from './patient';
import { GeoFeature, GeoFeatureId, GeoSessionToken } from './geo';
import { ReadSpan, UnplacedSpan } from './trials';

/** Pre-screening survey: per focus-area questions, answers, their mapping to PatientData, autocomplete. */

export const surveyLanguages = ['en', 'es', 'it'] as const;
/** Accepts 'en' | 'es' | 'it' and the app's BCP 47 tags ('en-US', 'es-ES', 'it-IT'). */
export const SurveyLang = z.preprocess(
  (v) => (typeof v === 'string' ? v.slice(0, 2).toLowerCase() : v),
  z.enum(surveyLanguages, { error: 'language_invalid' }),
);
export type SurveyLang = (typeof surveyLanguages)[number];

export const answerTypes = ['single_choice', 'multiple_choice', 'number', 'date', 'autocomplete', 'location', 'labs'] as const;
export const AnswerType = z.enum(answerTypes);
export type AnswerType = z.infer<typeof AnswerType>;

export const autocompleteSources = ['oncotree', 'drugs', 'genes', 'variants', 'comorbidities'] as const;
export const AutocompleteSource = z.enum(autocompleteSources);
export type AutocompleteSource = z.infer<typeof AutocompleteSource>;

/** Stable question id: lower-case words and dots, e.g. "age", "diagnosis.lung", "breast.her2". */
export const QuestionId = z.string().max(60).regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$/, { error: 'unknown_question' });
export type QuestionId = z.infer<typeof QuestionId>;

/**
 * Show a question only when another answer meets a condition (all conditions of a question must hold):
 * equals: the answer is `value`; in: the answer is one of `values`; not_in: the answer is none of `values`
 * (or not given); includes: a multi-answer contains `value`.
 */
export const ShowIf = z.object({
  questionId: QuestionId,
  op: z.enum(['equals', 'in', 'not_in', 'includes']),
  value: z.string().optional(),
  values: z.array(z.string()).optional(),
});
export type ShowIf = z.infer<typeof ShowIf>;

export const SurveyOption = z.object({
  value: z.string(),
  label: z.string(),
  /** Plain-language explanation (e.g. each ECOG grade). */
  description: z.string().optional(),
});
export type SurveyOption = z.infer<typeof SurveyOption>;

export const ValidationRules = z.object({
  required: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
  /** Multi-answers: most items accepted. */
  maxItems: z.number().int().optional(),
  /** Dates: earliest accepted (YYYY-MM-DD); the latest is today. */
  minDate: z.string().optional(),
});
export type ValidationRules = z.infer<typeof ValidationRules>;

/** A question as the client shows it, in one language. */
export const SurveyQuestion = z.object({
  id: QuestionId,
  section: z.enum(['diagnosis', 'about_you', 'disease_status', 'treatment', 'molecular', 'health', 'location']),
  order: z.number().int(),
  type: AnswerType,
  text: z.string(),
  help: z.string().optional(),
  options: z.array(SurveyOption).optional(),
  unit: z.string().optional(),
  /** `labs` questions: the analytes it takes, each with the units it may be entered in (UCUM code, display, the values a human can have in it). */
  analytes: z.array(z.object({ key: z.string(), loinc: z.string(), label: z.string(), units: z.array(z.object({ value: z.string(), label: z.string(), plausible: z.tuple([z.number(), z.number()]).optional() })) })).optional(),
  /**
   * `courses`: each item also takes its course (setting, line, best response, progression): TreatmentCourse.
   * Autocomplete lists that may be empty carry one option, "none": answered with nothing in it (["none"]).
   */
  autocomplete: z.object({ source: AutocompleteSource, multiple: z.boolean(), courses: z.boolean().optional() }).optional(),
  /** Path in PatientData the answer fills, e.g. "age", "biomarkers.HER2", "location". */
  mapsTo: z.string(),
  validation: ValidationRules,
  showIf: z.array(ShowIf).optional(),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

/**
 * An answer's value by question type: single_choice -> option value; multiple_choice -> option values;
 * number -> number; date -> "YYYY-MM-DD"; autocomplete -> the item `value` (or values when multiple);
 * location -> { id } from the geo suggest/retrieve routes; labs -> LabEntry[].
 */
export const LocationAnswerValue = z.object({ id: GeoFeatureId, sessionToken: GeoSessionToken.optional() });
export type LocationAnswerValue = z.infer<typeof LocationAnswerValue>;
/**
 * One prior treatment with its course: the drug, class or regimen answer (`value`, as the drugs
 * autocomplete gives it), when it was given, its line in the metastatic setting, the best response and
 * whether the disease progressed on it. What the clinician leaves out stays unknown.
 */
export const TreatmentCourse = z.object({
  value: z.string().max(200, { error: 'too_long' }),
  setting: TreatmentSetting.optional(),
  line: z.number().optional(),
  response: BestResponse.optional(),
  progressed: z.enum(['yes', 'no']).optional(),
});
export type TreatmentCourse = z.infer<typeof TreatmentCourse>;

/**
 * One laboratory value of the `labs` answer: the analyte key (GET /survey/question lists them as options),
 * the value in a unit the analyte takes (UCUM code, e.g. "10*9/L", "umol/L"), the laboratory's upper limit
 * of normal in the same unit (for "≤ 1.5 × ULN" criteria) and the date of the test.
 */
export const LabEntry = z.object({
  analyte: z.string().min(1).max(40),
  value: z.number(),
  unit: z.string().max(24),
  uln: z.number().positive().optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' }).optional(),
});
export type LabEntry = z.infer<typeof LabEntry>;

const UNIT_DISPLAY: Record<string, string> = { '10*9/L': '×10⁹/L', '10*3/uL': '×10³/µL', '/uL': '/µL', 'umol/L': 'µmol/L', 'ug/L': 'µg/L', 'ukat/L': 'µkat/L', '{INR}': '', 'mL/min/{1.73_m2}': 'mL/min/1.73 m²' };
/** A UCUM unit as a clinician writes it ("10*9/L" -> "×10⁹/L"; INR has none). */
export function displayUnit(unit: string | undefined): string {
  if (!unit) return '';
  return UNIT_DISPLAY[unit] ?? unit;
}

export const AnswerValue = z.union([
  z.string().max(200, { error: 'too_long' }),
  z.number(),
  z.array(z.string().max(200, { error: 'too_long' })).max(100, { error: 'too_many_items' }),
  LocationAnswerValue,
  // prior treatments: each item a plain answer or a treatment with its course
  z.array(z.union([z.string().max(200, { error: 'too_long' }), TreatmentCourse])).max(100, { error: 'too_many_items' }),
  // laboratory values
  z.array(LabEntry).max(50, { error: 'too_many_items' }),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** Answers by question id. */
export const SurveyAnswers = z
  .record(QuestionId, AnswerValue)
  .refine((a) => Object.keys(a).length <= 100, { error: 'too_many_items' });
export type SurveyAnswers = z.infer<typeof SurveyAnswers>;

export const surveyErrorCodes = [
  'unknown_question',
  'question_not_in_focus_area',
  'required',
  'invalid_type',
  'not_a_number',
  'not_integer',
  'below_min',
  'above_max',
  'invalid_option',
  'too_many_items',
  'duplicate_item',
  'too_long',
  'unknown_oncotree_code',
  'oncotree_outside_focus_area',
  'unknown_gene',
  'unknown_variant',
  'unknown_drug',
  'unknown_comorbidity',
  'invalid_date',
  'date_in_future',
  'date_too_old',
  'location_id_invalid',
  'location_not_found',
  'payload_too_large',
  'line_needs_metastatic_setting',
  'unknown_analyte',
  'unit_invalid',
  'implausible_value',
  'number_ambiguous',
  'number_is_limit',
  'number_is_range',
  'unit_not_of_question',
] as const;
export const SurveyErrorCode = z.enum(surveyErrorCodes);
export type SurveyErrorCode = z.infer<typeof SurveyErrorCode>;

export const SurveyAnswerError = z.object({ questionId: z.string(), code: SurveyErrorCode, message: z.string() });
export type SurveyAnswerError = z.infer<typeof SurveyAnswerError>;

/* ---- Routes ---- */

/** GET /survey/question?focusArea=lung&lang=es[&id=age] */
export const SurveyQuestionQuery = z.object({ focusArea: FocusArea, lang: SurveyLang.optional(), id: QuestionId.optional() });
export type SurveyQuestionQuery = z.infer<typeof SurveyQuestionQuery>;
export const SurveyQuestionResponse = z.object({ focusArea: FocusArea, lang: z.enum(surveyLanguages), questions: z.array(SurveyQuestion) });
export type SurveyQuestionResponse = z.infer<typeof SurveyQuestionResponse>;

/** POST /survey/answer: validate one answer and store it in the patient folder. */
export const SurveyAnswerRequest = z.object({
  patientId: z.string().min(1).max(64),
  focusArea: FocusArea,
  questionId: QuestionId,
  value: AnswerValue.nullable(),
  lang: SurveyLang.optional(),
});
export type SurveyAnswerRequest = z.infer<typeof SurveyAnswerRequest>;

/** What the survey should do next given the answers so far. */
export const SurveyActions = z.object({
  /** Questions to show, in order. */
  visible: z.array(QuestionId),
  /** Required visible questions still unanswered. */
  missingRequired: z.array(QuestionId),
  /** First visible unanswered question, null when done. */
  next: QuestionId.nullable(),
  /** Answers to questions now hidden (e.g. metastasis sites after "not metastatic"): dropped. */
  cleared: z.array(QuestionId),
  /** Share of visible questions answered, 0..1. */
  progress: z.number().min(0).max(1),
  complete: z.boolean(),
});
export type SurveyActions = z.infer<typeof SurveyActions>;

export const SurveyAnswerResponse = z.object({
  questionId: QuestionId,
  /** The normalised value stored (null when the answer was cleared). */
  value: AnswerValue.nullable(),
  actions: SurveyActions,
});
export type SurveyAnswerResponse = z.infer<typeof SurveyAnswerResponse>;

/** POST /survey/location/answers: the patient's location, from a geo suggestion id. */
export const SurveyLocationAnswerRequest = z.object({
  patientId: z.string().min(1).max(64),
  focusArea: FocusArea,
  location: LocationAnswerValue,
  lang: SurveyLang.optional(),
});
export type SurveyLocationAnswerRequest = z.infer<typeof SurveyLocationAnswerRequest>;
export const SurveyLocationAnswerResponse = z.object({ feature: GeoFeature, actions: SurveyActions });
export type SurveyLocationAnswerResponse = z.infer<typeof SurveyLocationAnswerResponse>;

/** POST /survey/process-actions: visibility and progress for a set of answers (nothing stored). */
export const SurveyProcessActionsRequest = z.object({ focusArea: FocusArea, answers: SurveyAnswers });
export type SurveyProcessActionsRequest = z.infer<typeof SurveyProcessActionsRequest>;
export const SurveyProcessActionsResponse = SurveyActions;
export type SurveyProcessActionsResponse = SurveyActions;

/**
 * POST /survey/free-text: a patient line as a clinician writes it ("68M mCRPC s/p ADT + enzalutamide, BRCA2
 * germline, ECOG 1") read by the clinical language reader into proposed answers for a folder's survey. Nothing
 * is stored: the clinician confirms, then POST /survey/answers saves what they kept.
 */
export const SurveyFreeTextRequest = z.object({
  patientId: z.string().min(1).max(64),
  focusArea: FocusArea,
  text: z.string().trim().min(1, { error: 'required' }).max(5000, { error: 'too_long' }),
  lang: SurveyLang.optional(),
});
export type SurveyFreeTextRequest = z.infer<typeof SurveyFreeTextRequest>;
export const SurveyFreeTextProposal = z.object({
  questionId: QuestionId,
  /** The question as the survey asks it, in the requested language. */
  question: z.string(),
  /** The answer as it would be stored (validated as a typed answer is). */
  value: AnswerValue,
  /** The answer as the screen shows it. */
  display: z.string(),
  /** The words it was read from. */
  from: z.array(z.string()),
  /** new: not answered yet; same: already the answer; adds: joins a list already answered; replaces: another answer is stored. */
  status: z.enum(['new', 'same', 'adds', 'replaces']),
  /** The stored answer, for "adds" and "replaces". */
  currentDisplay: z.string().optional(),
});
export type SurveyFreeTextProposal = z.infer<typeof SurveyFreeTextProposal>;
export const SurveyFreeTextResponse = z.object({
  /** What was understood (spans of the text), as POST /trials/matchminer/patient-normalization gives them. */
  spans: z.array(ReadSpan),
  /** What was not understood or was uncertain: asked by the survey, never answered from here. */
  notUnderstood: z.array(UnplacedSpan),
  proposals: z.array(SurveyFreeTextProposal),
  /**
   * Understood, but no survey answer: no question holds it (no_question), the diagnosis is of another focus area
   * (other_focus_area), the survey asks it differently (not_valid: stage "IV" where IVA/IVB is asked), the survey
   * would not ask it given the other answers (not_asked), or a denied finding (absent: "no brain mets").
   */
  unplaced: z.array(z.object({ text: z.string(), field: z.string(), reason: z.enum(['no_question', 'other_focus_area', 'not_valid', 'not_asked', 'absent']) })),
  warnings: z.array(z.string()),
});
export type SurveyFreeTextResponse = z.infer<typeof SurveyFreeTextResponse>;

/**
 * POST /survey/answers: several answers saved at once (the free-text start's confirmed proposals). An answer
 * already stored is replaced only when its question is listed in `replace` (a list answer may grow without it);
 * otherwise it is kept and reported.
 */
export const SurveyAnswersRequest = z.object({
  patientId: z.string().min(1).max(64),
  focusArea: FocusArea,
  answers: SurveyAnswers,
  replace: z.array(QuestionId).max(100).default([]),
  lang: SurveyLang.optional(),
});
export type SurveyAnswersRequest = z.infer<typeof SurveyAnswersRequest>;
export const SurveyAnswersResponse = z.object({ saved: z.array(QuestionId), kept: z.array(QuestionId), actions: SurveyActions });
export type SurveyAnswersResponse = z.infer<typeof SurveyAnswersResponse>;

export const AutocompleteItem = z.object({
  /** What to send back as the answer. */
  value: z.string(),
  label: z.string(),
  source: AutocompleteSource,
  kind: z.enum(['oncotree', 'drug', 'drug_class', 'regimen', 'gene', 'variant', 'comorbidity']),
  /** Secondary line: OncoTree main type, gene name, drug class, aliases... */
  description: z.string().optional(),
  /** OncoTree code, gene symbol, drug class key... */
  code: z.string().optional(),
});
export type AutocompleteItem = z.infer<typeof AutocompleteItem>;

/** GET /survey/autocomplete?source=genes&q=her&focusArea=breast&lang=it&limit=10 */
export const SurveyAutocompleteQuery = z.object({
  source: AutocompleteSource,
  q: z.string().max(100, { error: 'too_long' }),
  focusArea: FocusArea.optional(),
  lang: SurveyLang.optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type SurveyAutocompleteQuery = z.infer<typeof SurveyAutocompleteQuery>;
export const SurveyAutocompleteResponse = z.object({ items: z.array(AutocompleteItem) });
export type SurveyAutocompleteResponse = z.infer<typeof SurveyAutocompleteResponse>;

/** GET /survey/autocomplete-possible-answer?questionId=diagnosis.lung&q=adeno&lang=en */
export const SurveyPossibleAnswerQuery = z.object({
  questionId: QuestionId,
  q: z.string().max(100, { error: 'too_long' }),
  lang: SurveyLang.optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type SurveyPossibleAnswerQuery = z.infer<typeof SurveyPossibleAnswerQuery>;
/** Autocomplete questions fill `items`, choice questions `options` (those matching the text); numbers, dates and locations neither. */
export const SurveyPossibleAnswerResponse = z.object({ questionId: z.string(), items: z.array(AutocompleteItem), options: z.array(SurveyOption) });
export type SurveyPossibleAnswerResponse = z.infer<typeof SurveyPossibleAnswerResponse>;

/** GET /survey/patient-data?patientId=... : the stored answers and the PatientData they make. */
export const SurveyPatientDataQuery = z.object({ patientId: z.string().min(1).max(64), lang: SurveyLang.optional() });
export type SurveyPatientDataQuery = z.infer<typeof SurveyPatientDataQuery>;
export const SurveyPatientDataResponse = z.object({
  patientId: z.string(),
  focusArea: FocusArea.nullable(),
  answers: SurveyAnswers,
  patient: PatientData,
  actions: SurveyActions.nullable(),
  /** What stored autocomplete answers read as in the requested language ("regimen:folfox" -> "FOLFOX (…)"). */
  labels: z.record(z.string(), z.string()).optional(),
});
export type SurveyPatientDataResponse = z.infer<typeof SurveyPatientDataResponse>;
