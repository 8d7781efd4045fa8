import type { Detector } from './types';
import { findDrugs } from '../../vocab/drugKnowledge';
import { inConditionalParenthesis } from './text';

/** Allergy, hypersensitivity or contraindication to a drug (also read by prior_therapy to skip such sentences). */
export const ALLERGY = /\b(?:hypersensitiv\w*|allerg\w*|anaphyla\w*|contraindicat\w*)\b/i;

/** "Known hypersensitivity to bevacizumab or its excipients": an exclusion naming the drugs when it can. */
export const detectHypersensitivity: Detector = (s, ctx) => {
  if (!ALLERGY.test(s) && !/\bintoleran\w* (?:to|of)\b/i.test(s)) return [];
  // a contraindication to a procedure (hypothermia, MRI) is not a drug allergy
  if (!/hypersensitiv|allerg|anaphyla|intoleran/i.test(s) && !findDrugs(s).length && !/\bstudy (?:drugs?|treatment|medication)|\bexcipients?\b|\bcompounds?\b/i.test(s)) return [];
  if (ctx.permissive && !/\bexcept|unless\b/i.test(s)) return [];
  const named = /hypersensitiv|allerg|anaphyla|contraindicat/i.exec(s);
  // "intolerant of standard therapy" is about therapy received; an intolerance names a drug
  if (!named && !findDrugs(s).length) return [];
  // "(for patients with an IV contrast allergy)": a condition of another statement
  if (named && inConditionalParenthesis(s, named.index)) return [];
  const drugs = [...new Set(findDrugs(s).map((m) => m.drug).filter((d): d is string => !!d))].slice(0, 12);
  return [{ spec: { kind: 'hypersensitivity', drugs }, confidence: 0.75, polarity: 'exclusion', ownsNegation: true }];
};
