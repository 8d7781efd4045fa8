import type { Detected, Detector } from './types';

const SITES: Array<[RegExp, string]> = [
  [/\b(?:liver|hepatic)\s+metasta/i, 'liver'],
  [/\b(?:bone|osseous|skeletal)(?:-only)?\s+metasta|\bbone[- ]only disease\b/i, 'bone'],
  [/\b(?:lung|pulmonary)\s+metasta/i, 'lung'],
  [/\bperitoneal\s+(?:metasta|carcinomatosis)/i, 'peritoneum'],
  [/\b(?:leptomeningeal|meningeal)\s+(?:metasta|disease|carcinomatosis|involvement)|carcinomatous meningitis/i, 'leptomeningeal'],
  [/\badrenal\s+metasta/i, 'adrenal'],
];

/** A cancer named by its acronym ("Locally advanced or metastatic NSCLC", "mCRPC"). */
const ACRONYM = /\b(?:N?SCLC|HCC|RCC|ccRCC|m?CRC|m?CRPC|m?HSPC|m?CSPC|TNBC|HNSCC|GIST|GEJ|ESCC|MIBC|NMIBC|UC|mUC)\b/;

/**
 * "Locally advanced" with no other state beside it ("… for Locally Advanced Prostate Cancer", "locally advanced
 * (T3-4 N0) rectal cancer") is disease without distant metastases (M0): read as "advanced", it opened radiotherapy
 * boosts for locally advanced prostate cancer to metastatic castration-resistant patients. With "metastatic",
 * "recurrent", another "advanced" or "or unresectable" beside it, it stays advanced.
 */
function locallyAdvancedOnly(s: string): boolean {
  if (!/\blocally[- ]advanced\b/i.test(s)) return false;
  const rest = s.replace(/\blocally[- ]advanced\b/gi, ' ');
  return !/\b(?:metasta\w*|advanced|stage\s*IV\w*|M1[abc]?|recurren\w*|relapsed|refractory|disseminated|progressive|systemic (?:therapy|treatment))\b|\bor\s+(?:\w+\s+)?(?:unresectable|inoperable)\b|\b(?:unresectable|inoperable)\s+or\b/i.test(rest);
}

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
    if (nonMet.test(s) || locallyAdvancedOnly(s)) out.push({ spec: { kind: 'metastatic', state: 'non_metastatic' }, confidence: 0.7 });
    else if (adv.test(s) && (/carcinoma|cancer|tumou?r|disease|malignan|sarcoma|melanoma|lymphoma|neoplasm/i.test(s) || ACRONYM.test(s))) out.push({ spec: { kind: 'metastatic', state: 'advanced' }, confidence: 0.7 });
    else if (met.test(s) && (/carcinoma|cancer|tumou?r|disease|malignan|sarcoma|melanoma|neoplasm/i.test(s) || ACRONYM.test(s)) && !/history of|prior|previous/i.test(s)) out.push({ spec: { kind: 'metastatic', state: 'metastatic' }, confidence: 0.75 });
  }
  return out;
};
