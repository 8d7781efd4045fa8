import { oncotree, ONCOTREE_ROOT } from './diseaseTree';
import { vocabularyGeneration } from './reference/active';
import { CASE_SENSITIVE_DISEASE_ABBREVIATIONS, CLINICAL_DISEASE_SYNONYMS } from './clinicalDiseaseSynonyms';

/**
 * Disease phrase -> OncoTree code. OncoTree names (lower-cased, ", NOS" stripped) come from the tree
 * in use (diseaseTree.ts: the complete imported OncoTree, or the owned subset); the synonyms below are the
 * project's own compact list of the common ways English registries name cancers, and
 * clinicalDiseaseSynonyms.ts adds the clinical abbreviations and Spanish / Italian names. Every code here
 * is checked against the owned list, and that list against the shared OncoTree, in tests.
 */
export const DISEASE_SYNONYMS: Record<string, string> = {
  // pan-cancer
  cancer: ONCOTREE_ROOT,
  cancers: ONCOTREE_ROOT,
  'solid tumor': ONCOTREE_ROOT,
  'solid tumors': ONCOTREE_ROOT,
  'solid tumour': ONCOTREE_ROOT,
  'solid tumours': ONCOTREE_ROOT,
  'advanced cancer': ONCOTREE_ROOT,
  'advanced cancers': ONCOTREE_ROOT,
  malignancy: ONCOTREE_ROOT,
  malignancies: ONCOTREE_ROOT,
  'malignant neoplasm': ONCOTREE_ROOT,
  'malignant neoplasms': ONCOTREE_ROOT,
  neoplasms: ONCOTREE_ROOT,
  carcinoma: ONCOTREE_ROOT,
  tumors: ONCOTREE_ROOT,
  // lung
  'lung cancer': 'LUNG',
  'lung carcinoma': 'LUNG',
  'lung neoplasms': 'LUNG',
  'non-small cell lung cancer': 'NSCLC',
  'non small cell lung cancer': 'NSCLC',
  'non-small-cell lung cancer': 'NSCLC',
  'non-small-cell lung carcinoma': 'NSCLC',
  'nonsmall cell lung cancer': 'NSCLC',
  'nonsmall-cell lung cancer': 'NSCLC',
  'non-small cell lung carcinoma': 'NSCLC',
  'carcinoma, non-small-cell lung': 'NSCLC',
  'non-small cell carcinoma': 'NSCLC',
  nsclc: 'NSCLC',
  'small cell lung cancer': 'SCLC',
  'small cell lung carcinoma': 'SCLC',
  'small-cell lung cancer': 'SCLC',
  sclc: 'SCLC',
  'lung adenocarcinoma': 'LUAD',
  'adenocarcinoma of the lung': 'LUAD',
  'squamous cell lung cancer': 'LUSC',
  'squamous non-small cell lung cancer': 'LUSC',
  'lung squamous cell carcinoma': 'LUSC',
  mesothelioma: 'PLMESO',
  // breast
  'breast cancer': 'BREAST',
  'breast cancers': 'BREAST',
  'breast carcinoma': 'BRCA',
  'breast neoplasms': 'BREAST',
  'triple negative breast cancer': 'BRCA',
  'triple-negative breast cancer': 'BRCA',
  'invasive breast cancer': 'BRCA',
  'metastatic breast cancer': 'BREAST',
  // gi
  'colon cancer': 'COAD',
  'colon carcinoma': 'COAD',
  'colonic neoplasms': 'COAD',
  'colon adenocarcinoma': 'COAD',
  'rectal cancer': 'READ',
  'rectal neoplasms': 'READ',
  'colorectal cancer': 'COADREAD',
  'colorectal carcinoma': 'COADREAD',
  'colorectal neoplasms': 'COADREAD',
  'colorectal adenocarcinoma': 'COADREAD',
  crc: 'COADREAD',
  'bowel cancer': 'BOWEL',
  'gastric cancer': 'STOMACH',
  'stomach cancer': 'STOMACH',
  'stomach neoplasms': 'STOMACH',
  'gastric adenocarcinoma': 'STAD',
  'gastric carcinoma': 'STAD',
  'gastroesophageal junction adenocarcinoma': 'GEJ',
  'gastroesophageal junction cancer': 'GEJ',
  'gastroesophageal cancer': 'EGC',
  'esophagogastric cancer': 'EGC',
  'esophageal cancer': 'STOMACH',
  'esophageal neoplasms': 'STOMACH',
  'esophageal carcinoma': 'STOMACH',
  'oesophageal cancer': 'STOMACH',
  'esophageal adenocarcinoma': 'ESCA',
  'pancreatic cancer': 'PANCREAS',
  'pancreatic neoplasms': 'PANCREAS',
  'pancreatic carcinoma': 'PANCREAS',
  'pancreatic adenocarcinoma': 'PAAD',
  'pancreatic ductal adenocarcinoma': 'PAAD',
  'adenocarcinoma of the pancreas': 'PAAD',
  'ampullary carcinoma': 'AMPCA',
  'ampullary cancer': 'AMPCA',
  'ampulla of vater cancer': 'AMPULLA_OF_VATER',
  'liver cancer': 'LIVER',
  'hepatocellular carcinoma': 'HCC',
  'hepatocellular cancer': 'HCC',
  'liver cell carcinoma': 'HCC',
  hcc: 'HCC',
  cholangiocarcinoma: 'CHOL',
  'biliary tract cancer': 'BILIARY_TRACT',
  'bile duct cancer': 'CHOL',
  'gallbladder cancer': 'GBC',
  'gastrointestinal stromal tumor': 'GIST',
  'gastrointestinal stromal tumors': 'GIST',
  gist: 'GIST',
  // gu
  'prostate cancer': 'PROSTATE',
  'prostatic neoplasms': 'PROSTATE',
  'prostate carcinoma': 'PROSTATE',
  'prostate adenocarcinoma': 'PRAD',
  'adenocarcinoma of the prostate': 'PRAD',
  'castration-resistant prostate cancer': 'PRAD',
  'castrate-resistant prostate cancer': 'PRAD',
  'bladder cancer': 'BLADDER',
  'urinary bladder neoplasms': 'BLADDER',
  'urothelial carcinoma': 'BLCA',
  'urothelial cancer': 'BLCA',
  'transitional cell carcinoma': 'BLCA',
  'kidney cancer': 'KIDNEY',
  'renal cancer': 'KIDNEY',
  'renal cell carcinoma': 'RCC',
  'renal cell cancer': 'RCC',
  'kidney neoplasms': 'KIDNEY',
  'clear cell renal cell carcinoma': 'CCRCC',
  'testicular cancer': 'TESTIS',
  'germ cell tumor': 'TESTIS',
  // gyn
  'cervical cancer': 'CERVIX',
  'cervix cancer': 'CERVIX',
  'uterine cervical neoplasms': 'CERVIX',
  'cervical carcinoma': 'CERVIX',
  'ovarian cancer': 'OVARY',
  'ovarian neoplasms': 'OVARY',
  'ovarian carcinoma': 'OVARY',
  'fallopian tube cancer': 'OVARY',
  'primary peritoneal cancer': 'PERITONEUM',
  'endometrial cancer': 'UCEC',
  'endometrial neoplasms': 'UCEC',
  'uterine cancer': 'UTERUS',
  // thyroid / head and neck
  'thyroid cancer': 'THYROID',
  'thyroid neoplasms': 'THYROID',
  'thyroid carcinoma': 'THYROID',
  'papillary thyroid carcinoma': 'THPA',
  'papillary thyroid cancer': 'THPA',
  'medullary thyroid carcinoma': 'THME',
  'medullary thyroid cancer': 'THME',
  'anaplastic thyroid cancer': 'THAP',
  'anaplastic thyroid carcinoma': 'THAP',
  'differentiated thyroid cancer': 'WDTC',
  'head and neck cancer': 'HEAD_NECK',
  'head and neck neoplasms': 'HEAD_NECK',
  'head and neck squamous cell carcinoma': 'HNSC',
  'squamous cell carcinoma of the head and neck': 'HNSC',
  'squamous cell carcinoma of head and neck': 'HNSC',
  hnscc: 'HNSC',
  'adenoid cystic carcinoma': 'ACYC',
  'nasopharyngeal carcinoma': 'NPC',
  // skin
  melanoma: 'MEL',
  'malignant melanoma': 'MEL',
  'cutaneous melanoma': 'SKCM',
  'uveal melanoma': 'UM',
  'ocular melanoma': 'OM',
  'mucosal melanoma': 'MEL',
  'skin cancer': 'SKIN',
  'basal cell carcinoma': 'BCC',
  'merkel cell carcinoma': 'MCC',
  // cns
  glioma: 'DIFG',
  gliomas: 'DIFG',
  glioblastoma: 'GB',
  'glioblastoma multiforme': 'GB',
  gbm: 'GB',
  'brain tumor': 'BRAIN',
  'brain tumors': 'BRAIN',
  'brain neoplasms': 'BRAIN',
  astrocytoma: 'ASTR',
  meningioma: 'MNG',
  neuroblastoma: 'NBL',
  medulloblastoma: 'MBL',
  // sarcoma
  sarcoma: 'SOFT_TISSUE',
  sarcomas: 'SOFT_TISSUE',
  'soft tissue sarcoma': 'SOFT_TISSUE',
  'soft-tissue sarcoma': 'SOFT_TISSUE',
  liposarcoma: 'LIPO',
  osteosarcoma: 'OS',
  'ewing sarcoma': 'ES',
  rhabdomyosarcoma: 'RMS',
  leiomyosarcoma: 'LMS',
  // heme. A bare "leukemia" names no lineage and OncoTree has no node above both myeloid and lymphoid
  // leukemias short of the root; it stays Myeloid (most adult leukemias), qualified names go to their node.
  leukemia: 'MYELOID',
  leukaemia: 'MYELOID',
  'acute myeloid leukemia': 'AML',
  'acute myelogenous leukemia': 'AML',
  aml: 'AML',
  'chronic myeloid leukemia': 'CML',
  'chronic myelogenous leukemia': 'CML',
  cml: 'CML',
  'myelodysplastic syndrome': 'MDS',
  'myelodysplastic syndromes': 'MDS',
  lymphoma: 'LYMPH',
  'non-hodgkin lymphoma': 'NHL',
  'hodgkin lymphoma': 'HL',
  'anaplastic large cell lymphoma': 'ALCL',
  // acute lymphoblastic leukemia without its lineage: B and T lymphoblastic share Lymphoid Neoplasm
  'acute lymphoblastic leukemia': 'LNM',
  'acute lymphocytic leukemia': 'LNM',
  'lymphoblastic leukemia': 'LNM',
  'b-cell acute lymphoblastic leukemia': 'BLL',
  'b-lymphoblastic leukemia': 'BLL',
  'b-cell all': 'BLL',
  'b-all': 'BLL',
  't-cell acute lymphoblastic leukemia': 'TLL',
  't-lymphoblastic leukemia': 'TLL',
  't-cell all': 'TLL',
  't-all': 'TLL',
  'chronic lymphocytic leukemia': 'CLLSLL',
  'small lymphocytic lymphoma': 'CLLSLL',
  cll: 'CLLSLL',
  'multiple myeloma': 'PCM',
  myeloma: 'PCM',
};

export interface DiseaseMention {
  code: string;
  phrase: string;
  start: number;
  end: number;
}

/** OncoTree nodes outside the tissue "Other" whose name is a bare histology (see buildIndex). */
const GENERIC_NAMES = new Set(['MT']);

type PhraseEntry = { words: string[]; code: string; phrase: string };
let phraseIndex: { byFirstWord: Map<string, PhraseEntry[]>; generation: number } | null = null;

/** Lower case without accents or apostrophes: "Pulmón" and "pulmon", "dell'utero" and "dellutero" match. */
function fold(s: string): string {
  // most text is ASCII: skip the Unicode normalisation there (this runs on every word of every sentence)
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase().replace(/'/g, '');
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’']/g, '');
}

function words(s: string): string[] {
  return fold(s)
    .split(/[^a-z0-9+-]+/)
    .filter(Boolean);
}

/**
 * Phrase -> code, by first word. Built once per installed vocabulary: the owned synonyms, the clinical
 * en / es / it synonyms, then every OncoTree node name (all 898 with the reference vocabularies).
 */
function buildIndex() {
  if (phraseIndex && phraseIndex.generation === vocabularyGeneration()) return phraseIndex;
  const tree = oncotree();
  const byFirstWord = new Map<string, PhraseEntry[]>();
  const seen = new Set<string>();
  const add = (phrase: string, code: string) => {
    const w = words(phrase);
    if (!w.length || !tree.has(code)) return;
    const key = w.join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    const list = byFirstWord.get(w[0]) ?? [];
    list.push({ words: w, code, phrase: key });
    byFirstWord.set(w[0], list);
  };
  // synonyms first: they win over OncoTree names with the same words
  for (const [p, c] of Object.entries(DISEASE_SYNONYMS)) add(p, c);
  for (const [p, c] of Object.entries(CLINICAL_DISEASE_SYNONYMS)) add(p, c);
  for (const node of tree.values()) {
    // tissue-level names ("Liver", "Breast", "Other") are organs, not diagnoses: only via synonyms
    if (node.code === ONCOTREE_ROOT || node.level <= 1) continue;
    // "Adenocarcinoma, NOS", "Squamous Cell Carcinoma, NOS", "Malignant Tumor" (unknown primary, brain):
    // a histology without an organ names the histology of the trial's organ, not another disease
    if (GENERIC_NAMES.has(node.code) || (node.tissue === 'Other' && !/unknown primary/i.test(node.name))) continue;
    const name = node.name.replace(/,\s*NOS$/i, '').replace(/\s*\(.*?\)\s*/g, ' ');
    if (words(name).length >= 1 && name.length >= 5) add(name, node.code);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  phraseIndex = { byFirstWord, generation: vocabularyGeneration() };
  return phraseIndex;
}

/** Finds disease mentions in text, longest phrase first, non-overlapping; case- and accent-insensitive. */
export function findDiseases(text: string): DiseaseMention[] {
  const idx = buildIndex();
  const tree = oncotree();
  const toks: Array<{ raw: string; w: string; start: number; end: number }> = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}'’+-]*/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    // hyphen compounds like "non-small" are kept as one word ("non small" is its own synonym);
    // a trailing "+" or "-" stays on the word ("HR+/HER2-")
    const raw = m[0];
    toks.push({ raw, w: fold(raw), start: m.index, end: m.index + raw.length });
  }
  const out: DiseaseMention[] = [];
  for (let i = 0; i < toks.length; i++) {
    const abbreviation = CASE_SENSITIVE_DISEASE_ABBREVIATIONS[toks[i].raw.replace(/[+-]+$/, '')];
    const cands = idx.byFirstWord.get(toks[i].w) ?? idx.byFirstWord.get(toks[i].w.replace(/[+-]+$/, ''));
    let found = false;
    for (const c of cands ?? []) {
      if (i + c.words.length > toks.length) continue;
      let ok = c.words.length > 1 || c.words[0] === toks[i].w.replace(/[+-]+$/, '');
      for (let j = 1; ok && j < c.words.length; j++) {
        const t = toks[i + j].w;
        // the phrase's last word may carry a trailing sign in the text ("... cancer-")
        if (t !== c.words[j] && !(j === c.words.length - 1 && t.replace(/[+-]+$/, '') === c.words[j])) ok = false;
      }
      if (!ok) continue;
      out.push({
        code: c.code,
        phrase: text.slice(toks[i].start, toks[i + c.words.length - 1].end),
        start: toks[i].start,
        end: toks[i + c.words.length - 1].end,
      });
      i += c.words.length - 1;
      found = true;
      break;
    }
    if (!found && abbreviation && tree.has(abbreviation)) out.push({ code: abbreviation, phrase: toks[i].raw, start: toks[i].start, end: toks[i].end });
  }
  return out;
}

/**
 * Phrases naming an organ's cancers that OncoTree does not gather under one node of their own: "esophageal
 * cancer" is the Esophagus/Stomach tissue (STOMACH) for a patient's diagnosis (one code, as unspecific as
 * what was said), but a trial for esophageal cancer is not one for gastric adenocarcinoma (read as STOMACH,
 * NCT02569242 matched a gastric patient through the tree). Read from a trial, the phrase stands for the
 * esophageal nodes: adenocarcinoma, squamous cell and poorly differentiated carcinoma. Not the junction: a
 * trial open to it says so ("esophageal or gastroesophageal junction cancer" reads GEJ as well).
 */
const ESOPHAGEAL = ['ESCA', 'ESCC', 'EPDCA'] as const;
const TRIAL_DISEASE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'esophageal cancer': ESOPHAGEAL,
  'esophageal cancers': ESOPHAGEAL,
  'esophageal neoplasms': ESOPHAGEAL,
  'esophageal carcinoma': ESOPHAGEAL,
  'oesophageal cancer': ESOPHAGEAL,
  'oesophageal carcinoma': ESOPHAGEAL,
};

/** The codes a disease mention stands for in a trial's text: its group's nodes (see TRIAL_DISEASE_GROUPS), else its code. */
export function trialMentionCodes(m: Pick<DiseaseMention, 'code' | 'phrase'>): string[] {
  const group = TRIAL_DISEASE_GROUPS[words(m.phrase).join(' ')];
  const tree = oncotree();
  return group?.some((c) => tree.has(c)) ? group.filter((c) => tree.has(c)) : [m.code];
}

/** The codes a trial's condition stands for: a group's nodes when its disease is a group phrase, else its best single code. */
export function resolveTrialDisease(text: string): string[] {
  const code = resolveDisease(text);
  if (!code) return [];
  const mentions = findDiseases(text).filter((m) => m.code === code);
  return mentions.length === 1 ? trialMentionCodes(mentions[0]) : [code];
}

/** Best single code for a short disease phrase (e.g. a condition or a patient's diagnosis). */
export function resolveDisease(text: string): string | undefined {
  const tree = oncotree();
  // prefer the most specific (deepest) code mentioned
  const deepest = (texts: string[]) =>
    texts
      .flatMap((v) => findDiseases(v))
      .map((m) => m.code)
      .sort((a, b) => (tree.get(b)?.level ?? 0) - (tree.get(a)?.level ?? 0))[0];
  const [orders, carcinoma] = diseaseVariants(text);
  const code = deepest(orders);
  // "... cancer" read as "... carcinoma" only when the words name no disease otherwise
  return code && code !== ONCOTREE_ROOT ? code : (deepest(carcinoma) ?? code);
}

/**
 * Spellings of a short disease phrase to look up: [the phrase as written, MeSH-style inverted headings
 * put back in reading order ("Neoplasms, Breast" -> "Breast Neoplasms", "Lung cancer, non-small cell" ->
 * "non-small cell Lung cancer") and hyphenated "small-cell" as "small cell"], and [those with "cancer"
 * read as "carcinoma" ("head and neck squamous cell cancer")].
 */
export function diseaseVariants(text: string): [string[], string[]] {
  const out = [text];
  const parts = text.split(/\s*,\s*/).filter(Boolean);
  if (parts.length > 1 && parts.length <= 4 && parts.every((p) => p.split(/\s+/).length <= 5)) out.push([...parts].reverse().join(' '));
  for (const v of [...out]) {
    const unhyphen = v.replace(/\b(small|large|non-small|squamous|clear|germ|giant|round|spindle)-(cell)\b/gi, '$1 $2');
    if (unhyphen !== v) out.push(unhyphen);
  }
  return [out, out.filter((v) => /\bcancers?\b/i.test(v)).map((v) => v.replace(/\bcancers?\b/gi, 'carcinoma'))];
}
