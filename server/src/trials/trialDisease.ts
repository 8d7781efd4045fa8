/**
 * What disease a trial is about, read from its conditions, titles and eligibility text. One job: the
 * OncoTree codes of the trial's diagnosis criterion, whether they could be resolved at all, and a note
 * when conditions and title disagree (shown to the clinician in the criterion's source).
 */
import { findDiseases, resolveTrialDisease, trialMentionCodes } from '../vocab/diseases';
import { ONCOTREE_ROOT, isOncotreeCode, isWithin } from '../vocab/diseaseTree';
import { splitEligibility } from './compiler/text';

export interface TrialDiseaseInput {
  briefTitle: string;
  officialTitle?: string;
  conditions: string[];
  /** Codes an importer already knows (NCI, CTML). */
  diseaseCodes?: string[];
  eligibilityText?: string;
}

export interface TrialDisease {
  codes: string[];
  /** Only the root came out, and no condition or title is a generic "cancer / solid tumours" phrase. */
  unresolved: boolean;
  /** Set when the title and the conditions name unrelated diseases: what was chosen and why. */
  note?: string;
  /** The codes rest on the registry's condition list (surer than a title alone). */
  fromConditions: boolean;
}

/**
 * A phrase that means "cancer in general" once stage and setting words are removed ("Advanced Solid
 * Tumors", "Unspecified Adult Solid Tumor, Protocol Specific", "Neoplasms", "Cancer"). A trial whose
 * disease reads only as the root without such a phrase names a disease the vocabulary lacks.
 */
const MODIFIERS = /\b(?:advanced|metastatic|recurrent|refractory|relapsed|locally|unresectable|unspecified|adult|childhood|protocol|specific|solid|malignant|malignancies|primary|secondary|stage\s+[0-9ivx]+[a-d]?|any|other|all|multiple|various|types?|of|the|and|or|in|with|patients?|human|neoplasms? by histologic type|glandular|epithelial|by site|site)\b/gi;
const GENERIC = /^(?:cancers?|tumou?rs?|neoplasms?|malignanc(?:y|ies)|carcinomas?|neoplasia|oncology)$/i;
export function isGenericCancerPhrase(s: string): boolean {
  const rest = s.toLowerCase().replace(MODIFIERS, ' ').replace(/[^a-z]+/g, ' ').trim();
  if (!rest) return /solid|malignan|neoplasm|cancer|tumou?r/i.test(s);
  return rest.split(/\s+/).every((w) => GENERIC.test(w));
}

const ONCOLOGY = /cancer|carcinoma|tumou?r|neoplas|malignan|lymphoma|leuk(?:a)?emia|melanoma|myeloma|sarcoma|glioma|blastoma|metasta|oncolog|\bCIN\b|dysplasia|myelodysplas/i;

const related = (a: string, b: string) => a === b || isWithin(a, b) || isWithin(b, a);

/**
 * A condition naming a risk of cancer, not a cancer: "High Risk for Breast Cancer", "Cancer Predisposition
 * Syndrome", "BRCA1 Mutation Carrier". The people it names have no cancer (a breast-reconstruction study listed
 * it and matched breast cancer patients as a treatment trial), so it gives the trial no disease.
 */
const RISK_OF_CANCER = /\brisks?\s+(?:for|of)\b|\bpredisposition\b|\bsusceptib\w*|\bcarriers?\b/i;

export function readTrialDisease(t: TrialDiseaseInput): TrialDisease {
  const condCodes = new Set<string>();
  const conditions = t.conditions.filter((c) => !RISK_OF_CANCER.test(c));
  for (const c of conditions) {
    for (const code of resolveTrialDisease(c)) condCodes.add(code);
  }
  for (const c of t.diseaseCodes ?? []) if (isOncotreeCode(c)) condCodes.add(c.toUpperCase());
  const titleCodes = new Set<string>();
  // a study whose conditions are all outside oncology ("Anesthesia") is not about the organ its title names
  // ("Sugammadex ... in Renal or Control Patients"): its title is not read for a cancer
  const nonOncology = t.conditions.length > 0 && condCodes.size === 0 && !conditions.some((c) => ONCOLOGY.test(c));
  if (!nonOncology) for (const s of [t.briefTitle, t.officialTitle ?? '']) for (const m of findDiseases(s)) for (const code of trialMentionCodes(m)) titleCodes.add(code);
  let specificCond = [...condCodes].filter((c) => c !== ONCOTREE_ROOT);
  const specificTitle = [...titleCodes].filter((c) => c !== ONCOTREE_ROOT);
  let note: string | undefined;
  // "Pazopanib in Relapsed or Refractory Multiple Myeloma" listed under renal cell carcinoma: title and
  // conditions name unrelated diseases. The eligibility text decides (the disease it names more often);
  // on a tie the title, which states what the study is about.
  if (specificCond.length && specificTitle.length && !specificTitle.some((x) => specificCond.some((y) => related(x, y)))) {
    const mentions = (codes: string[]) => (t.eligibilityText ? findDiseases(t.eligibilityText).filter((m) => codes.some((c) => related(m.code, c))).length : 0);
    const byTitle = mentions(specificTitle);
    const byCond = mentions(specificCond);
    if (byTitle >= byCond) {
      note = `the conditions (${t.conditions.join('; ')}) contradict the title; read as the title${byTitle ? ' and the eligibility text' : ''} say`;
      specificCond = [];
    } else note = `the title contradicts the conditions; read as the conditions and the eligibility text say`;
  }
  const titleForRefining = note && !specificCond.length ? specificTitle : specificTitle.filter((x) => !note || specificCond.some((y) => related(x, y)));
  // the title may refine a generic condition ("Thyroid Cancer" + "...Medullary Thyroid Cancer")
  const refined = specificCond
    .map((c) => {
      const finer = titleForRefining.filter((x) => x !== c && isWithin(x, c));
      return finer.length ? finer : [c];
    })
    .flat()
    .filter((c, k, a) => a.indexOf(c) === k);
  let codes = refined.length ? refined : titleForRefining.length ? titleForRefining : [...condCodes, ...titleCodes].filter((c, k, a) => a.indexOf(c) === k);
  // "advanced solid tumours; breast cancer": the trial is open to any solid tumour as well
  if (codes.length && !codes.includes(ONCOTREE_ROOT) && t.conditions.some((c) => /\bsolid tumou?rs?\b|\badvanced (?:cancers|malignancies)\b|\bany (?:cancer|malignancy|solid)|\bmultiple (?:cancer|tumou?r) types\b/i.test(c))) codes = [...codes, ONCOTREE_ROOT];
  const onlyRoot = codes.length > 0 && codes.every((c) => c === ONCOTREE_ROOT);
  let unresolved = onlyRoot && ![...t.conditions, t.briefTitle, t.officialTitle ?? ''].some((s) => s && isGenericCancerPhrase(s)) && !t.conditions.some((c) => /\bsolid tumou?r|\bmalignan|\bcancers\b|\bneoplasms\b/i.test(c));
  // only the root came out: the diseases the inclusion criteria name ("For Phase 2: ... BRAF mutant
  // metastatic melanoma" in "Px-866 and vemurafenib in advanced BRAF-mutant cancers"). Beside the root for
  // a basket named as "cancers" (it stays open to the others); instead of it where the conditions named a
  // disease the vocabularies lack
  const named = onlyRoot ? inclusionDiseases(t.eligibilityText) : [];
  if (named.length) {
    codes = unresolved ? named : [ONCOTREE_ROOT, ...named];
    unresolved = false;
  }
  return { codes, unresolved, note, fromConditions: specificCond.length > 0 };
}

/** Specific diseases named by the inclusion items (not "no history of ...", "prior ...", "(not prostate cancer)"): at most six, or none. */
function inclusionDiseases(text: string | undefined): string[] {
  if (!text) return [];
  const named = new Set<string>();
  for (const item of splitEligibility(text)) {
    if (item.section !== 'inclusion' || /^\W*(?:no|not|without|history of|prior|previous)\b/i.test(item.text)) continue;
    for (const m of findDiseases(item.text)) {
      // "Advanced solid tumour (not prostate cancer)": a disease named to be left out
      const before = item.text.slice(Math.max(0, m.start - 30), m.start);
      if (m.code !== ONCOTREE_ROOT && !/\b(?:not|no|except|excluding|other than|besides|without)\b[^,;.]*$/i.test(before)) named.add(m.code);
    }
  }
  return named.size <= 6 ? [...named] : [];
}
