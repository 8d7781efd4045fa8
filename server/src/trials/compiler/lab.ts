import type { Detected, Detector } from './types';
import { OP_RE, readOp } from './text';

/**
 * Analyte names as protocols and laboratory reports write them, with the analyte key (shared with the report
 * reader), with the Spanish and Italian names laboratories print.
 */
export const ANALYTES: Array<[RegExp, string]> = [
  [/absolute neutrophil count|\bANC\b|neutrophils?(?: count)?|granulocytes?|neutr[oó]fil(?:os|i)\b/i, 'anc'],
  [/platelets?(?: count)?|\bPLT\b|thrombocytes|\bplaquetas\b|\bpiastrine\b/i, 'platelets'],
  [/ha?emoglobin|\bHg?b\b|\bemoglobina\b/i, 'hemoglobin'],
  [/creatinine clearance|\bCrCl\b|\b(?:e)?GFR\b|glomerular filtration rate|filtrado glomerular|filtrazione glomerulare|aclaramiento de creatinina|clearance della creatinina/i, 'creatinine_clearance'],
  [/(?:serum )?creatinine(?! clearance)|\bcreatinina\b/i, 'creatinine'],
  [/(?:total )?bilirubin|\bbilirrubina\b/i, 'bilirubin'],
  [/\bAST\b|\bSGOT\b|aspartate (?:amino)?transaminase|aspartate aminotransferase/i, 'ast'],
  [/\bALT\b|\bSGPT\b|alanine (?:amino)?transaminase|alanine aminotransferase/i, 'alt'],
  [/albumin|\balbúmina\b/i, 'albumin'],
  [/\bINR\b|international normali[sz]ed ratio/i, 'inr'],
  [/white blood cells?(?: count)?|\bWBC\b|leukocytes?|\bleucocit(?:os|i)\b|\bglobuli bianchi\b|\bgl[oó]bulos blancos\b/i, 'wbc'],
  [/\bLVEF\b|(?:left ventricular )?ejection fraction/i, 'lvef'],
  [/\bQTc[FB]?\b|corrected QT(?: interval)?|\bQT interval/i, 'qtc'],
  [/\bsodium\b|\bNa\+?\b/i, 'sodium'],
  [/\bpotassium\b/i, 'potassium'],
  [/\b(?:corrected )?(?:serum )?calcium\b/i, 'calcium'],
  [/\bmagnesium\b/i, 'magnesium'],
  [/\bLDH\b|lactate dehydrogenase|lattato deidrogenasi|lactato deshidrogenasa/i, 'ldh'],
  [/\bproteinuria\b|urine protein|urinary protein|protein(?:\s*\/\s*|-to-)creatinine ratio|\bUPCR\b|urine dipstick/i, 'proteinuria'],
  [/\blipase\b/i, 'lipase'],
  [/\bamylase\b/i, 'amylase'],
  [/\bHbA1c\b|glycated ha?emoglobin|ha?emoglobin A1c/i, 'hba1c'],
  [/\b(?:fasting )?(?:serum |plasma |blood )?glucose\b/i, 'glucose'],
  [/\bTSH\b|thyroid[- ]stimulating hormone/i, 'tsh'],
  [/\ba?PTT\b|(?:activated )?partial thromboplastin time/i, 'ptt'],
  [/\bPT\b|prothrombin time/i, 'pt'],
  [/\btestosterone\b/i, 'testosterone'],
  [/\bPSA\b|prostate[- ]specific antigen/i, 'psa'],
  [/alkaline phosphatase|\bALP\b|fosfatas[ai] alcalina/i, 'alp'],
  [/\bCD4\b/i, 'cd4'],
  [/\blymphocytes?(?: count)?\b|\bALC\b|\blinfocit(?:os|i)\b/i, 'lymphocytes'],
  [/\bfibrinogen\b/i, 'fibrinogen'],
  [/\b(?:blood )?urea(?: nitrogen)?\b|\bBUN\b/i, 'urea'],
  [/\buric acid\b/i, 'uric_acid'],
  [/\btriglycerides?\b/i, 'triglycerides'],
  [/\b(?:total )?cholesterol\b/i, 'cholesterol'],
  [/\bFEV1\b|\bDLCO\b/i, 'lung_function'],
  [/oxygen saturation|\bSpO2\b|\bSaO2\b|pulse oximetry/i, 'oxygen_saturation'],
  [/\bCEA\b|carcinoembryonic antigen/i, 'cea'],
  [/\bAFP\b|alpha[- ]?fetoprotein/i, 'afp'],
  [/\bCA[- ]?125\b/i, 'ca125'],
  [/\bCA[- ]?19[- .]?9\b/i, 'ca19_9'],
  [/\bGGT\b|gamma[- ]glutamyl/i, 'ggt'],
  [/\btroponin\b/i, 'troponin'],
  [/\bBMI\b|body mass index/i, 'bmi'],
  [/\bM-?protein\b|monoclonal protein|paraprotein/i, 'm_protein'],
  [/\b(?:body )?weight\b/i, 'weight'],
  [/\bcreatine kinase\b|\bCPK\b|\bCK\b/i, 'creatine_kinase'],
];

const ANALYTE_RES: Array<[RegExp, string]> = ANALYTES.map(([re, a]) => [new RegExp(re.source, 'gi'), a]);
let valueRe: RegExp | undefined;

/** Organ-function lab thresholds: "ANC >= 1,500/mm3", "bilirubin <= 1.5 x ULN". */
export const detectLab: Detector = (s, ctx) => {
  if (ctx.permissive && !/\d/.test(s)) return [];
  const out: Detected[] = [];
  const seen = new Set<string>();
  if (!/\d/.test(s)) return [];
  for (const [g, analyte] of ANALYTE_RES) {
    g.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = g.exec(s))) {
      const tail = s.slice(m.index + m[0].length, m.index + m[0].length + 70);
      if (!valueRe) valueRe = new RegExp(`^[^0-9;]{0,25}?${OP_RE}?\\s*(\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?|\\.\\d+)\\s*(?:(?:x|×|times)\\s*(?:the\\s*)?(?:institutional\\s*)?(?:upper limits? of (?:the\\s*)?normal(?:\\s*range)?|ULN)|(%|g\\/dL|g\\/L|mg\\/dL|µmol\\/L|umol\\/L|mL\\/min(?:\\/1\\.73\\s*m2)?|\\/mm3|\\/mm\\^3|\\/µL|\\/uL|\\/mcL|x\\s*10\\^?9\\/L|×\\s*10\\^?9\\/L|x\\s*10e9\\/L|cells\\/mm3|K\\/uL|K\\/mm3|K\\/mcL|x\\s*10\\^?3\\/[µu]L|mm3|ms(?:ec)?|mmol\\/L|mEq\\/L|ng\\/mL|ng\\/dL|U\\/L|IU\\/L|nmol\\/L|mg\\/24\\s*h(?:ours?)?|g\\/24\\s*h(?:ours?)?|mmHg|kg\\/m2|kg\\/m\\^2|kg))?(\\s*(?:or (?:higher|greater|more|above|lower|less|below)))?`, 'i');
      const v = valueRe.exec(tail);
      if (!v) continue;
      // "within 7 days", "for > 2 years": a time, not a value of the analyte
      if (/^\s*(?:\(\d+\)\s*)?(?:years?|months?|weeks?|days?|hours?|hrs?)\b/i.test(tail.slice(v.index + v[0].length))) continue;
      let op = readOp(v[1]);
      if (v[4]) op = /higher|greater|more|above/i.test(v[4]) ? '>=' : '<=';
      if (!op || op === '==') continue;
      const value = Number(v[2].replace(/,/g, ''));
      if (!Number.isFinite(value)) continue;
      const uln = /ULN|upper limits? of (?:the )?normal/i.test(v[0]);
      const unit = uln ? 'xULN' : v[3]?.replace(/\s+/g, '');
      const key = `${analyte}|${op}|${value}|${unit}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ spec: { kind: 'lab', analyte, op, value, unit }, confidence: 0.8 });
      break;
    }
  }
  return out;
};
