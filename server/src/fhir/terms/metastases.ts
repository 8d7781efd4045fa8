import type { FocusArea } from '@oncodesk/shared/contracts';

/**
 * A secondary cancer's site as the survey's metastasis_sites option. SNOMED codes of the MITRE
 * trial-matching metastasis list (checked in test/fhir/terms.test.ts), then words of the display or
 * body site. Lymph nodes that are regional for the primary (axillary nodes of a breast cancer) are
 * nodal stage, not distant spread: they are told apart so they do not make the patient metastatic.
 */

export type MetastasisSite = 'brain' | 'bone' | 'liver' | 'lung' | 'lymph_nodes' | 'pleura' | 'peritoneum' | 'adrenal' | 'skin_soft_tissue' | 'other';

const SNOMED_SITE: Record<string, MetastasisSite> = {
  '94222008': 'bone',
  '94381002': 'liver',
  '94253005': 'other',
  '94391008': 'lung',
  '94392001': 'lymph_nodes',
  '94606003': 'other',
  '94579000': 'skin_soft_tissue',
  '94399005': 'lung',
  '94225005': 'brain',
};

const SITE_WORDS: [MetastasisSite, RegExp][] = [
  ['brain', /\bbrain|\bcerebr|intracranial|\bcns\b/],
  ['bone', /\bbone|osseous|\bvertebr|skelet|\bspine\b|acetabul|\bfemur|\bpelvis\b/],
  ['liver', /\bliver|\bhepatic/],
  ['pleura', /\bpleura/],
  ['lung', /\blung|pulmonary|\bbronch/],
  ['peritoneum', /periton|omentum|omental/],
  ['adrenal', /adrenal/],
  ['skin_soft_tissue', /\bskin\b|soft tissue|subcutaneous|cutaneous/],
  ['lymph_nodes', /lymph/],
];

/** Nodes that belong to the primary's N category, per focus area. */
const REGIONAL_NODES: Partial<Record<FocusArea, RegExp>> = {
  breast: /axill|internal mammary|clavicular/,
  lung: /hilar|mediastin|peribronch|intrapulmonary|subcarinal/,
  colon: /mesenter|pericolic|perirectal/,
  stomach: /perigastric/,
  prostate: /pelvic|obturator|iliac/,
  bladder: /pelvic|obturator|iliac/,
};

/** SNOMED 94181007, "Secondary malignant neoplasm of axillary lymph nodes". */
const AXILLARY = '94181007';

export type SiteReading = { site: MetastasisSite } | { regional: true };

export function metastasisSiteOf(focusArea: FocusArea, codes: { system?: string; code?: string }[], text: string): SiteReading {
  const t = text.toLowerCase();
  const axillary = codes.some((c) => c.code === AXILLARY);
  if ((axillary && focusArea === 'breast') || (/lymph/.test(t) && REGIONAL_NODES[focusArea]?.test(t))) return { regional: true };
  for (const c of codes) {
    const s = c.system === 'http://snomed.info/sct' && c.code ? SNOMED_SITE[c.code] : undefined;
    if (s) return { site: s };
  }
  if (axillary) return { site: 'lymph_nodes' };
  return { site: SITE_WORDS.find(([, re]) => re.test(t))?.[0] ?? 'other' };
}

export const snomedSiteTable = (): Readonly<Record<string, MetastasisSite>> => SNOMED_SITE;
