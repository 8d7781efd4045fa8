import type { Detector } from './types';

/** Measurable disease requirement (RECIST etc.). */
export const detectMeasurable: Detector = (s, ctx) => {
  if (!/\bmeasurable\b|\bRECIST\b/i.test(s)) return [];
  if (/non-?measurable|evaluable|measurable or|or measurable/i.test(s) && !ctx.negated) return [];
  if (ctx.permissive) return [];
  if (!/measurable (?:disease|lesion|tumou?r)|\bRECIST\b.*measurable|measurable.*\bRECIST\b|at least one (?:uni-?dimensionally |bi-?dimensionally )?measurable/i.test(s)) return [];
  return [{ spec: { kind: 'measurable_disease' }, confidence: 0.85 }];
};
