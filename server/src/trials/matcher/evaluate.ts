import { ASKED_COMORBIDITIES, EXCLUDES, GLEASON_OF_GRADE_GROUP, msg, renderMessage, type CriterionMessage, type CompiledCriterion, type CriterionResult, type CriterionSpec, type CriterionStatus, type PatientData, type Biomarker, type LabValue } from '@oncodesk/shared/contracts';
import { ancestors, isWithin, oncoNode, ONCOTREE_ROOT, subtree } from '../../vocab/diseaseTree';
import { drugClassLabel, drugClasses, findDrugs, normalizeDrug } from '../../vocab/drugKnowledge';
import { normalizeGene } from '../../vocab/geneNames';
import { parseStage } from '../compiler/stage';
import { stageMeansDistant } from '../../vocab/stage';
import { canonicalProteinChange, proteinChangeMatches } from '../../vocab/proteinChange';
import { convertLab, impliedUnit, LAB_BY_KEY, labText, toUcum } from '../../vocab/labUnits';
import { specKey } from './specKey';

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
export function targetAlterations(p: Pick<PatientData, 'biomarkers'>, alterations: Array<{ gene: string; proteinChange?: string; category: string }>): Array<{ gene: string; proteinChange?: string; category: string }> {
  const pdl1 = (p.biomarkers ?? []).some((b) => /^PD-?L1$/i.test(b.name));
  return pdl1 && !alterations.some((a) => a.gene === 'CD274') ? [...alterations, { gene: 'CD274', category: 'expression' }] : alterations;
}

export function viewPatient(p: PatientData): PatientView {
  const drugs = new Set<string>();
  const classes = new Set<string>();
  const possibleDrugs = new Set<string>();
  const possibleClasses = new Set<string>();
  let systemic = false;
  for (const t of p.priorTreatments ?? []) {
    // local treatments; an 'other' entry with classes is a keyed supportive drug (denosumab): known, not a line
    if (t.kind === 'surgery' || t.kind === 'radiation' || (t.kind === 'other' && !t.classes)) continue;
    if (t.kind !== 'other') systemic = true;
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
  const alterations = (p.alterations ?? []).map((a) => ({ gene: normalizeGene(a.gene) ?? a.gene.toUpperCase(), proteinChange: a.proteinChange ? canonicalProteinChange(a.proteinChange) : undefined, category: a.category ?? 'mutation' }));
  const sites = (p.metastasisSites ?? []).map((s) => s.toLowerCase());
  const hasBrainMets = sites.some((s) => /brain|cns|cerebr|intracran/.test(s)) ? true : p.brainMetastasesTreated !== undefined ? true : p.metastatic === false ? false : sites.length ? false : undefined;
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
function receivedHolds(v: PatientView, isDrug: boolean, name: string): boolean | undefined {
  if (isDrug ? v.drugs.has(name) : v.classes.has(name)) return true;
  if (isDrug ? v.possibleDrugs.has(name) : v.possibleClasses.has(name)) return undefined;
  return false;
}

/** Prior-therapy truth over a criterion's drugs and classes (any of them), three-valued. */
function anyTherapyHolds(v: PatientView, drugs: string[], classes: string[]): boolean | undefined {
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
const MARKER_LABS: Record<string, Biomarker['name']> = { psa: 'PSA', afp: 'AFP', cea: 'CEA', ca125: 'CA-125', ca19_9: 'CA19-9' };

/**
 * The patient's value of an analyte in the criterion's unit: from the labs, or a tumour marker the survey
 * recorded ("PSA 5.2 ng/mL"). Units are converted through UCUM (vocab/labUnits); a criterion written
 * without a unit is read in the analyte's customary unit its threshold fits ("ANC >= 1500": per µL).
 * Undefined (unknown) when the value is missing or the units cannot be compared. "× ULN" thresholds get
 * the value with its upper limit of normal, both in the unit the laboratory reported. Memoised on the view:
 * the same criterion recurs across thousands of trials.
 */
function labOf(v: PatientView, analyte: string, unit: string | undefined, threshold: number): LabValue | undefined {
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

function recordedLab(p: PatientData, analyte: string): LabValue | undefined {
  if (p.labs) for (const l of p.labs) if (l.analyte === analyte) return l;
  const name = MARKER_LABS[analyte];
  const b = name ? p.biomarkers.find((x) => x.name === name) : undefined;
  const value = b ? Number(b.value) : NaN;
  // a marker has no upper limit of normal on record: "× ULN" thresholds stay unknown
  return b && Number.isFinite(value) ? { analyte, value, unit: b.unit ?? LAB_BY_KEY.get(analyte)?.unit } : undefined;
}

/** Whether the patient is in a disease state; undefined when the survey did not record it. */
function diseaseStateHolds(state: 'castration_resistant' | 'castration_sensitive' | 'rai_refractory', p: PatientData): boolean | undefined {
  if (state === 'rai_refractory') return p.raiRefractory;
  if (!p.castrationStatus) return undefined;
  return p.castrationStatus === (state === 'castration_resistant' ? 'resistant' : 'sensitive');
}

function cmp(op: string, a: number, b: number): boolean {
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

const ECOG_TO_KPS: Record<number, [number, number]> = { 0: [90, 100], 1: [70, 80], 2: [50, 60], 3: [30, 40], 4: [10, 20] };

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

function categoryMatches(want: string, have: string): boolean {
  if (want === 'any') return have !== 'wild_type';
  if (want === have) return true;
  if (want === 'mutation' && (have === 'deletion' || have === 'other')) return false;
  return false;
}

/**
 * Whether a recorded alteration (not a wild-type) goes against a wild-type requirement: any alteration of the
 * gene for "KRAS wild-type", a mutation only for "KRAS not mutated" (an amplification neither meets nor fails it).
 */
function breaksWildType(spec: { category: string }, have: string): boolean {
  return spec.category === 'any' || categoryMatches(spec.category, have);
}

function biomarker(p: PatientData, name: string) {
  return (p.biomarkers ?? []).find((b) => b.name === name);
}

/**
 * A criterion's truth with the patient fact it rests on and the reason, for the explanation the
 * clinician reads. The truth is quickHolds' (the one definition of every kind); this adds only words.
 */
export function evaluateSpec(spec: CriterionSpec, v: PatientView): Holds {
  const key = specKey(spec);
  const memo = (v.explained ??= new Map());
  let h = memo.get(key);
  if (!h) {
    h = explainHolds(spec, v, holdsFor(spec, v));
    memo.set(key, h);
  }
  return h;
}

/**
 * The words of a condition whose truth is known (quickHolds' for this patient): evaluateSpec's, and the hot
 * loop's when it explains a returned trial by the condition ids it already read (matcher/index.ts).
 */
export function explainHolds(spec: CriterionSpec, v: PatientView, holds: boolean | undefined): Holds {
  const { fact, reason } = describeSpec(spec, v, holds);
  // shared by every criterion with this condition: read-only from here on
  const said = renderMessage(reason);
  return Object.freeze({ holds, fact: fact && renderMessage(fact), reason: said, excludesReason: `${EXCLUDES.en}: ${said}`, factMsg: fact, reasonMsg: reason });
}

/** quickHolds, memoised on the view by specKey (the same condition recurs across trials). */
export function holdsFor(spec: CriterionSpec, v: PatientView): boolean | undefined {
  const key = specKey(spec);
  const memo = (v.truths ??= new Map());
  if (memo.has(key)) return memo.get(key);
  const h = quickHolds(spec, v);
  memo.set(key, h);
  return h;
}

const range = (min: number | undefined, max: number | undefined, top: number | string) => `${min ?? 0}–${max ?? top}`;
/** A line-of-therapy bound in words: "no prior line" (first line only), "at least N", else the range. */
const linesRule = (min: number | undefined, max: number | undefined): CriterionMessage =>
  max === 0 ? msg('priorLinesNone') : max === undefined && min !== undefined ? msg('priorLinesAtLeast', { min }) : msg('priorLines', { range: range(min, max, '∞') });
// the category as a value the reader's language names ("BRCA1 @{mutation}": "BRCA1 mutación")
const altText = (a: { gene: string; proteinChange?: string; category: string }) => `${a.gene} ${a.proteinChange ?? `@{${a.category}}`}`;

/** The patient fact and the reason behind a truth value, as messages (words only: no rule is decided here). */
function describeSpec(spec: CriterionSpec, v: PatientView, holds: boolean | undefined): { fact?: CriterionMessage; reason: CriterionMessage } {
  const p = v.p;
  const unrecorded = (what: string) => ({ reason: msg('notRecorded', { what: `@${what}` }) });
  switch (spec.kind) {
    case 'age':
      return p.age === undefined ? unrecorded('age') : { fact: msg('age', { age: p.age }), reason: msg('requiresAge', { range: range(spec.min, spec.max, '∞') }) };
    case 'sex':
      if (!p.gender) return unrecorded('sex');
      return { fact: msg('sex', { sex: `@sex_${p.gender}` }), reason: msg('restrictedTo', { sex: `@${spec.sex}` }) };
    case 'ecog': {
      if (p.ecog !== undefined) return { fact: msg('ecog', { value: p.ecog }), reason: msg('ecogRange', { range: range(spec.min, spec.max, 4) }) };
      const e = derived(v).ecogFromKps;
      return e === undefined ? unrecorded('ECOG') : { fact: msg('karnofskyAsEcog', { kps: p.karnofsky!, ecog: e }), reason: msg('ecogFromKarnofsky') };
    }
    case 'karnofsky': {
      if (p.karnofsky !== undefined) return { fact: msg('karnofsky', { value: p.karnofsky }), reason: msg('karnofskyRange', { range: range(spec.min, spec.max, 100) }) };
      if (p.ecog === undefined) return unrecorded('Karnofsky');
      const [lo, hi] = ECOG_TO_KPS[p.ecog];
      return { fact: msg('ecogAsKarnofsky', { ecog: p.ecog, range: `${lo}–${hi}` }), reason: msg('karnofskyFromEcog') };
    }
    case 'stage':
      if (!p.stage && !p.tnm) return unrecorded('stage');
      if (spec.groups.length && p.stage) return { fact: msg('stage', { stage: p.stage }), reason: derived(v).stage ? msg('stageGroups', { groups: spec.groups.join('/') }) : msg('stageUnreadable') };
      if (p.tnm && (spec.t || spec.n || spec.m)) return { fact: msg('tnmFact', { tnm: `${p.tnm.t ?? ''}${p.tnm.n ?? ''}${p.tnm.m ?? ''}` }), reason: msg('tnm') };
      return { reason: msg('stageNotComparable') };
    case 'metastatic': {
      const d = derived(v);
      const reason = msg('requiresState', { state: spec.state === 'non_metastatic' ? '@non-metastatic' : `@${spec.state}` });
      if (d.met !== undefined) return { fact: msg('value', { value: d.met ? '@metastatic' : '@not metastatic' }), reason };
      if (spec.state === 'advanced' && d.stage) return { fact: msg('stage', { stage: p.stage! }), reason };
      if (spec.state === 'advanced' && p.resectable === false) return { fact: msg('value', { value: '@unresectable' }), reason };
      return { reason };
    }
    case 'metastasis_site': {
      const sites = derived(v).metSites;
      const reason = msg('sitesMetastases', { site: spec.site });
      if (sites.length) return { fact: msg('metastasesAt', { sites: sites.join(', ') }), reason };
      return p.metastatic === false ? { fact: msg('value', { value: '@not metastatic' }), reason } : unrecorded('metastatic sites');
    }
    case 'brain_metastases': {
      if (v.hasBrainMets === undefined) return unrecorded('brain metastasis status');
      const reason = spec.condition === 'any' ? msg('value', { value: '@brain metastases' }) : msg('brainMetastases', { condition: `@${spec.condition}` });
      if (!v.hasBrainMets) return { fact: msg('value', { value: '@no brain metastases' }), reason };
      const treated = p.brainMetastasesTreated;
      if (spec.condition === 'any') return { fact: msg('value', { value: '@brain metastases' }), reason };
      return { fact: treated === undefined ? msg('brainMetsUnknownTreatment') : msg('value', { value: treated ? '@treated brain metastases' : '@untreated brain metastases' }), reason };
    }
    case 'diagnosis': {
      const text = p.diagnosisText ? msg('value', { value: p.diagnosisText }) : undefined;
      if (spec.unresolved) return { fact: text, reason: msg('diseaseUnresolved', { text: spec.text ?? '—' }) };
      if (!p.oncotreeCode) return { fact: text, ...unrecorded('OncoTree diagnosis') };
      const code = v.code;
      if (!code) return { fact: msg('diagnosisCode', { code: p.oncotreeCode.toUpperCase() }), reason: msg('unknownCode') };
      const fact = msg('diagnosisNamed', { code, name: oncoNode(code)?.name ?? code });
      if (holds) {
        const c = spec.codes.find((x) => v.lineage.has(x))!;
        return { fact, reason: msg(c === code ? 'trialDisease' : 'trialDiseaseSubtree', { codes: c }) };
      }
      return { fact, reason: msg(holds === undefined ? 'moreSpecificDiagnosis' : 'trialDisease', { codes: spec.codes.join(', ') }) };
    }
    case 'alteration': {
      const gene = spec.gene;
      const inGene = gene === '*' ? v.alterations : v.alterations.filter((a) => a.gene === gene);
      const mutated = inGene.filter((a) => a.category !== 'wild_type');
      const label = `${gene}${spec.proteinChange ? ' ' + spec.proteinChange + (spec.wildcard ? '*' : '') : ''}${spec.category !== 'any' ? ` @{${spec.category}}` : ''}`;
      const list = (xs: typeof mutated) => msg('value', { value: xs.map(altText).join(', ') });
      if (spec.wildType) {
        const against = mutated.filter((a) => breaksWildType(spec, a.category));
        if (against.length) return { fact: list(against), reason: msg('requiresWildType', { gene }) };
        return holds ? { fact: msg('wildType', { gene }), reason: msg('requiresWildType', { gene }) } : { reason: msg('notRecorded', { what: gene }) };
      }
      if (!v.alterations.length) return { reason: msg('noGenomics') };
      if (holds) {
        const hit = mutated.find((a) => categoryMatches(spec.category, a.category) && (!spec.proteinChange || proteinChangeMatches(a.gene, spec.proteinChange, spec.wildcard, a.proteinChange)));
        return { fact: hit ? msg('value', { value: altText(hit) }) : list(mutated), reason: msg('alteration', { label }) };
      }
      if (holds === undefined) {
        const bare = mutated.find((a) => !a.proteinChange);
        if (bare && bare.category === 'other') return { fact: msg('alteredKindUnknown', { gene: bare.gene }), reason: msg('alterationKindNotReported', { label }) };
        if (bare) return { fact: msg('variantUnknown', { gene: bare.gene, category: `@${bare.category}` }), reason: msg('variantNotReported', { label }) };
        return { reason: msg('expressionNotSequenced', { label }) };
      }
      if (mutated.length) return { fact: list(mutated), reason: msg('differentVariant', { label }) };
      if (inGene.length) return { fact: msg('wildType', { gene }), reason: msg('alteration', { label }) };
      return { fact: msg('notAmongAlterations'), reason: msg('alteration', { label }) };
    }
    case 'tmb': {
      const t = derived(v).tmb;
      return t === undefined ? { reason: msg('notRecorded', { what: 'TMB' }) } : { fact: msg('measured', { what: 'TMB', value: t }), reason: msg('compare', { what: 'TMB', op: spec.op, value: spec.value }) };
    }
    case 'msi': {
      const m = derived(v).msi;
      return m ? { fact: msg('status', { what: 'MSI', status: `@${m}` }), reason: msg('status', { what: 'MSI', status: `@${spec.status}` }) } : { reason: msg('notRecorded', { what: 'MSI' }) };
    }
    case 'mmr': {
      const def = derived(v).mmrDef;
      return def === undefined ? { reason: msg('notRecorded', { what: 'MMR' }) } : { fact: msg('value', { value: def ? 'dMMR' : 'pMMR' }), reason: msg('status', { what: 'MMR', status: `@${spec.status}` }) };
    }
    case 'receptor': {
      const r = receptorOf(v, derived(v), spec.marker);
      if (!r) return { reason: msg('notRecorded', { what: spec.marker }) };
      if (spec.marker === 'PD-L1' && spec.value !== undefined && !Number.isNaN(r.n)) return { fact: msg('measured', { what: 'PD-L1', value: `${r.n}%` }), reason: msg('compare', { what: 'PD-L1', op: spec.op ?? '>=', value: `${spec.value}%` }) };
      return { fact: msg('measured', { what: spec.marker, value: /^(?:positive|negative|low|high)$/.test(r.value) ? `@${r.value}` : r.value }), reason: msg('status', { what: spec.marker, status: `@${spec.status}` }) };
    }
    case 'prior_therapy': {
      if (!v.treatmentsKnown) return unrecorded('treatment history');
      const lineRule = spec.minLines !== undefined || spec.maxLines !== undefined;
      const lines = v.lines ?? (v.anyPriorTherapy ? undefined : 0);
      if (lineRule && lines === undefined) return unrecorded('number of prior lines');
      if (lineRule && (!(spec.drugs.length || spec.classes.length) || !inRange(lines!, spec.minLines, spec.maxLines))) return { fact: msg('linesFact', { lines: lines! }), reason: linesRule(spec.minLines, spec.maxLines) };
      if (spec.anySystemic) return { fact: v.anyPriorTherapy ? (v.drugs.size ? msg('received', { what: [...v.drugs].join(', ') }) : msg('priorSystemic')) : msg('noPriorSystemic'), reason: msg('priorSystemic') };
      const reason = msg('prior', { what: [...spec.drugs, ...spec.classes.map((c) => (drugClassLabel(c) ? `@{class:${c}}` : c))].join(', ') });
      if (holds) {
        const d = spec.drugs.find((x) => v.drugs.has(x));
        if (d) return { fact: msg('received', { what: d }), reason };
        const c = spec.classes.find((x) => v.classes.has(x))!;
        const via = [...v.drugs].find((x) => drugClasses(x).includes(c));
        const cls = drugClassLabel(c) ? `@class:${c}` : c;
        return { fact: via ? msg('receivedVia', { drug: via, class: cls }) : msg('received', { what: cls }), reason };
      }
      if (holds === undefined) return { fact: msg('receivedWhichUnknown', { what: (p.priorTreatments ?? []).filter((t) => t.candidates?.length).map((t) => t.name).join(', ') }), reason };
      return { fact: v.drugs.size ? msg('received', { what: [...v.drugs].join(', ') }) : msg('noMatchingPrior'), reason };
    }
    case 'measurable_disease':
      return { fact: p.measurableDisease === undefined ? undefined : msg('value', { value: p.measurableDisease ? '@measurable disease' : '@no measurable disease' }), reason: msg('measurableDisease') };
    case 'resectability':
      if (p.resectable === undefined) return p.metastatic ? { fact: msg('value', { value: '@metastatic' }), reason: msg(spec.resectable ? 'resectable' : 'unresectableOrMetastatic') } : unrecorded('resectability');
      return { fact: msg('value', { value: p.resectable ? '@resectable' : '@unresectable' }), reason: msg(spec.resectable ? 'resectable' : 'unresectable') };
    case 'lab': {
      const lab = labOf(v, spec.analyte, spec.unit, spec.value);
      if (!lab) return { reason: msg('notRecorded', { what: `@${spec.analyte}` }) };
      if (spec.unit === 'xULN') return lab.uln ? { fact: msg('labUln', { analyte: `@${spec.analyte}`, value: lab.value, ratio: (lab.value / lab.uln).toFixed(2) }), reason: msg('compare', { what: `@${spec.analyte}`, op: spec.op, value: `${spec.value}×ULN` }) } : { fact: msg('labFact', { analyte: `@${spec.analyte}`, value: lab.value }), reason: msg('notRecorded', { what: 'ULN' }) };
      // the value as recorded, and in the protocol's unit when that differs ("88 µmol/L = 0.9955 mg/dL")
      const rec = recordedLab(p, spec.analyte)!;
      const asRecorded = labText(rec.value, rec.unit ? toUcum(rec.unit) : lab.unit);
      const inCriterion = labText(lab.value, lab.unit);
      return { fact: msg('labFact', { analyte: `@${spec.analyte}`, value: asRecorded === inCriterion || !rec.unit ? inCriterion : `${asRecorded} = ${inCriterion}` }), reason: msg('compare', { what: `@${spec.analyte}`, op: spec.op, value: `${spec.value}${spec.unit ? ' ' + spec.unit : ''}` }) };
    }
    case 'pregnancy':
      if (p.gender === 'male') return { fact: msg('value', { value: '@male' }), reason: msg('pregnancy') };
      return { fact: p.pregnant === undefined ? undefined : msg('value', { value: p.pregnant ? '@pregnant' : '@not pregnant' }), reason: msg('pregnancy') };
    case 'comorbidity':
      if (holds === undefined) return { reason: msg('notRecorded', { what: `@${spec.condition}` }) };
      return { fact: holds ? msg('value', { value: `@${spec.condition}` }) : msg('no', { what: `@${spec.condition}` }), reason: msg('condition', { condition: `@${spec.condition}` }) };
    case 'signature':
      return { reason: msg('signatureNotRecorded', { name: spec.name }) };
    case 'disease_state':
      return holds === undefined ? { reason: msg('notRecordedSuffix', { what: `@${spec.state}` }) } : { fact: holds ? msg('value', { value: `@${spec.state}` }) : msg('not', { what: `@${spec.state}` }), reason: msg('value', { value: `@${spec.state}` }) };
    case 'menopausal_status': {
      if (v.p.gender === 'male') return { fact: msg('value', { value: '@male' }), reason: msg('value', { value: `@${spec.status}` }) };
      const status = v.p.menopausalStatus;
      return status ? { fact: msg('value', { value: `@${status}` }), reason: msg('value', { value: `@${spec.status}` }) } : { reason: msg('notRecordedSuffix', { what: '@menopausal status' }) };
    }
    case 'histologic_grade': {
      if (spec.grade) {
        const g = p.tumorGrade;
        const reason = msg('tumourGrade', { grade: `@${spec.grade}_grade` });
        return g ? { fact: msg('value', { value: `@${g}_grade` }), reason } : { reason: msg('notRecordedSuffix', { what: '@tumour grade' }) };
      }
      const { gleasonMin: min, gleasonMax: max } = spec;
      const reason = msg('gleason', { range: min !== undefined && max !== undefined ? (min === max ? `${min}` : `${min}–${max}`) : min !== undefined ? `≥ ${min}` : `≤ ${max}` });
      const gg = p.gleasonGradeGroup;
      if (!gg) return { reason: msg('notRecordedSuffix', { what: '@Gleason score' }) };
      const [lo, hi] = GLEASON_OF_GRADE_GROUP[gg];
      return { fact: msg('gleasonFact', { score: lo === hi ? lo : `${lo}–${hi}`, group: gg }), reason };
    }
    case 'life_expectancy':
      return { reason: msg('lifeExpectancy', { months: spec.minMonths }) };
    case 'organ_function':
      return { reason: msg('organFunction', { system: `@${spec.system}` }) };
    case 'recent_therapy': {
      const what = spec.days !== undefined ? msg('recentTherapy', { therapy: `@${spec.therapy}`, days: spec.days }) : msg('recentTherapyAny', { therapy: `@${spec.therapy}` });
      return holds === false ? { fact: msg('noPriorSystemic'), reason: what } : { reason: { ...what, key: spec.days !== undefined ? 'recentNoDates' : 'recentAnyNoDates' } };
    }
    case 'prior_procedure': {
      const what = spec.site ? msg('priorProcedureAt', { procedure: `@${spec.procedure}`, site: spec.site }) : msg('priorProcedure', { procedure: `@${spec.procedure}` });
      return holds ? { fact: what, reason: what } : { reason: { ...what, key: spec.site ? 'priorProcedureAtNotRecorded' : 'priorProcedureNotRecorded' } };
    }
    case 'concomitant_medication': {
      const reason = msg('currentMedication', { medication: `@${spec.medication}` });
      return holds === undefined ? { reason: { ...reason, key: 'currentMedicationNotRecorded' } } : { fact: holds ? msg('value', { value: `@${spec.medication}` }) : msg('no', { what: `@${spec.medication}` }), reason };
    }
    case 'hypersensitivity':
      return { reason: spec.drugs.length ? msg('hypersensitivity', { drugs: spec.drugs.join(', ') }) : msg('hypersensitivityStudy') };
    case 'administrative':
      return { reason: msg('administrative', { topic: `@${spec.topic}` }) };
    case 'free_text':
      return { reason: spec.decides ? msg('freeTextDeciding', { topic: `@deciding_${spec.decides}` }) : msg('freeText') };
  }
}

/** Comorbidity conditions the survey asks: "none of these" decides only these (contract ASKED_COMORBIDITIES). */
const ASKED = new Set<string>(ASKED_COMORBIDITIES);
/** Medications a comorbidity answer establishes ("long-term steroid or immunosuppressive treatment"). */
const MEDICATION_FROM_CONDITION: Record<string, string> = { corticosteroid: 'immunosuppression', immunosuppressant: 'immunosuppression' };
/** Recent-therapy types a patient who never received systemic therapy cannot have had. */
const SYSTEMIC_RECENT = new Set(['systemic', 'chemotherapy', 'immunotherapy', 'targeted', 'hormonal']);

/** Whether the patient's comorbidity answers say they have a condition; false only for asked conditions answered "none". */
function conditionHolds(list: string[], condition: string): boolean | undefined {
  if (!list.length) return undefined;
  for (const l of list) if (l === condition) return true;
  if (!ASKED.has(condition)) return undefined;
  for (const l of list) if (l === 'none' || (l.length === condition.length + 3 && l.startsWith('no_') && l.endsWith(condition))) return false;
  return undefined;
}

export function statusFrom(polarity: 'inclusion' | 'exclusion', holds: boolean | undefined): CriterionStatus {
  if (holds === undefined) return 'unknown';
  return polarity === 'inclusion' ? (holds ? 'match' : 'no_match') : holds ? 'no_match' : 'match';
}

/** Evaluates one criterion for a patient. */
export function evaluateCriterion(c: CompiledCriterion, v: PatientView): CriterionResult {
  return criterionResult(c, evaluateSpec(c.spec, v));
}

/** A criterion's result from its condition's truth and words (evaluateSpec or explainHolds). */
export function criterionResult(c: CompiledCriterion, h: Holds): CriterionResult {
  // one literal, optional fields set after: the explained path builds thousands of these per search
  const r: CriterionResult = {
    criterionId: c.id,
    kind: c.spec.kind,
    polarity: c.polarity,
    status: statusFrom(c.polarity, h.holds),
    source: c.source,
    patientFact: h.fact,
    reason: c.polarity === 'exclusion' ? h.excludesReason : h.reason,
    reasonMsg: h.reasonMsg,
    confidence: c.confidence,
    origin: c.origin,
    overridden: false,
  };
  if (h.factMsg) r.factMsg = h.factMsg;
  if (c.spec.kind === 'free_text' && c.spec.decides) r.decides = c.spec.decides;
  return r;
}

/** Stage labels parsed once per label (a small closed vocabulary: "IIIB", "IV", ...). */
const stageCache = new Map<string, { n: number; letter?: string } | null>();
function stageOf(s: string): { n: number; letter?: string } | undefined {
  let r = stageCache.get(s);
  if (r === undefined) {
    r = parseStage(s) ?? null;
    if (stageCache.size < 10_000) stageCache.set(s, r);
  }
  return r ?? undefined;
}

/** Per-patient facts the hot path reads, derived once per view (lazily). */
interface Derived {
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

function derived(v: PatientView): Derived {
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
    met: p.metastatic ?? stageMeansDistant(p.focusArea, p.stage) ?? (p.tnm?.m ? /1/.test(p.tnm.m) : undefined),
    metSites: (p.metastasisSites ?? []).map((s) => s.toLowerCase()),
    tmb: tmbRaw === undefined || Number.isNaN(tmbRaw) ? undefined : tmbRaw,
    // "MSI-H" as reports write it is high; an MSI value that reads as neither high nor stable / low decides nothing
    msi: p.msi ?? (!msiB ? undefined : /high|msi-?h\b/i.test(msiB.value) ? 'high' : /stable|mss|low|msi-?l\b|negative/i.test(msiB.value) ? 'stable' : undefined),
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

function receptorOf(v: PatientView, d: Derived, marker: string) {
  let r = d.receptors.get(marker);
  if (r !== undefined) return r;
  let value = biomarker(v.p, marker)?.value.toLowerCase();
  if (!value && marker === 'HER2' && v.alterations.some((a) => a.gene === 'ERBB2' && (a.category === 'amplification' || a.category === 'expression'))) value = 'positive';
  if (!value) r = null;
  else {
    const n = parseFloat(value);
    r = { value, n, pos: /pos|\+|high|amplif|3\+/.test(value) || (!Number.isNaN(n) && n >= 1), low: /low|1\+|2\+/.test(value) };
  }
  d.receptors.set(marker, r);
  return r;
}

const inRange = (x: number, min: number | undefined, max: number | undefined) => (min === undefined || x >= min) && (max === undefined || x <= max);

/**
 * Whether the patient has the condition a spec describes: true, false or undefined (unknown). The one
 * definition of every criterion kind's truth: the ranking hot loop, the single-pass verdict and the
 * explained results (evaluateSpec adds the words) all read it. Allocation-free; per-patient facts are
 * derived once per view.
 */
export function quickHolds(spec: CriterionSpec, v: PatientView): boolean | undefined {
  const p = v.p;
  switch (spec.kind) {
    case 'free_text':
    case 'signature':
      return undefined;
    case 'disease_state':
      return diseaseStateHolds(spec.state, p);
    case 'age':
      if (p.age === undefined) return undefined;
      return inRange(p.age, spec.min, spec.max);
    case 'sex':
      if (!p.gender || p.gender === 'other') return undefined;
      return p.gender === spec.sex;
    case 'ecog': {
      if (p.ecog !== undefined) return inRange(p.ecog, spec.min, spec.max);
      const e = derived(v).ecogFromKps;
      return e === undefined ? undefined : inRange(e, spec.min, spec.max);
    }
    case 'karnofsky': {
      if (p.karnofsky !== undefined) return inRange(p.karnofsky, spec.min, spec.max);
      if (p.ecog === undefined) return undefined;
      const [lo, hi] = ECOG_TO_KPS[p.ecog];
      if ((spec.min === undefined || lo >= spec.min) && (spec.max === undefined || hi <= spec.max)) return true;
      if ((spec.min !== undefined && hi < spec.min) || (spec.max !== undefined && lo > spec.max)) return false;
      return undefined;
    }
    case 'stage': {
      if (!p.stage && !p.tnm) return undefined;
      if (spec.groups.length && p.stage) {
        const ps = derived(v).stage;
        if (!ps) return undefined;
        let unknown = false;
        for (const g of spec.groups) {
          const gs = stageOf(g);
          if (!gs || gs.n !== ps.n) continue;
          if (!gs.letter || gs.letter === ps.letter) return true;
          if (!ps.letter) unknown = true;
        }
        return unknown ? undefined : false;
      }
      if (p.tnm && (spec.t || spec.n || spec.m)) {
        const part = (want: string[] | undefined, have: string | undefined) => (!want ? true : !have ? undefined : want.some((w) => have.toUpperCase().replace(/^[TNM]/, '').startsWith(w.toUpperCase())));
        const r = [part(spec.t, p.tnm.t), part(spec.n, p.tnm.n), part(spec.m, p.tnm.m)];
        return r.includes(false) ? false : r.includes(undefined) ? undefined : true;
      }
      return undefined;
    }
    case 'metastatic': {
      const d = derived(v);
      const met = d.met;
      if (spec.state === 'metastatic') return met;
      if (spec.state === 'non_metastatic') return met === undefined ? undefined : !met;
      if (met) return true;
      const ps = d.stage;
      if (ps && ps.n >= 3) return true;
      if (p.resectable === false) return true;
      if (ps && ps.n <= 2) return false;
      return undefined;
    }
    case 'metastasis_site': {
      const sites = derived(v).metSites;
      for (const s of sites) if (s.includes(spec.site) || (spec.site === 'liver' && s.includes('hepat'))) return true;
      if (p.metastatic === false) return false;
      if (sites.length) return false;
      return undefined;
    }
    case 'brain_metastases': {
      if (v.hasBrainMets === undefined) return undefined;
      if (!v.hasBrainMets) return false;
      if (spec.condition === 'any') return true;
      const treated = p.brainMetastasesTreated;
      if (treated === undefined) return undefined;
      return spec.condition === 'untreated' ? !treated : treated;
    }
    case 'diagnosis': {
      const code = v.code;
      if (!code || spec.unresolved) return undefined;
      for (const c of spec.codes) if (v.lineage.has(c)) return true;
      if (code !== ONCOTREE_ROOT) {
        const sub = derived(v).subtree;
        for (const c of spec.codes) if (sub.has(c.toUpperCase())) return undefined;
      }
      return false;
    }
    case 'alteration': {
      const alts = v.alterations;
      if (!alts.length) return undefined;
      let inGene = false;
      let mutated = false;
      let wild = false;
      let unspecified = false;
      for (const a of alts) {
        if (spec.gene !== '*' && a.gene !== spec.gene) continue;
        inGene = true;
        if (a.category === 'wild_type') wild = true;
        else if (spec.wildType) {
          if (breaksWildType(spec, a.category)) mutated = true;
        } else {
          mutated = true;
          // same rule as evaluateCriterion: a gene without the kind of alteration cannot be told apart
          if (a.category === 'other' && !a.proteinChange && spec.category !== 'any') {
            unspecified = true;
            continue;
          }
          const cat = categoryMatches(spec.category, a.category);
          if (cat && (!spec.proteinChange || proteinChangeMatches(a.gene, spec.proteinChange, spec.wildcard, a.proteinChange)) && variantClassMatches(spec.variantClass, a.proteinChange)) return true;
          if (cat && !a.proteinChange && (spec.proteinChange || spec.variantClass)) unspecified = true;
        }
      }
      if (spec.wildType) return mutated ? false : wild ? true : undefined;
      if (unspecified) return undefined;
      if (mutated || (inGene && wild)) return false;
      return spec.category === 'expression' ? undefined : false;
    }
    case 'tmb': {
      const t = derived(v).tmb;
      return t === undefined ? undefined : cmp(spec.op, t, spec.value);
    }
    case 'msi': {
      const msi = derived(v).msi;
      if (!msi) return undefined;
      return spec.status === 'high' ? msi === 'high' : msi !== 'high';
    }
    case 'mmr': {
      const def = derived(v).mmrDef;
      if (def === undefined) return undefined;
      return spec.status === 'deficient' ? def : !def;
    }
    case 'receptor': {
      const r = receptorOf(v, derived(v), spec.marker);
      if (!r) return undefined;
      if (spec.marker === 'PD-L1' && spec.value !== undefined && !Number.isNaN(r.n)) return cmp(spec.op ?? '>=', r.n, spec.value);
      return spec.status === 'positive' ? r.pos && !r.low : spec.status === 'low' ? r.low : !r.pos || r.low;
    }
    case 'comorbidity':
      return conditionHolds(derived(v).comorbidities, spec.condition);
    case 'concomitant_medication': {
      const condition = MEDICATION_FROM_CONDITION[spec.medication];
      return condition ? conditionHolds(derived(v).comorbidities, condition) : undefined;
    }
    case 'menopausal_status':
      if (p.gender === 'male') return false;
      return p.menopausalStatus === undefined ? undefined : p.menopausalStatus === spec.status;
    case 'histologic_grade': {
      if (spec.grade) return p.tumorGrade === undefined ? undefined : p.tumorGrade === spec.grade;
      if (p.gleasonGradeGroup === undefined) return undefined;
      // the grade group's scores all inside the criterion's range: met; all outside: not met
      const [lo, hi] = GLEASON_OF_GRADE_GROUP[p.gleasonGradeGroup];
      const min = spec.gleasonMin ?? 2;
      const max = spec.gleasonMax ?? 10;
      if (lo >= min && hi <= max) return true;
      return hi < min || lo > max ? false : undefined;
    }
    case 'recent_therapy':
      // a patient known never to have had systemic therapy had none recently; dates are not recorded otherwise
      return SYSTEMIC_RECENT.has(spec.therapy) && v.treatmentsKnown && !v.anyPriorTherapy ? false : undefined;
    case 'prior_procedure': {
      if (spec.procedure === 'stem_cell_transplant') return conditionHolds(derived(v).comorbidities, 'organ_transplant') ? true : undefined;
      const kind = spec.procedure === 'radiotherapy' ? 'radiation' : 'surgery';
      return (p.priorTreatments ?? []).some((t) => t.kind === kind) ? true : undefined;
    }
    case 'life_expectancy':
    case 'organ_function':
    case 'hypersensitivity':
    case 'administrative':
      return undefined;
    case 'pregnancy':
      if (p.gender === 'male') return false;
      return p.pregnant;
    case 'prior_therapy': {
      if (!v.treatmentsKnown) return undefined;
      if (spec.minLines !== undefined || spec.maxLines !== undefined) {
        const lines = v.lines ?? (v.anyPriorTherapy ? undefined : 0);
        if (lines === undefined) return undefined;
        const ok = inRange(lines, spec.minLines, spec.maxLines);
        if (!spec.drugs.length && !spec.classes.length) return ok;
        if (!ok) return false;
      }
      if (spec.anySystemic) return v.anyPriorTherapy;
      return anyTherapyHolds(v, spec.drugs, spec.classes);
    }
    case 'lab': {
      const lab = labOf(v, spec.analyte, spec.unit, spec.value);
      if (!lab) return undefined;
      if (spec.unit === 'xULN') return lab.uln ? cmp(spec.op, lab.value / lab.uln, spec.value) : undefined;
      return cmp(spec.op, lab.value, spec.value);
    }
    case 'measurable_disease':
      return p.measurableDisease;
    case 'resectability':
      if (p.resectable === undefined) return p.metastatic ? (spec.resectable ? undefined : true) : undefined;
      return p.resectable === spec.resectable;
    default:
      // a criterion kind without its truth here does not compile (instead of reading as unknown)
      return unhandledKind(spec);
  }
}

function unhandledKind(spec: never): never {
  throw new Error(`criterion kind without a truth rule: ${(spec as CriterionSpec).kind}`);
}
