import type { Detected, Detector } from './types';
import { readOp } from './text';

/** ECOG / Zubrod / WHO performance status and Karnofsky score thresholds. */
export const detectPerformance: Detector = (s) => {
  const out: Detected[] = [];
  const ecog = /\b(?:ECOG|Eastern Cooperative Oncology Group|Zubrod|WHO|World Health Organi[sz]ation)?\s*(?:performance status|PS|performance score|performance)?\s*(?:\((?:PS|ECOG)\))?\s*(?:score\s*)?(?:of\s*)?(?:must be\s*)?(?::\s*)?(?:ECOG\s*)?(≥|>=|=>|>\/=|≤|<=|=<|<\/=|<|>|=|at least|no more than|not more than|less than or equal to|greater than or equal to|greater than|less than|up to)?\s*([0-4])\s*(?:(?:-|–|to|or|,|and)\s*([0-4]))?(?:\s*(?:,|or)\s*([0-4]))?(?:\s*(?:,|or)\s*([0-4]))?/gi;
  if (/\bECOG\b|Zubrod|performance status|\bWHO PS\b|\bPS\s*[0-4]/i.test(s) && !/karnofsky|\bKPS\b|lansky/i.test(s.replace(/\(?\s*(?:or )?(?:karnofsky|KPS)[^)]*\)?/gi, '')) ) {
    // locate the phrase, then read the numbers right after it
    const anchor = /(?:\bECOG\b|Zubrod|performance status|\bWHO PS\b|\bPS\b)/i.exec(s);
    if (anchor) {
      const tail = s.slice(anchor.index, anchor.index + 90);
      ecog.lastIndex = 0;
      const m = /(?:ECOG|Zubrod|performance status|WHO PS|PS)[^0-9%]{0,40}?(≥|>=|=>|>\/=|≤|<=|=<|<\/=|<|>|at least|no more than|not more than|less than or equal to|greater than or equal to|greater than|less than|up to)?\s*([0-4])(?!\d|\s*%)(?:\s*(?:-|–|to|or|,|and)\s*([0-4])(?!\d))?(?:\s*(?:,|or)\s*([0-4])(?!\d))?(?:\s*(?:,|or)\s*([0-4])(?!\d))?/i.exec(tail);
      if (m) {
        const nums = [m[2], m[3], m[4], m[5]].filter(Boolean).map(Number);
        const op = readOp(m[1]);
        let min: number | undefined;
        let max: number | undefined;
        if (op === '>=' ) min = nums[0];
        else if (op === '>') min = nums[0] + 1;
        else if (op === '<') max = nums[0] - 1;
        else {
          max = Math.max(...nums);
          if (nums.length > 1) min = Math.min(...nums);
          if (min === 0) min = undefined;
        }
        if (max === undefined || max >= 0) out.push({ spec: { kind: 'ecog', min, max }, confidence: 0.9, ownsNegation: false });
      }
    }
  }
  const k = /(?:karnofsky|\bKPS\b|lansky)[^0-9]{0,50}?(≥|>=|=>|>\/=|≤|<=|=<|<\/=|<|>|at least|of at least|greater than or equal to|greater than|more than|less than|no less than|above)?\s*(\d{2,3})\s*%?(?:\s*(?:-|–|to)\s*(\d{2,3}))?/i.exec(s);
  if (k) {
    const op = readOp(k[1]?.replace(/^of at least$/i, 'at least'));
    const v = Number(k[2]);
    if (v >= 10 && v <= 100) {
      let min: number | undefined;
      let max: number | undefined;
      if (k[3]) {
        min = Math.min(v, Number(k[3]));
        max = Math.max(v, Number(k[3]));
        if (max === 100) max = undefined;
      } else if (op === '<') max = v - 10;
      else if (op === '<=') max = v;
      else if (op === '>') min = v + 10;
      else min = v;
      out.push({ spec: { kind: 'karnofsky', min, max }, confidence: 0.9 });
    }
  }
  return out;
};
