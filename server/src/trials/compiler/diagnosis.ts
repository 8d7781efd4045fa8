import type { Detector } from './types';
import { inConditionalParenthesis } from './text';
import { findDiseases, trialMentionCodes } from '../../vocab/diseases';
import { ONCOTREE_ROOT, oncoNode } from '../../vocab/diseaseTree';

const CUE = /histolog|cytolog|patholog|confirmed|diagnos|documented|proven|biopsy|\b(?:patients?|subjects?|participants?) with\b|\bmust have\b|\bhas\b|\bhave\b|\bnewly\b|\brecurrent\b|\badvanced\b|\bmetastatic\b|\bprimary\b|\brelapse\w*|\brefractory\b|\bin (?:first|second|third) (?:remission|relapse)/i;
const OTHER_MALIGNANCY = /\b(?:other|another|second|prior|previous|concurrent|additional|secondary|history of|except|excluding|other than|treated|curatively|in situ)\b/i;

/**
 * Diseases of an elliptical list that shares its head noun: "advanced breast, gastric, head and neck,
 * liver and non-small cell lung cancer" names breast, gastric, head and neck and liver cancer too.
 */
export function ellipticalMentions(s: string): ReturnType<typeof findDiseases> {
  const out: ReturnType<typeof findDiseases> = [];
  // the last item is at most three words ("non-small cell lung"), so "Histologically or cytologically
  // confirmed colon or rectal cancer" is not read as a list starting at "Histologically"
  const re = /\b((?:[a-z-]+(?: and neck)?\s*,\s*)*(?:[a-z-]+(?: and neck)?\s*,?\s*)(?:and|or)\s+)(?:[a-z-]+\s+){0,2}[a-z-]+\s+(cancers?|carcinomas?|tumou?rs?)\b/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const head = m[2];
    for (const item of m[1].replace(/head and neck/gi, 'head_and_neck').split(/\s*,\s*|\s+(?:and|or)\s+/)) {
      const w = item.trim().replace(/_/g, ' ');
      if (!w || /^(?:and|or)$/i.test(w)) continue;
      for (const d of findDiseases(`${w} ${head}`)) if (d.code !== ONCOTREE_ROOT) out.push({ ...d, start: m.index, end: m.index + m[1].length });
    }
  }
  return out;
}

/** Primary diagnosis / histology mapped to OncoTree codes (subtree semantics at match time). */
/** "Prior or concurrent malignancy except ...", "No other active malignancy": about other cancers (comorbidity). */
const OTHER_CANCER_SENTENCE = /^\W*(?:no\s+)?(?:(?:other|another|second|any)\s+)?(?:prior|previous|concurrent|coexisting|active|history of)\s+(?:or\s+\w+\s+)?(?:(?:invasive|active|other|second)\s+)?(?:malignan\w*|cancers?|neoplasms?|tumou?rs?)\b/i;

/** A diagnosis said not to be confirmed ("cannot be confirmed as", "not histologically proven", "without confirmation of"). */
const UNCONFIRMED =
  /\b(?:cannot|can not|could not|not|un)\s*(?:be\s+|been\s+)?(?:histologically\s+|cytologically\s+|pathologically\s+)?(?:confirmed|proven|verified|documented)\b|\bwithout\s+(?:(?:histologic\w*|cytologic\w*|patholog\w*)\s+)?(?:confirmation|proof)\b/i;

export const detectDiagnosis: Detector = (s, ctx) => {
  if (ctx.permissive) return [];
  if (OTHER_CANCER_SENTENCE.test(s)) return [];
  const mentions = [...findDiseases(s), ...ellipticalMentions(s)];
  if (!mentions.length) return [];
  // "Patients whose diagnosis cannot be confirmed as NSCLC" (an exclusion): the trial requires the diagnosis
  const unconfirmed = ctx.section === 'exclusion' && !ctx.negated && UNCONFIRMED.test(s);
  if ((ctx.section === 'exclusion' || ctx.negated) && !unconfirmed) {
    // exclusion of a histology: "No small cell or mixed histology", "Squamous cell carcinoma histology"
    if (!/histolog|component|small cell|squamous|mixed|subtype|variant/i.test(s) || OTHER_MALIGNANCY.test(s)) return [];
  } else if (!CUE.test(s) && !mentions.some((m) => m.phrase.length >= 0.6 * s.replace(/[\W_]+$/, '').length)) {
    // a bare disease name ("Leiomyosarcoma", an item of a list of eligible histologies) needs no cue
    return [];
  }
  const codes: string[] = [];
  for (const m of mentions) {
    const before = s.slice(Math.max(0, m.start - 40), m.start);
    if (/\b(?:other|another|second|prior|previous|history of|except|excluding|other than|no|without|non)\s*[\w-]*\s*$/i.test(before)) continue;
    if (/\b(?:other|another|second|history of|prior|previous)\b/i.test(before) && ctx.section === 'inclusion') continue;
    // "(<= 5 x ULN for patients with liver metastases or HCC)": a condition inside another criterion
    if (inConditionalParenthesis(s, m.start)) continue;
    for (const code of trialMentionCodes(m)) if (!codes.includes(code)) codes.push(code);
  }
  const specific = codes.filter((c) => c !== ONCOTREE_ROOT && oncoNode(c));
  const finalCodes = specific.length ? specific : codes.filter((c) => oncoNode(c));
  if (!finalCodes.length) return [];
  const generic = finalCodes.length === 1 && finalCodes[0] === ONCOTREE_ROOT;
  // "tumour sample from the primary or recurrent cancer must be available": about a sample, not the diagnosis
  if (generic && /\b(?:samples?|specimens?|tissue|blocks?|slides?)\b/i.test(s) && !/\b(?:histolog|cytolog|confirmed|diagnos)/i.test(s)) return [];
  return [{ spec: { kind: 'diagnosis', codes: finalCodes, text: mentions.map((m) => m.phrase).join('; ') }, confidence: generic ? 0.5 : 0.75, ...(unconfirmed ? { flip: true } : {}) }];
};
