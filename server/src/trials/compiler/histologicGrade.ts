import { GLEASON_OF_GRADE_GROUP } from '@oncodesk/shared/contracts';
import type { Detected, Detector } from './types';

/**
 * Tumour grade the patient record can answer: the Gleason score of prostate cancer ("Gleason score ≤ 6",
 * "Gleason 8-10", "grade group 4 or 5") and the low / high grade of urothelial tumours ("high-grade Ta/T1").
 * Grade words of other tumours (glioma, lymphoma, dysplasia, serous carcinoma, neuroendocrine) and of
 * toxicities ("grade 3 neuropathy") are not read; neither are a grade inside an exception for another
 * cancer ("except ... prostate cancer Gleason < 7") or one alternative of a list of risk features
 * ("T3 or PSA > 20 or Gleason 8-10"), which must not become a requirement on its own.
 */

/**
 * Exceptions for another cancer, where the grade describes that cancer, not the trial's patient
 * ("prostate cancer < Gleason 6 with stable PSA" split out of an "other malignancy" list), and
 * conditional exemptions ("eligible for inclusion if the Gleason score is ≤6 and ...").
 */
const OTHER_CANCER = /\bmalignanc|\bother (?:invasive )?(?:cancer|tumou?r)|\bexcept\b|\bexception|\bhistory of\b|\bbasal cell\b|\bin situ\b|\bsecond (?:primary|malignan)|\bstable (?:prostate[- ]specific antigen|psa)\b|[<>≤≥]\s*gleason|\bif\b|\bprovided\b|\bunless\b/i;
/** A list of alternative risk features: one of them is not a requirement. */
const ALTERNATIVES = /\bor\b[^.;]{0,80}\b(?:psa|t[1-4][a-c]?\b|stage)|\b(?:psa|t[1-4][a-c]?\b|stage)[^.;]{0,80}\bor\b|\bone of the following|\bhigh[- ]risk features?\b/i;

const WORD_OP: Array<[RegExp, '<=' | '>=' | '<' | '>']> = [
  [/^(?:≤|<=|=<|no (?:more|greater|higher) than|not (?:more|greater|higher) than|at most|up to)$/i, '<='],
  [/^(?:≥|>=|=>|at least|no less than|not less than|a minimum of)$/i, '>='],
  [/^(?:<|less than|lower than|below)$/i, '<'],
  [/^(?:>|greater than|more than|higher than|above)$/i, '>'],
];
const OP = String.raw`(≤|<=|=<|≥|>=|=>|<|>|no (?:more|greater|higher) than|not (?:more|greater|higher) than|at most|up to|at least|no less than|not less than|a minimum of|less than|lower than|below|greater than|more than|higher than|above)`;
/** "Gleason score ≤ 6", "Gleason sum score 8-10", "Gleason score of >=6", "Gleason 3+3", "Gleason 6 or less". */
const GLEASON = new RegExp(
  String.raw`\bgleason(?:\s+(?:sum|score|grade|pattern))*(?:\s+(?:of|is|was|must be))?\s*(?:${OP}\s*|=\s*)?(?:grade\s*)?(\d{1,2})(?:\s*\+\s*(\d))?(?:\s*(?:-|–|to)\s*(\d{1,2}))?(\s+or\s+(?:less|lower|below|more|higher|greater|above))?`,
  'i',
);
/** "ISUP grade group 4 or 5", "grade group ≥ 2", "Grade Group 1". */
const GRADE_GROUP = new RegExp(String.raw`\b(?:isup\s+)?grade\s+group\s*(?:${OP}\s*)?([1-5])(?:\s*(?:-|–|to|or)\s*([1-5]))?`, 'i');

function opOf(word: string | undefined): '<=' | '>=' | '<' | '>' | undefined {
  if (!word) return undefined;
  return WORD_OP.find(([re]) => re.test(word.trim()))?.[1];
}

/** A bound as a Gleason score range. */
function range(op: '<=' | '>=' | '<' | '>' | undefined, low: number, high: number): { min?: number; max?: number } {
  switch (op) {
    case '<=':
      return { max: high };
    case '<':
      return { max: low - 1 };
    case '>=':
      return { min: low };
    case '>':
      return { min: high + 1 };
    default:
      return { min: low, max: high };
  }
}

function gleason(s: string): { min?: number; max?: number } | undefined {
  const m = GLEASON.exec(s);
  if (m) {
    const first = Number(m[2]);
    // a lone number below 6 is a Gleason pattern ("a Gleason 4 component"), not a score
    if (!m[3] && first < 6) return undefined;
    const score = m[3] ? first + Number(m[3]) : first;
    if (score > 10) return undefined;
    const upper = m[4] ? Number(m[4]) : score;
    if (upper < score || upper > 10) return undefined;
    const tail = m[5]?.trim().toLowerCase();
    const op = opOf(m[1]) ?? (tail ? (/less|lower|below/.test(tail) ? '<=' : '>=') : undefined);
    return range(op, score, upper);
  }
  const g = GRADE_GROUP.exec(s);
  if (!g) return undefined;
  const from = Number(g[2]);
  const to = g[3] ? Number(g[3]) : from;
  if (to < from) return undefined;
  return range(opOf(g[1]), GLEASON_OF_GRADE_GROUP[from][0], GLEASON_OF_GRADE_GROUP[to][1]);
}

/** Urothelial context: the grade words speak of a bladder (or upper-tract) urothelial tumour. */
const UROTHELIAL = /\burothelial|\btransitional[- ]cell|\bbladder\b|\bnmibc\b|\bnon[- ]muscle[- ]invasive|\bcarcinoma in situ\b/i;
/** Stage and treatment tokens of bladder tumours, case-sensitive ("Ta" is not "ta"). */
const UROTHELIAL_TOKENS = /\bT[a1]\b|\bCIS\b|\bBCG\b/;
const HIGH = /\bhigh[- ]grade\b|\bgrade\s*(?:3|III)\b|\bG3\b/i;
const LOW = /\blow[- ]grade\b|\bG[12](?:\s*[-–/]\s*G?[12])?\b|\bgrade\s*(?:1|2|I|II)(?:\s*(?:-|–|or|to)\s*(?:2|II))?\b/i;
/** Grade words of other things: toxicities, other tumours, dysplasia, obstruction. */
const OTHER_GRADE = /\bgrade\s*[≥>]|\bctcae\b|\bnci[- ]ctc|toxicit|neuropath|glioma|astrocytoma|lymphoma|dysplasia|serous|neuroendocrine|obstruction|sarcoma|lesion\b/i;

export const detectHistologicGrade: Detector = (s) => {
  if (OTHER_CANCER.test(s) || ALTERNATIVES.test(s)) return [];
  const out: Detected[] = [];
  if (/\bgleason\b|\bgrade group\b/i.test(s)) {
    const r = gleason(s);
    if (r && (r.min !== undefined || r.max !== undefined)) {
      const spec = { kind: 'histologic_grade' as const, ...(r.min !== undefined && r.min > 2 ? { gleasonMin: r.min } : {}), ...(r.max !== undefined && r.max < 10 ? { gleasonMax: r.max } : {}) };
      if (spec.gleasonMin !== undefined || spec.gleasonMax !== undefined) out.push({ spec, confidence: 0.85 });
    }
    return out;
  }
  if (!(UROTHELIAL.test(s) || UROTHELIAL_TOKENS.test(s)) || OTHER_GRADE.test(s) || /\bother than\b/i.test(s)) return [];
  const high = HIGH.test(s);
  const low = LOW.test(s);
  if (high !== low) out.push({ spec: { kind: 'histologic_grade', grade: high ? 'high' : 'low' }, confidence: 0.8 });
  return out;
};
