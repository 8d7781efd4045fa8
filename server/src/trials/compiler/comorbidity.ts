import type { Detected, Detector } from './types';

type Cond = 'hiv' | 'hepatitis_b' | 'hepatitis_c' | 'autoimmune' | 'cardiac' | 'other_malignancy' | 'infection' | 'interstitial_lung_disease';
const CONDS: Array<[RegExp, Cond]> = [
  [/\bHIV\b|human immunodeficiency virus|\bAIDS\b/i, 'hiv'],
  [/hepatitis B|\bHBV\b|\bHBsAg\b/i, 'hepatitis_b'],
  [/hepatitis C|\bHCV\b|hepatitis B (?:and|or|and\/or|\/) C\b|hepatitis B, C\b/i, 'hepatitis_c'],
  [/auto-?immune/i, 'autoimmune'],
  [/congestive heart failure|\bNYHA\b|myocardial infarction|unstable angina|cardiac (?:disease|arrhythmia|failure|dysfunction)|(?:clinically )?significant (?:cardiac|cardiovascular)|cardiovascular disease|heart disease|arrhythmia/i, 'cardiac'],
  [/\b(?:other|another|second|prior|previous|concurrent|additional|secondary|active)\s+(?:\w+\s+){0,2}(?:malignan\w*|cancers?|invasive (?:cancer|malignan\w*))|history of (?:\w+\s+){0,2}malignan|\bmalignancy (?:within|in) the (?:past|last)/i, 'other_malignancy'],
  [/\b(?:active|uncontrolled|serious|systemic) (?:\w+ )?infections?\b/i, 'infection'],
  [/interstitial lung disease|\bILD\b|pneumonitis|pulmonary fibrosis/i, 'interstitial_lung_disease'],
];

/** Comorbidity exclusions: HIV, hepatitis B/C, autoimmune, cardiac, other malignancy, infection, ILD. */
export const detectComorbidity: Detector = (s, ctx) => {
  const out: Detected[] = [];
  for (const [re, condition] of CONDS) {
    const m = re.exec(s);
    if (!m) continue;
    if (ctx.permissive && !/\bunless|except\b/i.test(s)) continue;
    // "HIV negative", "seronegative": the item asks for absence
    const near = s.slice(m.index, m.index + m[0].length + 30);
    const negative = /negative|seronegative|\bnot\b|free of/i.test(near) && condition !== 'other_malignancy';
    // in exclusion sections and in descriptive inclusions ("no history of") the condition is excluded
    const exclusionary = ctx.section === 'exclusion' || ctx.negated || negative || condition === 'other_malignancy' || condition === 'infection' || condition === 'cardiac' || condition === 'interstitial_lung_disease' || condition === 'autoimmune';
    out.push({ spec: { kind: 'comorbidity', condition }, confidence: 0.8, polarity: exclusionary ? 'exclusion' : 'inclusion', ownsNegation: true });
  }
  return out;
};
