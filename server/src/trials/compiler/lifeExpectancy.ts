import type { Detector } from './types';
import { num } from './text';

const LIFE = /\b(?:life[- ]expectancy|expected (?:life[- ]?span|survival)|life[- ]?span|(?:estimated|anticipated|predicted) survival|expected to (?:live|survive))\b/i;
const AMOUNT = /(\d+(?:\.\d+)?|one|two|three|four|five|six)\s*\)?\s*(?:\(\d+\)\s*)?(months?|mos?\.?|weeks?|wks?|years?|days?)\b/i;

/** "Life expectancy of at least 12 weeks", "Life-expectancy > 3 months": a minimum in months. */
export const detectLifeExpectancy: Detector = (s, ctx) => {
  const m = LIFE.exec(s);
  if (!m) return [];
  const a = AMOUNT.exec(s.slice(m.index));
  if (!a) return [];
  const n = num(a[1]);
  if (n === undefined) return [];
  const unit = a[2].toLowerCase();
  const months = unit.startsWith('w') ? n / 4.345 : unit.startsWith('y') ? n * 12 : unit.startsWith('d') ? n / 30.4 : n;
  // "life expectancy < 3 months" in an exclusion section is the same requirement
  const below = /(?:<|less than|shorter than|under|below|fewer than)\s*(?:\d|one|two|three|four|five|six)/i.test(s.slice(m.index, m.index + 60));
  const section = ctx.negated ? (ctx.section === 'inclusion' ? 'exclusion' : 'inclusion') : ctx.section;
  return [{ spec: { kind: 'life_expectancy', minMonths: Math.round(months * 10) / 10 }, confidence: 0.8, polarity: below ? (section === 'exclusion' ? 'inclusion' : 'exclusion') : section, ownsNegation: true }];
};
