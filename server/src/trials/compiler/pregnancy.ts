import type { Detector } from './types';

/** Pregnancy / breast-feeding: always an exclusion condition, whatever section it sits in. */
export const detectPregnancy: Detector = (s) => {
  if (!/\bpregnan|breast[- ]?feeding|lactating|nursing\b/i.test(s)) return [];
  // contraception-only sentences do not exclude anyone at screening
  if (/contracepti|birth control|barrier method/i.test(s) && !/\b(?:are|is|be|currently|not be)\s+pregnant|pregnant or (?:breast|lactat|nursing)|negative (?:serum |urine )?pregnancy/i.test(s)) return [];
  return [{ spec: { kind: 'pregnancy' }, confidence: 0.9, polarity: 'exclusion', ownsNegation: true }];
};
