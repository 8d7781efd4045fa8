import type { Detector } from './types';
import { OP_RE, readOp } from './text';

let TMB_RE: RegExp | undefined;

/** Tumour mutational burden thresholds: "TMB >= 10 mut/Mb", "TMB-high". */
export const detectTmb: Detector = (s) => {
  if (!/\bTMB\b|tumou?r mutation(?:al)? burden|mutational load/i.test(s)) return [];
  const m = (TMB_RE ??= new RegExp(`(?:TMB|tumou?r mutation(?:al)? burden|mutational load)[^0-9.;]{0,40}?${OP_RE}\\s*(\\d+(?:\\.\\d+)?)\\s*(?:mut(?:ation)?s?\\s*(?:\\/|per)\\s*(?:Mb|megabase))?`, 'i')).exec(s);
  if (m) {
    const op = readOp(m[1]) ?? '>=';
    return [{ spec: { kind: 'tmb', op: op === '==' ? '>=' : op, value: Number(m[2]) }, confidence: 0.85 }];
  }
  if (/\bTMB[- ]?(?:high|H)\b|high (?:TMB|tumou?r mutation(?:al)? burden)/i.test(s)) return [{ spec: { kind: 'tmb', op: '>=', value: 10 }, confidence: 0.7 }];
  if (/\bTMB[- ]?low\b|low (?:TMB|tumou?r mutation(?:al)? burden)/i.test(s)) return [{ spec: { kind: 'tmb', op: '<', value: 10 }, confidence: 0.7 }];
  return [];
};
