import type { FocusArea } from '@oncodesk/shared/contracts';

/**
 * Which focus area a primary cancer belongs to and which OncoTree node its words name. Written for
 * OncoDesk: SNOMED disorders of the focus areas that the MITRE trial-matching vocabulary lists
 * (test/fhir/terms.test.ts checks each against it), ICD-10 categories, then the words of the code's
 * display, its body site and its morphology. Words decide only when they name one focus area.
 */

const SNOMED_FOCUS: Record<string, FocusArea> = {
  // breast
  '254837009': 'breast',
  '408643008': 'breast',
  '278054005': 'breast',
  '372064008': 'breast',
  '372095001': 'breast',
  '447782002': 'breast',
  '353431000119107': 'breast',
  '188157005': 'breast',
  // lung
  '93880001': 'lung',
  '254637007': 'lung',
  '254632001': 'lung',
  '363358000': 'lung',
  '254626006': 'lung',
  '254634000': 'lung',
  '707451005': 'lung',
  // prostate
  '399068003': 'prostate',
  '399490008': 'prostate',
  // colon and rectum
  '363406005': 'colon',
  '363351006': 'colon',
  '781382000': 'colon',
  '1701000119104': 'colon',
  // bladder
  '399326009': 'bladder',
};

/** SNOMED body structures seen in mCODE examples: breast, left and right breast, lung. */
const SNOMED_BODY_SITE: Record<string, FocusArea> = {
  '76752008': 'breast',
  '80248007': 'breast',
  '73056007': 'breast',
  '39607008': 'lung',
};

/** ICD-10 category (3 characters) -> focus area. The survey's "stomach" is OncoTree's Esophagus/Stomach. */
const ICD10_FOCUS: Record<string, FocusArea> = {
  C50: 'breast',
  C33: 'lung',
  C34: 'lung',
  C61: 'prostate',
  C15: 'stomach',
  C16: 'stomach',
  C22: 'liver',
  C73: 'thyroid',
  C53: 'cervix_uteri',
  C67: 'bladder',
  // renal pelvis and ureter: OncoTree's upper tract urothelial carcinoma sits under Bladder/Urinary Tract
  C65: 'bladder',
  C66: 'bladder',
  C64: 'kidney',
  C18: 'colon',
  C19: 'colon',
  C20: 'colon',
};

/** Words of each focus area, tried on lower-cased text; "hepatic flexure" is colon, "gallbladder" is not bladder. */
const FOCUS_WORDS: [FocusArea, RegExp][] = [
  ['breast', /\bbreast|\bmammary/],
  ['lung', /\blung\b|\bbronch|\bpulmonary/],
  ['prostate', /\bprostat/],
  ['stomach', /\bstomach|\bgastric|\besophag|\boesophag|gastro-?esophageal/],
  ['liver', /\bliver\b|hepatocellular|\bhepatic(?! flexure)|hepatoblastoma|cholangiocarcinoma/],
  ['thyroid', /\bthyroid/],
  ['cervix_uteri', /\bcervix\b|\bcervical (?!lymph|esophag|spine|vertebr|node|region)/],
  ['bladder', /\bbladder\b|\burothelial/],
  ['kidney', /\bkidney|\brenal cell|\brenal (?!pelvis)/],
  ['colon', /\bcolon\b|\bcolorectal|\brect(?:um|al)\b|\bsigmoid|\bcaecum|\bcecum|\bbowel\b|hepatic flexure|splenic flexure|rectosigmoid/],
];

export function focusAreaOfCode(system: string | undefined, code: string | undefined, kind: 'disorder' | 'body_site' = 'disorder'): FocusArea | undefined {
  if (!code) return undefined;
  if (system === 'http://snomed.info/sct') return (kind === 'disorder' ? SNOMED_FOCUS : SNOMED_BODY_SITE)[code];
  if (system && /icd-10|icd10/i.test(system)) return ICD10_FOCUS[code.trim().toUpperCase().slice(0, 3)];
  return undefined;
}

/** The one focus area the text names, or undefined (none, or more than one). */
export function focusAreaOfText(text: string): FocusArea | undefined {
  const t = text.toLowerCase();
  const hits = FOCUS_WORDS.filter(([, re]) => re.test(t)).map(([fa]) => fa);
  // "hepatic flexure of colon" names colon only; "colon cancer metastatic to liver" is not a primary text
  return hits.length === 1 ? hits[0] : undefined;
}

/** Histology words -> OncoTree code, per focus area, most specific first; the organ node when none fits. */
const HISTOLOGY: Record<FocusArea, { organ: string; rules: [RegExp, string][] }> = {
  breast: {
    organ: 'BREAST',
    rules: [
      [/lobular carcinoma in situ/, 'LCIS'],
      [/ductal carcinoma in situ|intraductal carcinoma/, 'DCIS'],
      [/inflammatory/, 'IBC'],
      [/metaplastic/, 'MBC'],
      [/duct(?:al)? and lobular|mixed ductal/, 'MDLC'],
      [/(?:infiltrating|invasive) duct|duct(?:al)? carcinoma/, 'IDC'],
      [/lobular/, 'ILC'],
      [/carcinoma/, 'BRCA'],
    ],
  },
  lung: {
    organ: 'LUNG',
    rules: [
      [/^(?!.*non-?\s?small).*small cell/, 'SCLC'],
      [/non-?squamous/, 'NSCLC'],
      [/adenosquamous/, 'LUAS'],
      [/squamous/, 'LUSC'],
      [/adenocarcinoma/, 'LUAD'],
      [/large cell neuroendocrine/, 'LUNE'],
      [/large cell/, 'LCLC'],
      [/carcinoid/, 'LUCA'],
      [/non-?\s?small/, 'NSCLC'],
    ],
  },
  prostate: { organ: 'PROSTATE', rules: [[/adenocarcinoma/, 'PRAD']] },
  stomach: {
    organ: 'STOMACH',
    rules: [
      [/esophag.*adenocarcinoma|adenocarcinoma.*esophag/, 'ESCA'],
      [/esophag.*squamous|squamous.*esophag/, 'ESCC'],
      [/adenocarcinoma/, 'STAD'],
    ],
  },
  liver: { organ: 'LIVER', rules: [[/hepatocellular/, 'HCC']] },
  thyroid: {
    organ: 'THYROID',
    rules: [
      [/papillary/, 'THPA'],
      [/follicular/, 'THFO'],
      [/medullary/, 'THME'],
      [/anaplastic/, 'THAP'],
    ],
  },
  cervix_uteri: {
    organ: 'CERVIX',
    rules: [
      [/squamous/, 'CESC'],
      [/adenocarcinoma/, 'CEAD'],
    ],
  },
  bladder: { organ: 'BLADDER', rules: [[/urothelial|transitional cell/, 'BLCA']] },
  kidney: {
    organ: 'KIDNEY',
    rules: [
      [/clear cell/, 'CCRCC'],
      [/papillary/, 'PRCC'],
      [/chromophobe/, 'CHRCC'],
      [/renal cell/, 'RCC'],
    ],
  },
  colon: {
    organ: 'BOWEL',
    rules: [
      [/rect(?:um|al)\b.*adenocarcinoma|adenocarcinoma.*rect(?:um|al)\b/, 'READ'],
      [/colon.*adenocarcinoma|adenocarcinoma.*colon/, 'COAD'],
      [/adenocarcinoma/, 'COADREAD'],
    ],
  },
};

/** OncoTree candidates for a primary cancer's texts, best first (the organ node last). */
export function oncotreeCandidates(focusArea: FocusArea, texts: string[]): string[] {
  const t = texts.join(' | ').toLowerCase();
  const { organ, rules } = HISTOLOGY[focusArea];
  const hit = rules.find(([re]) => re.test(t));
  return hit ? [hit[1], organ] : [organ];
}

/** Every OncoTree code the histology rules can give (tests check each is a valid diagnosis answer). */
export const histologyCodes = (): [FocusArea, string][] =>
  (Object.entries(HISTOLOGY) as [FocusArea, (typeof HISTOLOGY)[FocusArea]][]).flatMap(([fa, h]) => [[fa, h.organ] as [FocusArea, string], ...h.rules.map(([, c]) => [fa, c] as [FocusArea, string])]);

export const snomedFocusTable = (): Readonly<Record<string, FocusArea>> => SNOMED_FOCUS;
