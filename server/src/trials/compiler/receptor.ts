import type { Detected, Detector } from './types';
import { OP_RE, readOp } from './text';

let PDL1_RE: RegExp | undefined;

/** HER2, ER, PR and PD-L1 status (IHC / expression), incl. "triple negative" and "HR+". */
export const detectReceptor: Detector = (s) => {
  const out: Detected[] = [];
  const add = (marker: 'HER2' | 'ER' | 'PR' | 'PD-L1', status: 'positive' | 'negative' | 'low', confidence = 0.8, op?: '>=' | '>' | '<=' | '<' | '==', value?: number) => {
    if (!out.some((o) => o.spec.kind === 'receptor' && o.spec.marker === marker)) out.push({ spec: { kind: 'receptor', marker, status, op, value }, confidence });
  };
  if (/triple[- ]negative|\bTNBC\b/i.test(s)) {
    add('ER', 'negative');
    add('PR', 'negative');
    add('HER2', 'negative');
  }
  const her2 = /\b(?:HER2|HER-2|ERBB2|HER2\/neu)\s*(?:\/neu)?[\s-]*(?:\(\w+\)\s*)?(?:status\s*)?(?:is\s*)?(?:(positive|\+(?!\w)|overexpress\w*|amplified|3\+)|(negative|-(?!\w)|non-?amplified|0 or 1\+|not (?:over)?expressed)|(low))/i.exec(s);
  if (her2) add('HER2', her2[1] ? 'positive' : her2[2] ? 'negative' : 'low');
  else if (/\bHER2[- ]?(?:positive|overexpressing)\b|\b(?:positive|overexpressing) (?:for )?HER2\b/i.test(s)) add('HER2', 'positive');
  // "Estrogen receptor- or progesterone receptor-positive": both share the status word
  const both = /\b(?:estrogen|oestrogen|ER)(?: receptor)?[\s-]*(?:\(ER\)\s*)?(?:and\/or|or|and|\/)\s*(?:progesterone|PR|PgR)(?: receptor)?[\s-]*(?:\(P[g]?R\)\s*)?[\s-]*(positive|negative|\+|-)(?!\w)/i.exec(s);
  if (both) {
    const st = /pos|\+/.test(both[1]) ? 'positive' : 'negative';
    add('ER', st, 0.75);
    add('PR', st, 0.75);
  }
  const hr = /\b(?:hormone receptor|HR)[- ]?(?:\(\w+\)\s*)?(positive|\+(?!\w)|negative|-(?!\w))/i.exec(s);
  if (hr) {
    const st = /pos|\+/.test(hr[1]) ? 'positive' : 'negative';
    add('ER', st, 0.7);
  }
  const er = /\b(?:estrogen receptor|oestrogen receptor|ER)\s*(?:\(ER\))?\s*(?:and\/or|or|and|\/)?\s*(?:progesterone receptor|PR|PgR)?\s*(?:\(P[g]?R\))?[\s-]*(?:status\s*)?(?:is\s*)?(positive|\+(?!\w)|negative|-(?!\w))/.exec(s.replace(/Estrogen/g, 'estrogen').replace(/Progesterone/g, 'progesterone'));
  if (er) {
    const st = /pos|\+/.test(er[1]) ? 'positive' : 'negative';
    add('ER', st, 0.75);
    if (/progesterone|PR|PgR/.test(er[0])) add('PR', st, 0.7);
  }
  const pdl1 = /PD-?L1/i.test(s) ? (PDL1_RE ??= new RegExp(`\\bPD-?L1\\b[^.;%]{0,50}?${OP_RE}\\s*(\\d+(?:\\.\\d+)?)\\s*%`, 'i')).exec(s) : null;
  if (pdl1) {
    const op = readOp(pdl1[1]) ?? '>=';
    if (op === '<' || op === '<=') add('PD-L1', 'negative', 0.8, op, Number(pdl1[2]));
    else add('PD-L1', 'positive', 0.8, op === '==' ? '>=' : op, Number(pdl1[2]));
  } else {
    const p = /\bPD-?L1[- ](?:expression[- ])?(positive|negative|high|low)|\b(positive|negative) (?:for )?PD-?L1/i.exec(s);
    if (p) {
      const w = (p[1] ?? p[2]).toLowerCase();
      add('PD-L1', w === 'positive' || w === 'high' ? 'positive' : 'negative', 0.75);
    }
  }
  return out;
};
