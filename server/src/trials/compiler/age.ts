import type { Detector } from './types';

const NOT_AGE_CONTEXT = /\b(?:within|since|ago|life expectancy|disease[- ]free|survival|follow[- ]?up|for at least|interval|after (?:the )?(?:last|completion)|smok|pack|prior to|before|duration|months?\b)/i;

/** Age limits: "Age >= 18 years", "18 years of age or older", "Age: 18 to 70", "aged 18-75". */
export const detectAge: Detector = (s, ctx) => {
  const t = s.replace(/\s+/g, ' ').replace(/\(\s*(≥|>=|≤|<=|>|<|=)\s*\)/g, ' ');
  // an inclusion item that opens with the population "Adult men and women" / "Adult patients with ...":
  // adults are 18 and over (the common legal definition), read with less confidence than stated numbers
  // ("Adult T-cell leukemia", "adult acute ..." are disease names; "Adults of reproductive potential must ..." a condition)
  if (ctx?.section === 'inclusion' && /^\W*adults?(?:\s+(?:patients?|subjects?|participants?|men|women|males?|females?|(?:men|males?) (?:and|or) (?:women|females?)|(?:women|females?) (?:and|or) (?:men|males?)))?(?:\s+(?:with|who|aged|age|having|diagnosed)\b|\s*(?:\(|,|\.|;|$))/i.test(t) && !/\b(?:child|pediatric|paediatric|adolescen|young adult|reproductive|child[- ]?bearing|contracept)/i.test(t)) {
    const stated = /(≥|>=|=>|>)\s*(\d{1,3})\s*(?:years?|yrs?)/i.exec(t);
    if (stated) return [{ spec: { kind: 'age', min: Number(stated[2]) + (stated[1] === '>' ? 1 : 0) }, confidence: 0.9, ownsNegation: true }];
    if (!/\d{1,3}\s*(?:years?|yrs?)/i.test(t)) return [{ spec: { kind: 'age', min: 18 }, confidence: 0.7, ownsNegation: true }];
  }
  const hasAgeWord = /\bage[ds]?\b|years? old|years? of age|\byrs? old\b|\d\s*years? (?:or|and) (?:older|over|above)/i.test(t);
  // without the word "age", only a sentence that starts with the age itself ("≥ 18 years at consent")
  if (!hasAgeWord && !/^\W*(?:(?:patients?|subjects?|participants?|men|women|males?|females?|(?:male|men) (?:or|and|\/) (?:female|women)|(?:female|women) (?:or|and|\/) (?:male|men))[;,]?\s+)?(?:(?:must|should|will)\s+be\s+|is\s+|are\s+)?(?:≥|>=|=>|>|≤|<=|<|over|under|older than|younger than|at least)?\s*\d{1,3}\s*(?:years|yrs)\b/i.test(t)) return [];
  if (!hasAgeWord && NOT_AGE_CONTEXT.test(t)) return [];
  if (/\b(?:family|relative|sibling|parent|sudden death|history of)\b/i.test(t)) return [];
  // ages inside parentheses qualify something else ("creatinine <= 0.8 mg/dL (2-5 years of age)")
  if (/\([^)]*\d+\s*(?:-\s*\d+\s*)?(?:years?|months?)[^)]*\)/i.test(t) && !/^\W*age/i.test(t)) return [];
  // conditional clauses about another population ("Lansky > 70 for patients < 16 years")
  if (/\b(?:karnofsky|lansky|KPS)\b/i.test(t) && /\bfor (?:patients|subjects|children|participants)\s*(?:aged\s*)?(?:<|>|≤|≥|under|over|younger|older)/i.test(t)) return [];
  if (/\b(?:malignan|cancer|disease[- ]free|remission|recurrence|diagnos|since|followed|treated)\w*/i.test(t) && !/\bage[ds]?\b|years? old|years? of age/i.test(t)) return [];
  let min: number | undefined;
  let max: number | undefined;
  let m: RegExpExecArray | null;
  const range = /\b(?:age[ds]?|between)\s*(?::|of|from|between)?\s*(\d{1,3})\s*(?:years?\s*)?(?:-|–|to|and|through)\s*(\d{1,3})\s*(?:years?|yrs?)?/i;
  if ((m = range.exec(t))) {
    min = Number(m[1]);
    max = Number(m[2]);
  } else if ((m = /\b(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})\s*(?:years?|yrs?)(?: old| of age)?\b/i.exec(t)) && hasAgeWord) {
    min = Number(m[1]);
    max = Number(m[2]);
  }
  if (min === undefined) {
    const minPats = [
      /\bage[ds]?\s*(?::|of|is)?\s*(?:≥|>=|=>|at least|(?:over|greater|more|older|above)(?: than)? or equal(?: to)?|over|greater than(?: or equal to)?|older than|above|more than|>)\s*(\d{1,3})/i,
      /\b(?:at least|over|above|older than) the age of (\d{1,3})/i,
      /(?:≥|>=|=>)\s*(\d{1,3})\s*(?:years?|yrs?)/i,
      /\b(\d{1,3})\s*(?:years?|yrs?)?\s*(?:of age|old)?\s*(?:and|or)\s*(?:older|over|above|greater)\b/i,
      /\bage[ds]?\s*(?::)?\s*(\d{1,3})\s*(?:years?\s*)?(?:and|or)\s*(?:over|older|above)/i,
      /(?:\bat least|\bover|\bolder than|\bgreater than or equal to|\bgreater than|\bmore than|>)\s*(\d{1,3})\s*(?:years?|yrs?)(?: old| of age)?/i,
      /\bage[ds]?\s*(?:≥|>=|>)?\s*(\d{1,3})\s*(?:years?|yrs?)?\s*(?:\+|or more)/i,
      /\b(\d{1,3})\s*\+\s*years/i,
      // "Subjects must be 18 years of age" (the minimum, as in "must be 18 years of age or older")
      /\b(?:must|should|will)\s+be\s+(\d{1,3})\s*(?:years?|yrs?)\s*(?:of age|old)\b(?!\s*(?:or|and)\s*(?:younger|under|less|below))/i,
    ];
    for (const p of minPats) {
      if ((m = p.exec(t))) {
        min = Number(m[1]);
        if (/>\s*\d|over|older than|greater than\s*\d|more than|above/i.test(m[0]) && !/or equal|=|at least|and over|or over|or older|and older|or above|and above|or more|or greater/i.test(m[0])) min += 1;
        break;
      }
    }
  }
  if (max === undefined) {
    const maxPats = [
      /\bage[ds]?\s*(?::|of|is)?\s*(?:≤|<=|=<|no more than|not more than|at most|under|younger than|less than|below|<)\s*(\d{1,3})/i,
      /(?:≤|<=|=<)\s*(\d{1,3})\s*(?:years?|yrs?)/i,
      /\b(\d{1,3})\s*(?:years?|yrs?)?\s*(?:of age|old)?\s*(?:and|or)\s*(?:younger|under|below|less)\b/i,
      /\b(?:under|younger than|less than|below|<)\s*(\d{1,3})\s*(?:years?|yrs?)(?: old| of age)?/i,
    ];
    for (const p of maxPats) {
      if ((m = p.exec(t))) {
        max = Number(m[1]);
        if (/under|younger than|less than|below|</i.test(m[0]) && !/or equal|=|and under|or younger|and younger/i.test(m[0])) max -= 1;
        break;
      }
    }
  }
  if (min !== undefined && (min < 0 || min > 120)) min = undefined;
  if (max !== undefined && (max < 0 || max > 130)) max = undefined;
  if (min === undefined && max === undefined) return [];
  if (min !== undefined && max !== undefined && min > max) return [];
  return [{ spec: { kind: 'age', min, max }, confidence: hasAgeWord ? 0.9 : 0.7, ownsNegation: true }];
};
