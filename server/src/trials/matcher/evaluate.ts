import type { CompiledCriterion, CriterionResult, CriterionSpec, CriterionStatus, PatientData } from '@oncodesk/shared/contracts';
import { ancestors, isWithin, oncoNode, ONCOTREE_ROOT, subtree } from '../vocab/oncotree';
import { drugClassLabel, drugClasses, findDrugs, normalizeDrug } from '../vocab/drugs';
import { normalizeGene } from '../vocab/genes';
import { parseStage } from '../compiler/stage';

/** Three-valued truth of the condition a criterion describes, with the patient fact used. */
export interface Holds {
  holds: boolean | undefined;
  fact?: string;
  reason: string;
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
  const alterations = (p.alterations ?? []).map((a) => ({ gene: normalizeGene(a.gene) ?? a.gene.toUpperCase(), proteinChange: a.proteinChange?.replace(/^p\./, ''), category: a.category ?? 'mutation' }));
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
  const isDrug = key.startsWith('d:');
  const name = key.slice(2);
  if (isDrug ? v.drugs.has(name) : v.classes.has(name)) return true;
  if (isDrug ? v.possibleDrugs.has(name) : v.possibleClasses.has(name)) return undefined;
  return false;
}

/** Prior-therapy truth over a criterion's drugs and classes (any of them), three-valued. */
function anyTherapyHolds(v: PatientView, drugs: string[], classes: string[]): boolean | undefined {
  let unknown = false;
  for (const d of drugs) {
    const h = therapyHolds(v, `d:${d}`);
    if (h) return true;
    if (h === undefined) unknown = true;
  }
  for (const c of classes) {
    const h = therapyHolds(v, `c:${c}`);
    if (h) return true;
    if (h === undefined) unknown = true;
  }
  return unknown ? undefined : false;
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

function proteinMatches(want: string, wildcard: boolean | undefined, have: string | undefined): boolean {
  if (!have) return false;
  const w = want.toUpperCase();
  const h = have.toUpperCase();
  if (wildcard) return h.startsWith(w) && !/^\d/.test(h.slice(w.length));
  return h === w;
}

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

function biomarker(p: PatientData, name: string) {
  return (p.biomarkers ?? []).find((b) => b.name === name);
}

/** Does the patient have the condition the spec describes? true / false / undefined (unknown). */
export function evaluateSpec(spec: CriterionSpec, v: PatientView): Holds {
  const p = v.p;
  switch (spec.kind) {
    case 'age': {
      if (p.age === undefined) return { holds: undefined, reason: 'age not recorded' };
      const ok = (spec.min === undefined || p.age >= spec.min) && (spec.max === undefined || p.age <= spec.max);
      return { holds: ok, fact: `age ${p.age}`, reason: `requires age ${spec.min ?? 0}–${spec.max ?? '∞'}` };
    }
    case 'sex':
      if (!p.gender) return { holds: undefined, reason: 'sex not recorded' };
      if (p.gender === 'other') return { holds: undefined, fact: 'sex other', reason: `trial restricted to ${spec.sex}` };
      return { holds: p.gender === spec.sex, fact: `sex ${p.gender}`, reason: `restricted to ${spec.sex}` };
    case 'ecog': {
      if (p.ecog === undefined) {
        if (p.karnofsky !== undefined) {
          const e = p.karnofsky >= 90 ? 0 : p.karnofsky >= 70 ? 1 : p.karnofsky >= 50 ? 2 : p.karnofsky >= 30 ? 3 : 4;
          return { holds: (spec.min === undefined || e >= spec.min) && (spec.max === undefined || e <= spec.max), fact: `Karnofsky ${p.karnofsky} (≈ECOG ${e})`, reason: 'ECOG from Karnofsky' };
        }
        return { holds: undefined, reason: 'ECOG not recorded' };
      }
      return { holds: (spec.min === undefined || p.ecog >= spec.min) && (spec.max === undefined || p.ecog <= spec.max), fact: `ECOG ${p.ecog}`, reason: `ECOG ${spec.min ?? 0}–${spec.max ?? 4}` };
    }
    case 'karnofsky': {
      if (p.karnofsky !== undefined) return { holds: (spec.min === undefined || p.karnofsky >= spec.min) && (spec.max === undefined || p.karnofsky <= spec.max), fact: `Karnofsky ${p.karnofsky}`, reason: `Karnofsky ${spec.min ?? 0}–${spec.max ?? 100}` };
      if (p.ecog !== undefined) {
        const [lo, hi] = ECOG_TO_KPS[p.ecog];
        const allOk = (spec.min === undefined || lo >= spec.min) && (spec.max === undefined || hi <= spec.max);
        const noneOk = (spec.min !== undefined && hi < spec.min) || (spec.max !== undefined && lo > spec.max);
        return { holds: allOk ? true : noneOk ? false : undefined, fact: `ECOG ${p.ecog} (≈Karnofsky ${lo}–${hi})`, reason: 'Karnofsky from ECOG' };
      }
      return { holds: undefined, reason: 'Karnofsky not recorded' };
    }
    case 'stage': {
      if (!p.stage && !p.tnm) return { holds: undefined, reason: 'stage not recorded' };
      if (spec.groups.length && p.stage) {
        const ps = parseStage(p.stage);
        if (!ps) return { holds: undefined, fact: `stage ${p.stage}`, reason: 'stage not readable' };
        let unknown = false;
        for (const g of spec.groups) {
          const gs = parseStage(g);
          if (!gs || gs.n !== ps.n) continue;
          if (!gs.letter || gs.letter === ps.letter) return { holds: true, fact: `stage ${p.stage}`, reason: `stage ${spec.groups.join('/')}` };
          if (!ps.letter) unknown = true;
        }
        return { holds: unknown ? undefined : false, fact: `stage ${p.stage}`, reason: `stage ${spec.groups.join('/')}` };
      }
      if (p.tnm && (spec.t || spec.n || spec.m)) {
        const part = (want: string[] | undefined, have: string | undefined) => (!want ? true : !have ? undefined : want.some((w) => have.toUpperCase().replace(/^[TNM]/, '').startsWith(w.toUpperCase())));
        const r = [part(spec.t, p.tnm.t), part(spec.n, p.tnm.n), part(spec.m, p.tnm.m)];
        const holds = r.includes(false) ? false : r.includes(undefined) ? undefined : true;
        return { holds, fact: `TNM ${p.tnm.t ?? ''}${p.tnm.n ?? ''}${p.tnm.m ?? ''}`, reason: 'TNM' };
      }
      return { holds: undefined, reason: 'stage not comparable' };
    }
    case 'metastatic': {
      const ps = p.stage ? parseStage(p.stage) : undefined;
      const met = p.metastatic ?? (ps ? ps.n === 4 : p.tnm?.m ? /1/.test(p.tnm.m) : undefined);
      const fact = met === undefined ? undefined : met ? 'metastatic' : 'not metastatic';
      if (spec.state === 'metastatic') return { holds: met, fact, reason: 'requires metastatic disease' };
      if (spec.state === 'non_metastatic') return { holds: met === undefined ? undefined : !met, fact, reason: 'requires non-metastatic disease' };
      // advanced: metastatic, stage III/IV or unresectable
      if (met) return { holds: true, fact, reason: 'requires advanced disease' };
      if (ps && ps.n >= 3) return { holds: true, fact: `stage ${p.stage}`, reason: 'requires advanced disease' };
      if (p.resectable === false) return { holds: true, fact: 'unresectable', reason: 'requires advanced disease' };
      if (ps && ps.n <= 2) return { holds: false, fact: `stage ${p.stage}`, reason: 'requires advanced disease' };
      return { holds: undefined, fact, reason: 'requires advanced disease' };
    }
    case 'metastasis_site': {
      const sites = (p.metastasisSites ?? []).map((s) => s.toLowerCase());
      if (sites.some((s) => s.includes(spec.site) || (spec.site === 'liver' && s.includes('hepat')))) return { holds: true, fact: `metastases: ${sites.join(', ')}`, reason: `${spec.site} metastases` };
      if (p.metastatic === false) return { holds: false, fact: 'not metastatic', reason: `${spec.site} metastases` };
      if (sites.length) return { holds: false, fact: `metastases: ${sites.join(', ')}`, reason: `${spec.site} metastases` };
      return { holds: undefined, reason: 'metastatic sites not recorded' };
    }
    case 'brain_metastases': {
      if (v.hasBrainMets === undefined) return { holds: undefined, reason: 'brain metastasis status not recorded' };
      if (!v.hasBrainMets) return { holds: false, fact: 'no brain metastases', reason: `${spec.condition} brain metastases` };
      if (spec.condition === 'any') return { holds: true, fact: 'brain metastases', reason: 'brain metastases' };
      const treated = p.brainMetastasesTreated;
      if (treated === undefined) return { holds: undefined, fact: 'brain metastases (treatment status unknown)', reason: `${spec.condition} brain metastases` };
      const holds = spec.condition === 'untreated' ? !treated : treated;
      return { holds, fact: treated ? 'treated brain metastases' : 'untreated brain metastases', reason: `${spec.condition} brain metastases` };
    }
    case 'diagnosis': {
      if (spec.unresolved) return { holds: undefined, fact: p.diagnosisText, reason: `the trial's disease (${spec.text ?? 'as written'}) is not in the vocabulary: check it` };
      if (!p.oncotreeCode) return { holds: undefined, fact: p.diagnosisText, reason: 'OncoTree diagnosis not recorded' };
      const code = p.oncotreeCode.toUpperCase();
      if (!oncoNode(code)) return { holds: undefined, fact: `diagnosis ${code}`, reason: 'unknown OncoTree code' };
      const name = oncoNode(code)?.name;
      for (const c of spec.codes) {
        if (c === ONCOTREE_ROOT || isWithin(code, c)) return { holds: true, fact: `diagnosis ${code} (${name})`, reason: `trial disease ${c}${c === code ? '' : ' (subtree)'}` };
      }
      // patient's code is broader than the trial's: cannot tell
      if (spec.codes.some((c) => isWithin(c, code) && code !== ONCOTREE_ROOT)) return { holds: undefined, fact: `diagnosis ${code} (${name})`, reason: `trial requires a more specific diagnosis (${spec.codes.join(', ')})` };
      return { holds: false, fact: `diagnosis ${code} (${name})`, reason: `trial disease ${spec.codes.join(', ')}` };
    }
    case 'alteration': {
      const gene = spec.gene;
      const inGene = gene === '*' ? v.alterations : v.alterations.filter((a) => a.gene === gene);
      const label = `${gene}${spec.proteinChange ? ' ' + spec.proteinChange + (spec.wildcard ? '*' : '') : ''}${spec.category !== 'any' ? ' ' + spec.category : ''}`;
      const mutated = inGene.filter((a) => a.category !== 'wild_type');
      if (spec.wildType) {
        if (mutated.length) return { holds: false, fact: mutated.map((a) => `${a.gene} ${a.proteinChange ?? a.category}`).join(', '), reason: `requires ${gene} wild-type` };
        if (inGene.some((a) => a.category === 'wild_type')) return { holds: true, fact: `${gene} wild-type`, reason: `requires ${gene} wild-type` };
        return { holds: undefined, reason: `${gene} status not recorded` };
      }
      const hit = mutated.find((a) => categoryMatches(spec.category, a.category) && (!spec.proteinChange || proteinMatches(spec.proteinChange, spec.wildcard, a.proteinChange)) && variantClassMatches(spec.variantClass, a.proteinChange));
      if (hit) return { holds: true, fact: `${hit.gene} ${hit.proteinChange ?? hit.category}`, reason: label };
      // a gene reported without the kind of alteration ("KRAS"): mutation, amplification or fusion cannot be told
      const bare = mutated.find((a) => a.category === 'other' && !a.proteinChange);
      if (bare) return { holds: undefined, fact: `${bare.gene} altered (kind not reported)`, reason: `${label} (alteration kind not reported)` };
      // "NRAS mutation" without the variant cannot be told apart from "NRAS codon 12/13/61" or "V600"
      const unspecified = (spec.proteinChange || spec.variantClass) && mutated.find((a) => !a.proteinChange && categoryMatches(spec.category, a.category));
      if (unspecified) return { holds: undefined, fact: `${unspecified.gene} ${unspecified.category} (variant not reported)`, reason: `${label} (variant not reported)` };
      if (mutated.length) return { holds: false, fact: mutated.map((a) => `${a.gene} ${a.proteinChange ?? a.category}`).join(', '), reason: `${label} (different variant)` };
      if (inGene.some((a) => a.category === 'wild_type')) return { holds: false, fact: `${gene} wild-type`, reason: label };
      // expression (IHC) is not reported by sequencing: absence from the genomic profile says nothing
      if (v.genomicsKnown && spec.category !== 'expression') return { holds: false, fact: 'not among reported alterations', reason: label };
      return { holds: undefined, reason: 'no genomic results recorded' };
    }
    case 'tmb': {
      const tmb = p.tmb ?? Number(biomarker(p, 'TMB')?.value);
      if (tmb === undefined || Number.isNaN(tmb)) return { holds: undefined, reason: 'TMB not recorded' };
      return { holds: cmp(spec.op, tmb, spec.value), fact: `TMB ${tmb}`, reason: `TMB ${spec.op} ${spec.value}` };
    }
    case 'msi': {
      const msi = p.msi ?? (biomarker(p, 'MSI')?.value.toLowerCase().includes('high') ? 'high' : biomarker(p, 'MSI') ? 'stable' : undefined);
      if (!msi) return { holds: undefined, reason: 'MSI not recorded' };
      const same = spec.status === 'high' ? msi === 'high' : msi !== 'high';
      return { holds: same, fact: `MSI ${msi}`, reason: `MSI ${spec.status}` };
    }
    case 'mmr': {
      const b = biomarker(p, 'MMR')?.value.toLowerCase();
      const def = b ? /defic|dmmr|loss/.test(b) : p.msi === 'high' ? true : p.msi ? false : undefined;
      if (def === undefined) return { holds: undefined, reason: 'MMR not recorded' };
      return { holds: spec.status === 'deficient' ? def : !def, fact: def ? 'dMMR' : 'pMMR', reason: `MMR ${spec.status}` };
    }
    case 'receptor': {
      const b = biomarker(p, spec.marker);
      let value = b?.value.toLowerCase();
      if (!value && spec.marker === 'HER2') {
        const amp = v.alterations.find((a) => a.gene === 'ERBB2' && (a.category === 'amplification' || a.category === 'expression'));
        if (amp) value = 'positive';
      }
      if (!value) return { holds: undefined, reason: `${spec.marker} not recorded` };
      const n = parseFloat(value);
      if (spec.marker === 'PD-L1' && spec.value !== undefined && !Number.isNaN(n)) return { holds: cmp(spec.op ?? '>=', n, spec.value), fact: `PD-L1 ${n}%`, reason: `PD-L1 ${spec.op ?? '>='} ${spec.value}%` };
      const pos = /pos|\+|high|amplif|3\+/.test(value) || (!Number.isNaN(n) && n >= 1);
      const low = /low|1\+|2\+/.test(value);
      const holds = spec.status === 'positive' ? pos && !low : spec.status === 'low' ? low : !pos || low;
      return { holds, fact: `${spec.marker} ${value}`, reason: `${spec.marker} ${spec.status}` };
    }
    case 'prior_therapy': {
      if (!v.treatmentsKnown) return { holds: undefined, reason: 'treatment history not recorded' };
      if (spec.minLines !== undefined || spec.maxLines !== undefined) {
        const lines = v.lines ?? (v.anyPriorTherapy ? undefined : 0);
        if (lines === undefined) return { holds: undefined, reason: 'number of prior lines not recorded' };
        const ok = (spec.minLines === undefined || lines >= spec.minLines) && (spec.maxLines === undefined || lines <= spec.maxLines);
        if (!spec.drugs.length && !spec.classes.length) return { holds: ok, fact: `${lines} prior line(s)`, reason: `prior lines ${spec.minLines ?? 0}–${spec.maxLines ?? '∞'}` };
        if (!ok) return { holds: false, fact: `${lines} prior line(s)`, reason: `prior lines ${spec.minLines ?? 0}–${spec.maxLines ?? '∞'}` };
      }
      if (spec.anySystemic) return { holds: v.anyPriorTherapy, fact: v.anyPriorTherapy ? [...v.drugs].join(', ') || 'prior systemic therapy' : 'no prior systemic therapy', reason: 'prior systemic therapy' };
      const d = spec.drugs.find((x) => v.drugs.has(x));
      const c = spec.classes.find((x) => v.classes.has(x));
      const what = [...spec.drugs, ...spec.classes].join(', ');
      if (d) return { holds: true, fact: `received ${d}`, reason: `prior ${what}` };
      if (c) {
        const via = [...v.drugs].find((x) => drugClasses(x).includes(c));
        return { holds: true, fact: via ? `received ${via} (${drugClassLabel(c) ?? c})` : `received ${drugClassLabel(c) ?? c}`, reason: `prior ${what}` };
      }
      if (anyTherapyHolds(v, spec.drugs, spec.classes) === undefined) return { holds: undefined, fact: `received ${(p.priorTreatments ?? []).filter((t) => t.candidates?.length).map((t) => t.name).join(', ')}; which drug not recorded`, reason: `prior ${what}` };
      return { holds: false, fact: v.drugs.size ? `received ${[...v.drugs].join(', ')}` : 'no matching prior therapy', reason: `prior ${what}` };
    }
    case 'measurable_disease':
      return { holds: p.measurableDisease, fact: p.measurableDisease === undefined ? undefined : p.measurableDisease ? 'measurable disease' : 'no measurable disease', reason: 'measurable disease' };
    case 'resectability':
      if (p.resectable === undefined) {
        if (p.metastatic) return spec.resectable ? { holds: undefined, fact: 'metastatic', reason: 'resectable disease' } : { holds: true, fact: 'metastatic', reason: 'unresectable or metastatic' };
        return { holds: undefined, reason: 'resectability not recorded' };
      }
      return { holds: p.resectable === spec.resectable, fact: p.resectable ? 'resectable' : 'unresectable', reason: spec.resectable ? 'resectable disease' : 'unresectable disease' };
    case 'lab': {
      const lab = (p.labs ?? []).find((l) => l.analyte === spec.analyte);
      if (!lab) return { holds: undefined, reason: `${spec.analyte} not recorded` };
      if (spec.unit === 'xULN') {
        if (!lab.uln) return { holds: undefined, fact: `${spec.analyte} ${lab.value}`, reason: 'ULN not recorded' };
        return { holds: cmp(spec.op, lab.value / lab.uln, spec.value), fact: `${spec.analyte} ${lab.value} (${(lab.value / lab.uln).toFixed(2)}×ULN)`, reason: `${spec.analyte} ${spec.op} ${spec.value}×ULN` };
      }
      return { holds: cmp(spec.op, lab.value, spec.value), fact: `${spec.analyte} ${lab.value}${lab.unit ? ' ' + lab.unit : ''}`, reason: `${spec.analyte} ${spec.op} ${spec.value}${spec.unit ? ' ' + spec.unit : ''}` };
    }
    case 'pregnancy':
      if (p.gender === 'male') return { holds: false, fact: 'male', reason: 'pregnancy' };
      return { holds: p.pregnant, fact: p.pregnant === undefined ? undefined : p.pregnant ? 'pregnant' : 'not pregnant', reason: 'pregnancy or breast-feeding' };
    case 'comorbidity': {
      const list = (p.comorbidities ?? []).map((c) => c.toLowerCase());
      if (list.includes(spec.condition)) return { holds: true, fact: spec.condition, reason: spec.condition };
      if (list.includes('none') || list.includes(`no_${spec.condition}`)) return { holds: false, fact: `no ${spec.condition}`, reason: spec.condition };
      return { holds: undefined, reason: `${spec.condition} not recorded` };
    }
    case 'signature':
      return { holds: undefined, reason: `${spec.name} signature not recorded` };
    case 'disease_state': {
      const h = diseaseStateHolds(spec.state, p);
      const label = spec.state.replace(/_/g, ' ');
      return { holds: h, fact: h === undefined ? undefined : h ? label : `not ${label}`, reason: h === undefined ? `${label}: not recorded` : label };
    }
    case 'free_text':
      return { holds: undefined, reason: 'not machine-readable; needs review' };
  }
}

export function statusFrom(polarity: 'inclusion' | 'exclusion', holds: boolean | undefined): CriterionStatus {
  if (holds === undefined) return 'unknown';
  return polarity === 'inclusion' ? (holds ? 'match' : 'no_match') : holds ? 'no_match' : 'match';
}

/** Evaluates one criterion for a patient. */
export function evaluateCriterion(c: CompiledCriterion, v: PatientView): CriterionResult {
  const h = evaluateSpec(c.spec, v);
  return {
    criterionId: c.id,
    kind: c.spec.kind,
    polarity: c.polarity,
    status: statusFrom(c.polarity, h.holds),
    source: c.source,
    patientFact: h.fact,
    reason: (c.polarity === 'exclusion' ? 'excludes: ' : '') + h.reason,
    confidence: c.confidence,
    overridden: false,
  };
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
  const tmbRaw = p.tmb ?? Number(biomarker(p, 'TMB')?.value);
  const msiB = biomarker(p, 'MSI');
  const mmrB = biomarker(p, 'MMR')?.value.toLowerCase();
  const k = p.karnofsky;
  d = {
    stage,
    met: p.metastatic ?? (stage ? stage.n === 4 : p.tnm?.m ? /1/.test(p.tnm.m) : undefined),
    metSites: (p.metastasisSites ?? []).map((s) => s.toLowerCase()),
    tmb: tmbRaw === undefined || Number.isNaN(tmbRaw) ? undefined : tmbRaw,
    msi: p.msi ?? (msiB?.value.toLowerCase().includes('high') ? 'high' : msiB ? 'stable' : undefined),
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

/** TMB recorded (field or biomarker), undefined when not recorded. */
export function patientTmb(v: PatientView): number | undefined {
  return derived(v).tmb;
}

/** ECOG recorded, or implied by Karnofsky (undefined when neither is recorded). */
export function effectiveEcog(v: PatientView): number | undefined {
  return v.p.ecog ?? derived(v).ecogFromKps;
}

const inRange = (x: number, min: number | undefined, max: number | undefined) => (min === undefined || x >= min) && (max === undefined || x <= max);

/**
 * Allocation-free truth value of a spec (no explanation strings): the hot path used to rank every
 * candidate. Reads per-patient facts derived once per view. Must agree with evaluateSpec(...).holds
 * (checked in tests over the shared trials).
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
      if (p.tnm && (spec.t || spec.n || spec.m)) return evaluateSpec(spec, v).holds;
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
        else {
          mutated = true;
          if (spec.wildType) continue;
          // same rule as evaluateCriterion: a gene without the kind of alteration cannot be told apart
          if (a.category === 'other' && !a.proteinChange && spec.category !== 'any') {
            unspecified = true;
            continue;
          }
          const cat = categoryMatches(spec.category, a.category);
          if (cat && (!spec.proteinChange || proteinMatches(spec.proteinChange, spec.wildcard, a.proteinChange)) && variantClassMatches(spec.variantClass, a.proteinChange)) return true;
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
    case 'comorbidity': {
      const list = derived(v).comorbidities;
      if (!list.length) return undefined;
      for (const l of list) if (l === spec.condition) return true;
      for (const l of list) if (l === 'none' || (l.length === spec.condition.length + 3 && l.startsWith('no_') && l.endsWith(spec.condition))) return false;
      return undefined;
    }
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
      const labs = p.labs;
      if (!labs || !labs.length) return undefined;
      let lab: (typeof labs)[number] | undefined;
      for (const l of labs) if (l.analyte === spec.analyte) {
        lab = l;
        break;
      }
      if (!lab) return undefined;
      if (spec.unit === 'xULN') return lab.uln ? cmp(spec.op, lab.value / lab.uln, spec.value) : undefined;
      return cmp(spec.op, lab.value, spec.value);
    }
    case 'measurable_disease':
      return p.measurableDisease;
    case 'resectability':
      if (p.resectable === undefined) return p.metastatic ? (spec.resectable ? undefined : true) : undefined;
      return p.resectable === spec.resectable;
  }
}
