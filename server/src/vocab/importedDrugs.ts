import { referenceVocabularies } from './reference/active';

/**
 * The imported drug vocabulary (MITRE medications and CIViC therapies, src/vocab/reference) joined to
 * the owned list in drugs.ts, which stays the authority: an imported name of a drug the owned list holds
 * resolves to the owned entry (its classes and targets); a drug only the sources know resolves to its
 * own name, with classes only where its MITRE category is a class the owned list defines. Imported
 * drugs get no targets: CIViC evidence associates a therapy with a variant, it does not say its target.
 */

/**
 * MITRE medication categories that are drug classes of the owned list. The others are a drug's own name
 * ("Abemaciclib") or groups the owned classes do not have ("Progestin" holds contraceptives,
 * "Interferon", "IL-2"): no class from them.
 */
export const MITRE_CATEGORY_CLASSES: Readonly<Record<string, readonly string[]>> = {
  'Other Anti Angiogenic': ['vegf_inhibitor'],
  'Other Anti-PD Antibody': ['anti_pd1_pdl1', 'immunotherapy'],
  'Other PD1 PDL1': ['anti_pd1_pdl1', 'immunotherapy'],
  mTOR: ['mtor_inhibitor'],
};

/**
 * Names the drug index takes (normalizeDrug and findDrugs share it): five characters or more, or four
 * with a digit (a code such as "jw55"), so a short brand ("Ifex") never matches a word fragment.
 */
function textName(name: string): boolean {
  return (name.length >= 5 || (name.length === 4 && /\d/.test(name))) && !/[()[\]]/.test(name);
}

/**
 * MITRE files contraceptives and hormone replacement under "Progestin" and "High Dose Estrogen"; in
 * eligibility text their names are lab values ("estradiol in the premenopausal range") or contraception
 * ("levonorgestrel implant"), not prior cancer therapy. Only the hormones used against cancer are kept.
 */
export const HORMONE_CATEGORIES = new Set(['Progestin', 'High Dose Estrogen']);
export const ANTINEOPLASTIC_HORMONES = new Set(['diethylstilbestrol', 'megestrol', 'medroxyprogesterone', 'fosfestrol', 'polyestradiol']);
export function hormoneOnly(name: string, categories: readonly string[]): boolean {
  return categories.length > 0 && categories.every((c) => HORMONE_CATEGORIES.has(c)) && !ANTINEOPLASTIC_HORMONES.has(name);
}

/**
 * [name, generic] pairs of the imported vocabulary the owned index does not have yet; `owned` resolves
 * a name through the owned list (generic, alias) so an imported brand of an owned drug joins it.
 */
export function importedDrugNames(owned: (name: string) => string | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, others, categories] of referenceVocabularies().drugs?.content ?? []) {
    if (hormoneOnly(name, categories) && !owned(name)) continue;
    const generic = owned(name) ?? [name, ...others].map(owned).find(Boolean) ?? name;
    for (const n of [name, ...others]) if (textName(n) && !owned(n)) out.push([n, generic]);
  }
  return out;
}

let classIndex: { content: unknown; byName: Map<string, string[]> } | null = null;

/** Owned class keys of a drug only the imported vocabulary knows (from its MITRE categories). */
export function importedDrugClasses(drug: string): string[] {
  const content = referenceVocabularies().drugs?.content;
  if (!content) return [];
  if (!classIndex || classIndex.content !== content) {
    const byName = new Map<string, string[]>();
    for (const [name, , categories] of content) {
      const classes = [...new Set(categories.flatMap((c) => MITRE_CATEGORY_CLASSES[c] ?? []))];
      if (classes.length) byName.set(name, classes);
    }
    classIndex = { content, byName };
  }
  return classIndex.byName.get(drug) ?? [];
}
