import type { Detected, Detector } from './types';

const SITES: Array<[RegExp, string]> = [
  [/\b(?:liver|hepatic)\s+metasta/i, 'liver'],
  [/\b(?:bone|osseous|skeletal)(?:-only)?\s+metasta|\bbone[- ]only disease\b/i, 'bone'],
  [/\b(?:lung|pulmonary)\s+metasta/i, 'lung'],
  [/\bperitoneal\s+(?:metasta|carcinomatosis)/i, 'peritoneum'],
  [/\b(?:leptomeningeal|meningeal)\s+(?:metasta|disease|carcinomatosis|involvement)|carcinomatous meningitis/i, 'leptomeningeal'],
  [/\badrenal\s+metasta/i, 'adrenal'],
];

/** Metastatic status ("metastatic", "locally advanced or metastatic", "M0"), brain metastases and sites. */
export const detectMetastatic: Detector = (s, ctx) => {
  const out: Detected[] = [];
  const brain = /\b(?:brain|CNS|cerebral|intracranial|central nervous system)(?:\s*\(CNS\))?\s+(?:metasta\w*|mets|lesions|involvement|disease)|\bmetasta\w* (?:to|in) the (?:brain|central nervous system|CNS)\b/i;
  if (brain.test(s)) {
    const untreated = /\buntreated|\bactive\b|symptomatic|progressive|unstable|uncontrolled|not (?:been )?(?:previously )?treated|requir\w+ (?:steroids|treatment)/i.test(s);
    const treated = /\btreated\b|\bstable\b|previously irradiated|asymptomatic/i.test(s);
    if (ctx.permissive) {
      // "Treated, stable brain metastases are allowed": implies untreated ones are not
      if (treated) out.push({ spec: { kind: 'brain_metastases', condition: 'untreated' }, confidence: 0.6, polarity: 'exclusion', ownsNegation: true });
    } else {
      const condition = untreated ? 'untreated' : treated && ctx.section === 'inclusion' ? 'treated_stable' : 'any';
      out.push({ spec: { kind: 'brain_metastases', condition }, confidence: 0.8 });
    }
  }
  for (const [re, site] of SITES) {
    const m = re.exec(s);
    if (!m || ctx.permissive) continue;
    // "(<= 5 x ULN for patients with liver metastases)": a condition of another criterion, not a requirement
    if (/\b(?:if|for (?:patients|subjects|participants|those)(?: with)?|in (?:patients|subjects|case of|the presence of)|due to|unless|except|attributable to|secondary to|related to)\s+(?:\w+\s+){0,2}$/i.test(s.slice(Math.max(0, m.index - 40), m.index)) && /\d/.test(s)) continue;
    out.push({ spec: { kind: 'metastasis_site', site }, confidence: 0.7 });
  }
  const nonMet = /\bnon-?metastatic\b|\bno (?:evidence of )?(?:distant )?metasta|\bwithout (?:evidence of )?(?:distant )?metasta|\bM0\b|\blocalized\b/i;
  const adv = /\b(?:locally advanced|unresectable|inoperable)\s*(?:,\s*)?(?:and\/or|or|and)\s*(?:\w+\s+){0,2}metastatic\b|\bmetastatic\s+or\s+(?:locally advanced|unresectable)|\badvanced\b/i;
  const met = /\bmetastatic\b|\bstage IV\b|\bdistant metasta|\bM1[abc]?\b|\bdisseminated\b/i;
  if (ctx.section === 'inclusion' && !ctx.negated && !brain.test(s) && !ctx.permissive) {
    if (nonMet.test(s)) out.push({ spec: { kind: 'metastatic', state: 'non_metastatic' }, confidence: 0.7 });
    else if (adv.test(s) && /carcinoma|cancer|tumou?r|disease|malignan|sarcoma|melanoma|lymphoma|neoplasm/i.test(s)) out.push({ spec: { kind: 'metastatic', state: 'advanced' }, confidence: 0.7 });
    else if (met.test(s) && /carcinoma|cancer|tumou?r|disease|malignan|sarcoma|melanoma|neoplasm/i.test(s) && !/history of|prior|previous/i.test(s)) out.push({ spec: { kind: 'metastatic', state: 'metastatic' }, confidence: 0.75 });
  }
  return out;
};
