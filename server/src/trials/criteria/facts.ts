/**
 * Patient facts and helpers the criterion kinds share (criteria/<kind>/): the patient view built once per
 * match, facts derived from it lazily, lab values in a criterion's unit, and the words' small pieces.
 */
import {
  ASKED_COMORBIDITIES,
  EXCLUDES,
  GLEASON_OF_GRADE_GROUP,
  msg,
  renderMessage,
  type CriterionMessage,
  type CompiledCriterion,
  type CriterionResult,
  type CriterionSpec,
  type CriterionStatus,
  type PatientData,
  type Biomarker,
  type LabValue,
} from '@oncodesk/shared/contracts';
import { ancestors, isWithin, oncoNode, ONCOTREE_ROOT, subtree } from '../../vocab/diseaseTree';
import { drugClassLabel, drugClasses, findDrugs, normalizeDrug } from '../../vocab/drugKnowledge';
import { normalizeGene } from '../../vocab/geneNames';
import { parseStage } from '../compiler/stage';
import { stageMeansDistant } from '../../vocab/stage';
import { canonicalProteinChange, proteinChangeMatches } from '../../vocab/proteinChange';
import { convertLab, impliedUnit, LAB_BY_KEY, labText, toUcum } from '../../vocab/labUnits';

/** Three-valued truth of the condition a criterion describes, with the patient fact used. */
export interface Holds {
  holds: boolean | undefined;
  /** English renderings of factMsg / reasonMsg (API, CSV, logs). */
  fact?: string;
  reason: string;
  /** The reason as an exclusion criterion gives it ("excludes: …"), made once with the rest. */
  excludesReason: string;
  factMsg?: CriterionMessage;
  reasonMsg: CriterionMessage;
}

/** Patient facts precomputed once per match run (normalised drugs, genes, stage...). */
export interface PatientView {
  p: PatientData;
  drugs: Set<string>;
  classes: Set<string>;
  /** Drugs and classes a class answer may stand for but does not establish ("platinum" may be cisplatin). */
  possibleDrugs: Set<string>;
  possibleClasses: Set<string>;
  anyPriorTherapy: boolean;
  treatmentsKnown: boolean;
  lines?: number;
  /**
   * The fewest prior lines the record shows when it does not count them (lines unset): 1 when it records a
   * systemic therapy given outside the (neo)adjuvant setting ("progressed on osimertinib"), else 0. It can meet a
   * minimum number of lines, never decide a maximum (an unrecorded adjuvant setting would make a line of none).
   */
  linesAtLeast: number;
  alterations: Array<{ gene: string; proteinChange?: string; category: string }>;
  genomicsKnown: boolean;
  hasBrainMets?: boolean;
  /** Patient's OncoTree code (upper case) when known and valid, with its lineage for O(1) subtree tests. */
  code?: string;
  lineage: Set<string>;
  /** Further facts the hot path derives lazily (parsed stage, TMB, receptors...). */
  derived?: unknown;
  /**
   * What the trial's targets are compared with for ranking: the alterations, plus PD-L1 (CD274)
   * expression when the patient has a PD-L1 result (the target of anti-PD-1 / PD-L1 trials). Not used
   * to evaluate criteria: a PD-L1 result says nothing about the genomic profile.
   */
  targetAlterations: Array<{ gene: string; proteinChange?: string; category: string }>;
  /** Lab values already converted to a criterion's unit (see labOf): per analyte, by the unit or, without one, the threshold. */
  labCache?: Map<string, Map<string | number, LabValue | null>>;
  /**
   * Truths and explanations already worked out for this patient, by specKey: one condition recurs across
   * hundreds of trials ("no active hepatitis B", "ANC >= 1500"), and a match explains a hundred of them.
   */
  truths?: Map<string, boolean | undefined>;
  explained?: Map<string, Holds>;
}

/** The patient's alterations plus CD274 expression for a PD-L1 result (see PatientView.targetAlterations). */
export function targetAlterations(
  p: Pick<PatientData, 'biomarkers'>,
  alterations: Array<{ gene: string; proteinChange?: string; category: string }>,
): Array<{ gene: string; proteinChange?: string; category: string }> {
  const pdl1 = (p.biomarkers ?? []).some((b) => /^PD-?L1$/i.test(b.name));
  return pdl1 && !alterations.some((a) => a.gene === 'CD274') ? [...alterations, { gene: 'CD274', category: 'expression' }] : alterations;
}

export function viewPatient(p: PatientData): PatientView {
  const drugs = new Set<string>();
  const classes = new Set<string>();
  const possibleDrugs = new Set<string>();
  const possibleClasses = new Set<string>();
  let systemic = false;
  let lineGiven = false;
  for (const t of p.priorTreatments ?? []) {
    // local treatments; an 'other' entry with classes is a keyed supportive drug (denosumab): known, not a line
    if (t.kind === 'surgery' || t.kind === 'radiation' || (t.kind === 'other' && !t.classes)) continue;
    if (t.kind !== 'other') {
      systemic = true;
      if (t.setting !== 'adjuvant' && t.setting !== 'neoadjuvant') lineGiven = true;
    }
    // keyed answers say their classes; only free text (a typed description) is read for drug names
    for (const c of t.classes ?? []) classes.add(c);
    for (const d of t.candidates ?? []) {
      possibleDrugs.add(d);
      for (const c of drugClasses(d)) possibleClasses.add(c);
    }
    if (t.candidates) continue; // a class answer names no single drug
    const d = normalizeDrug(t.name);
    if (d) drugs.add(d);
    else if (t.kind !== 'drug_class' && t.classes) drugs.add(t.name.toLowerCase());
    if (t.classes) continue;
    for (const m of findDrugs(t.name)) {
      if (m.drug) drugs.add(m.drug);
      if (m.drugClass) classes.add(m.drugClass);
    }
  }
  for (const d of drugs) for (const c of drugClasses(d)) classes.add(c);
  if (classes.has('anti_pd1_pdl1') || classes.has('anti_ctla4')) classes.add('immunotherapy');
  for (const d of drugs) possibleDrugs.delete(d);
  for (const c of classes) possibleClasses.delete(c);
  const lineNumbers = (p.priorTreatments ?? []).map((t) => t.line).filter((x): x is number => typeof x === 'number');
  const lines = p.priorLines ?? (lineNumbers.length ? Math.max(...lineNumbers) : undefined);
  const alterations = (p.alterations ?? []).map((a) => ({
    gene: normalizeGene(a.gene) ?? a.gene.toUpperCase(),
    proteinChange: a.proteinChange ? canonicalProteinChange(a.proteinChange) : undefined,
    category: a.category ?? 'mutation',
  }));
  const sites = (p.metastasisSites ?? []).map((s) => s.toLowerCase());
  const hasBrainMets = sites.some((s) => /brain|cns|cerebr|intracran/.test(s))
    ? true
    : p.brainMetastasesTreated !== undefined
      ? true
      : p.metastatic === false
        ? false
        : sites.length
          ? false
          : undefined;
  const code = p.oncotreeCode && oncoNode(p.oncotreeCode) ? p.oncotreeCode.toUpperCase() : undefined;
  return {
    p,
    code,
    lineage: new Set(code ? ancestors(code) : []),
    drugs,
    classes,
    possibleDrugs,
    possibleClasses,
    anyPriorTherapy: systemic,
    treatmentsKnown: (p.priorTreatments ?? []).length > 0 || p.priorLines !== undefined,
    lines,
    linesAtLeast: lines ?? (lineGiven ? 1 : 0),
    alterations,
    genomicsKnown: alterations.length > 0,
    hasBrainMets,
    derived: undefined,
    targetAlterations: targetAlterations(p, alterations),
  };
}

/**
 * Whether the patient received a drug ("d:<generic>") or a drug of a class ("c:<key>"): true, false, or
 * undefined when only a class answer covers it ("platinum" for cisplatin, "EGFR TKI" for a 3rd-generation
 * one). The one definition the explained, quick and packed paths share.
 */
export function therapyHolds(v: PatientView, key: string): boolean | undefined {
  return receivedHolds(v, key.startsWith('d:'), key.slice(2));
}

/** therapyHolds of a drug (isDrug) or class named without its prefix: the criteria's lists are read without building keys. */
export function receivedHolds(v: PatientView, isDrug: boolean, name: string): boolean | undefined {
  if (isDrug ? v.drugs.has(name) : v.classes.has(name)) return true;
  if (isDrug ? v.possibleDrugs.has(name) : v.possibleClasses.has(name)) return undefined;
  return false;
}

/** Prior-therapy truth over a criterion's drugs and classes (any of them), three-valued. */
export function anyTherapyHolds(v: PatientView, drugs: string[], classes: string[]): boolean | undefined {
  let unknown = false;
  for (const d of drugs) {
    const h = receivedHolds(v, true, d);
    if (h) return true;
    if (h === undefined) unknown = true;
  }
  for (const c of classes) {
    const h = receivedHolds(v, false, c);
    if (h) return true;
    if (h === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

/** Tumour markers the survey records as biomarkers, by lab analyte (the survey asks them in these units). */
export const MARKER_LABS: Record<string, Biomarker['name']> = { psa: 'PSA', afp: 'AFP', cea: 'CEA', ca125: 'CA-125', ca19_9: 'CA19-9' };

/**
 * The patient's value of an analyte in the criterion's unit: from the labs, or a tumour marker the survey
 * recorded ("PSA 5.2 ng/mL"). Units are converted through UCUM (vocab/labUnits); a criterion written
 * without a unit is read in the analyte's customary unit its threshold fits ("ANC >= 1500": per µL).
 * Undefined (unknown) when the value is missing or the units cannot be compared. "× ULN" thresholds get
 * the value with its upper limit of normal, both in the unit the laboratory reported. Memoised on the view:
 * the same criterion recurs across thousands of trials.
 */
export function labOf(v: PatientView, analyte: string, unit: string | undefined, threshold: number): LabValue | undefined {
  // keyed without building a string: labOf runs for every lab condition of the trials a search scans
  const key = unit ? unit : threshold;
  const labs = (v.labCache ??= new Map());
  let cache = labs.get(analyte);
  if (!cache) labs.set(analyte, (cache = new Map()));
  if (cache.has(key)) return cache.get(key) ?? undefined;
  const found = recordedLab(v.p, analyte);
  let out: LabValue | undefined;
  if (found && unit === 'xULN') out = found;
  else if (found) {
    const want = unit ?? impliedUnit(analyte, threshold);
    // a value given without a unit (an API caller's) is taken in the criterion's unit, as before units were compared
    const value = found.unit ? convertLab(analyte, found.value, found.unit, want) : found.value;
    if (value !== undefined) out = { analyte, value, ...(want ? { unit: want } : {}) };
  }
  cache.set(key, out ?? null);
  return out;
}

export function recordedLab(p: PatientData, analyte: string): LabValue | undefined {
  if (p.labs) for (const l of p.labs) if (l.analyte === analyte) return l;
  const name = MARKER_LABS[analyte];
  const b = name ? p.biomarkers.find((x) => x.name === name) : undefined;
  const value = b ? Number(b.value) : NaN;
  // a marker has no upper limit of normal on record: "× ULN" thresholds stay unknown
  return b && Number.isFinite(value) ? { analyte, value, unit: b.unit ?? LAB_BY_KEY.get(analyte)?.unit } : undefined;
}

/** Whether the patient is in a disease state; undefined when the survey did not record it. */
export function diseaseStateHolds(state: 'castration_resistant' | 'castration_sensitive' | 'rai_refractory', p: PatientData): boolean | undefined {
  if (state === 'rai_refractory') return p.raiRefractory;
  if (!p.castrationStatus) return undefined;
  return p.castrationStatus === (state === 'castration_resistant' ? 'resistant' : 'sensitive');
}

export function cmp(op: string, a: number, b: number): boolean {
  switch (op) {
    case '>=':
      return a >= b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '<':
      return a < b;
    default:
      return a === b;
  }
}

export const ECOG_TO_KPS: Record<number, [number, number]> = { 0: [90, 100], 1: [70, 80], 2: [50, 60], 3: [30, 40], 4: [10, 20] };

/** Does a protein change belong to the variant class (e.g. "E746_A750del" is an in-frame deletion)? */
export function variantClassMatches(cls: string | undefined, pc: string | undefined): boolean {
  if (!cls) return true;
  if (!pc) return false;
  const p = pc.toUpperCase();
  switch (cls) {
    case 'missense':
      return /^[A-Z]\d+[A-Z]$/.test(p);
    case 'nonsense':
      return /^[A-Z]\d+(\*|X|TER)$/.test(p);
    case 'frameshift':
      return /FS/.test(p);
    case 'in_frame_deletion':
      return /DEL/.test(p) && !/FS/.test(p);
    case 'in_frame_insertion':
      return /(INS|DUP)/.test(p) && !/FS/.test(p);
    case 'splice':
      return /SPLICE|SKIP/.test(p);
    default:
      return true;
  }
}

export function categoryMatches(want: string, have: string): boolean {
  if (want === 'any') return have !== 'wild_type';
  if (want === have) return true;
  if (want === 'mutation' && (have === 'deletion' || have === 'other')) return false;
  return false;
}

/**
 * Whether a recorded alteration (not a wild-type) goes against a wild-type requirement: any alteration of the
 * gene for "KRAS wild-type", a mutation only for "KRAS not mutated" (an amplification neither meets nor fails it).
 */
export function breaksWildType(spec: { category: string }, have: string): boolean {
  return spec.category === 'any' || categoryMatches(spec.category, have);
}

export function biomarker(p: PatientData, name: string) {
  return (p.biomarkers ?? []).find((b) => b.name === name);
}

export const range = (min: number | undefined, max: number | undefined, top: number | string) => `${min ?? 0}–${max ?? top}`;
/** A line-of-therapy bound in words: "no prior line" (first line only), "at least N", else the range. */
export const linesRule = (min: number | undefined, max: number | undefined): CriterionMessage =>
  max === 0
    ? msg('priorLinesNone')
    : max === undefined && min !== undefined
      ? msg('priorLinesAtLeast', { min })
      : msg('priorLines', { range: range(min, max, '∞') });
// the category as a value the reader's language names ("BRCA1 @{mutation}": "BRCA1 mutación")
export const altText = (a: { gene: string; proteinChange?: string; category: string }) => `${a.gene} ${a.proteinChange ?? `@{${a.category}}`}`;

/** Comorbidity conditions the survey asks: "none of these" decides only these (contract ASKED_COMORBIDITIES). */
export const ASKED = new Set<string>(ASKED_COMORBIDITIES);
/** Medications a comorbidity answer establishes ("long-term steroid or immunosuppressive treatment"). */
export const MEDICATION_FROM_CONDITION: Record<string, string> = { corticosteroid: 'immunosuppression', immunosuppressant: 'immunosuppression' };
/** Recent-therapy types a patient who never received systemic therapy cannot have had. */
export const SYSTEMIC_RECENT = new Set(['systemic', 'chemotherapy', 'immunotherapy', 'targeted', 'hormonal']);

/** Whether the patient's comorbidity answers say they have a condition; false only for asked conditions answered "none". */
export function conditionHolds(list: string[], condition: string): boolean | undefined {
  if (!list.length) return undefined;
  for (const l of list) if (l === condition) return true;
  if (!ASKED.has(condition)) return undefined;
  for (const l of list) if (l === 'none' || (l.length === condition.length + 3 && l.startsWith('no_') && l.endsWith(condition))) return false;
  return undefined;
}

/** Stage labels parsed once per label (a small closed vocabulary: "IIIB", "IV", ...). */
export const stageCache = new Map<string, { n: number; letter?: string } | null>();
export function stageOf(s: string): { n: number; letter?: string } | undefined {
  let r = stageCache.get(s);
  if (r === undefined) {
    r = parseStage(s) ?? null;
    if (stageCache.size < 10_000) stageCache.set(s, r);
  }
  return r ?? undefined;
}

/** Per-patient facts the hot path reads, derived once per view (lazily). */
export interface Derived {
  stage: { n: number; letter?: string } | undefined;
  met: boolean | undefined;
  metSites: string[];
  tmb: number | undefined;
  msi: string | undefined;
  mmrDef: boolean | undefined;
  comorbidities: string[];
  /** ECOG implied by Karnofsky when ECOG is not recorded. */
  ecogFromKps: number | undefined;
  subtree: Set<string>;
  /** Receptor value (lower case) per marker, parseFloat of it, positive/low flags. */
  receptors: Map<string, { value: string; n: number; pos: boolean; low: boolean } | null>;
  hasBiomarkers: boolean;
}

export function derived(v: PatientView): Derived {
  let d = v.derived as Derived | undefined;
  if (d) return d;
  const p = v.p;
  const stage = p.stage ? stageOf(p.stage) : undefined;
  // "TMB-high" as written (no number): at the FDA's TMB-high threshold, 10 mut/Mb
  const tmbB = biomarker(p, 'TMB')?.value;
  const tmbRaw = p.tmb ?? (tmbB && /^high$/i.test(tmbB) ? 10 : Number(tmbB));
  const msiB = biomarker(p, 'MSI');
  const mmrB = biomarker(p, 'MMR')?.value.toLowerCase();
  const k = p.karnofsky;
  d = {
    stage,
    // the record's extent: "metastatic" is; "localized" and "locally advanced" are disease without distant metastases
    met:
      p.metastatic ??
      (p.diseaseExtent === 'metastatic' ? true : p.diseaseExtent === 'localized' || p.diseaseExtent === 'locally_advanced' ? false : undefined) ??
      stageMeansDistant(p.focusArea, p.stage) ??
      (p.tnm?.m ? /1/.test(p.tnm.m) : undefined),
    metSites: (p.metastasisSites ?? []).map((s) => s.toLowerCase()),
    tmb: tmbRaw === undefined || Number.isNaN(tmbRaw) ? undefined : tmbRaw,
    // "MSI-H" as reports write it is high; an MSI value that reads as neither high nor stable / low decides nothing
    msi:
      p.msi ?? (!msiB ? undefined : /high|msi-?h\b/i.test(msiB.value) ? 'high' : /stable|mss|low|msi-?l\b|negative/i.test(msiB.value) ? 'stable' : undefined),
    mmrDef: mmrB ? /defic|dmmr|loss/.test(mmrB) : p.msi === 'high' ? true : p.msi ? false : undefined,
    comorbidities: (p.comorbidities ?? []).map((c) => c.toLowerCase()),
    ecogFromKps: k === undefined ? undefined : k >= 90 ? 0 : k >= 70 ? 1 : k >= 50 ? 2 : k >= 30 ? 3 : 4,
    subtree: new Set(v.code ? subtree(v.code) : []),
    receptors: new Map(),
    hasBiomarkers: (p.biomarkers ?? []).length > 0,
  };
  v.derived = d;
  return d;
}

export function receptorOf(v: PatientView, d: Derived, marker: string) {
  let r = d.receptors.get(marker);
  if (r !== undefined) return r;
  let value = biomarker(v.p, marker)?.value.toLowerCase();
  if (!value && marker === 'HER2' && v.alterations.some((a) => a.gene === 'ERBB2' && (a.category === 'amplification' || a.category === 'expression')))
    value = 'positive';
  if (!value) r = null;
  else {
    const n = parseFloat(value);
    r = { value, n, pos: /pos|\+|high|amplif|3\+/.test(value) || (!Number.isNaN(n) && n >= 1), low: /low|1\+|2\+/.test(value) };
  }
  d.receptors.set(marker, r);
  return r;
}

export const inRange = (x: number, min: number | undefined, max: number | undefined) => (min === undefined || x >= min) && (max === undefined || x <= max);

/** A reason saying the patient record lacks a fact ("@age" names it in the reader's language). */
export const unrecorded = (what: string) => ({ reason: msg('notRecorded', { what: `@${what}` }) });
