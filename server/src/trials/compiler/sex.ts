import type { Detector } from './types';

/** Sex restrictions stated in text: "Sex: female", "male patients only", "must be female". */
export const detectSex: Detector = (s) => {
  let m = /^\s*(?:sex|gender)\s*:?\s*(female|male|women|men)(?:\s+only)?\s*\.?$/i.exec(s);
  if (!m) m = /\b(female|male|women|men)\s+(?:patients?\s+|subjects?\s+)?only\b/i.exec(s);
  if (!m) m = /\bmust be (?:a )?(female|male|woman|man)\b/i.exec(s);
  if (!m) return [];
  const w = m[1].toLowerCase();
  const sex = w === 'female' || w === 'women' || w === 'woman' ? 'female' : 'male';
  return [{ spec: { kind: 'sex', sex }, confidence: 0.85, polarity: 'inclusion', ownsNegation: true }];
};
