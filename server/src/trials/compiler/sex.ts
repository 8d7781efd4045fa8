import type { Detector } from './types';

/** Sex restrictions stated in text: "Sex: female", "male patients only", "must be female". */
export const detectSex: Detector = (s, ctx) => {
  let m = /^\s*(?:sex|gender)\s*:?\s*(female|male|women|men)(?:\s+only)?\s*\.?$/i.exec(s);
  if (!m) m = /\b(female|male|women|men)\s+(?:patients?\s+|subjects?\s+)?only\b/i.exec(s);
  if (!m) m = /\bmust be (?:a )?(female|male|woman|man)\b/i.exec(s);
  // an inclusion item that opens with the population: "Postmenopausal women with ...", "Men with
  // castration-resistant ...", "Female patients aged ..."; not "Women of childbearing potential must ..."
  // (a condition on part of the population) nor "Men and women ..."
  if (!m && ctx?.section === 'inclusion' && !/\b(?:child[- ]?bearing|reproductive|pregnan|breast[- ]?feed|nursing|lactat|contracept|steril|partners?\b|abstinen|heterosexual|tubal|hysterectom|oophorectom|ovaries|children)/i.test(s))
    m = /^\W*(?:(?:post|pre|peri)[- ]?menopausal\s+)?(women|females?|men|males?)(?:\s+(?:patients?|subjects?|participants?))?\s+(?:with|who|diagnosed|aged|age|≥|>=|\d)/i.exec(s) ?? /^\W*((?:post|pre|peri)[- ]?menopausal)\s+(?:women|females?|patients?)\b/i.exec(s);
  if (m && /^\W*(?:women|females?|men|males?)\s+(?:and|or|\/)\s+(?:women|females?|men|males?)\b/i.test(s)) return [];
  // "Post-menopausal female ... or male subjects": both sexes
  if (m && (/\b(?:women|woman|females?|menopausal)$/i.test(m[1]) ? /\b(?:men|males?)\b/i.test(s) : /\b(?:women|woman|females?)\b/i.test(s))) return [];
  if (!m) return [];
  const w = m[1].toLowerCase();
  const sex = w === 'female' || w === 'females' || w === 'women' || w === 'woman' || /menopausal$/.test(w) ? 'female' : 'male';
  return [{ spec: { kind: 'sex', sex }, confidence: 0.85, polarity: 'inclusion', ownsNegation: true }];
};
