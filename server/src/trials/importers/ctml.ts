import { canonicalProteinChange } from '../../vocab/proteinChange';
// yaml is loaded when a YAML trial document is read, not with the server
const parseYaml = (text: string): unknown => (require('yaml') as typeof import('yaml')).parse(text);
import type { CompiledCriterion, CriterionSpec, CriterionTree, ImportError, Trial, TrialCohort } from '@oncodesk/shared/contracts';
import { finalizeTrial, normalizeStatus, type ImportResult } from '../model';
import { codeByName, ONCOTREE_ROOT } from '../../vocab/diseaseTree';
import { resolveDisease } from '../../vocab/diseases';
import { normalizeGene } from '../../vocab/geneNames';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;
type Node = CriterionTree | { ref: string };

/**
 * Converts a MatchMiner match tree ({and:[...]}, {or:[...]}, leaf objects whose keys are AND-ed)
 * into a CriterionTree. `leaf(key, value)` turns one leaf entry (e.g. "clinical" -> {...}) into nodes.
 */
export function parseMatchTree(node: Json, leaf: (key: string, value: Json) => Node[]): CriterionTree {
  if (Array.isArray(node)) return { op: 'and', children: node.map((n) => parseMatchTree(n, leaf)) };
  if (!node || typeof node !== 'object') throw new Error(`invalid match node: ${JSON.stringify(node)}`);
  const children: Node[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (k === 'and' || k === 'or') {
      if (!Array.isArray(v)) throw new Error(`"${k}" must be a list`);
      children.push({ op: k, children: v.map((c) => parseMatchTree(c, leaf)) });
    } else children.push(...leaf(k, v));
  }
  return { op: 'and', children };
}

function neg(v: unknown): { value: string; negated: boolean } {
  const s = String(v ?? '').trim();
  return s.startsWith('!') ? { value: s.slice(1).trim(), negated: true } : { value: s, negated: false };
}

function parseNumeric(expr: string): { op: '>=' | '>' | '<=' | '<' | '=='; value: number } | undefined {
  const m = /^\s*(>=|<=|==|>|<|=)?\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expr);
  if (!m) return undefined;
  const op = (m[1] === '=' || !m[1] ? '==' : m[1]) as '>=' | '>' | '<=' | '<' | '==';
  return { op, value: Number(m[2]) };
}

function diagnosisCodes(name: string): string[] | undefined {
  if (/^_SOLID_$/i.test(name)) return [ONCOTREE_ROOT];
  if (/^_LIQUID_$/i.test(name)) return ['LYMPH', 'MYELOID'];
  const c = codeByName(name) ?? resolveDisease(name);
  return c ? [c] : undefined;
}

const CNV: Record<string, 'amplification' | 'deletion'> = {
  'high level amplification': 'amplification',
  gain: 'amplification',
  amplification: 'amplification',
  'low amplification': 'amplification',
  'homozygous deletion': 'deletion',
  'heterozygous deletion': 'deletion',
};

/** Compiles one CTML clinical or genomic leaf into criteria (AND-ed). Unknown fields stay free text. */
export function ctmlLeafToSpecs(kind: string, leaf: Json): Array<{ spec: CriterionSpec; polarity: 'inclusion' | 'exclusion'; source: string; confidence: number }> {
  const out: Array<{ spec: CriterionSpec; polarity: 'inclusion' | 'exclusion'; source: string; confidence: number }> = [];
  const src = (k: string, v: unknown) => `${kind}.${k}: ${String(v)}`;
  if (!leaf || typeof leaf !== 'object') return [{ spec: { kind: 'free_text' }, polarity: 'inclusion', source: `${kind}: ${JSON.stringify(leaf)}`, confidence: 0 }];
  if (kind === 'clinical') {
    for (const [k, raw] of Object.entries(leaf)) {
      const { value, negated } = neg(raw);
      const polarity = negated ? 'exclusion' : 'inclusion';
      if (k === 'age_numerical') {
        const n = parseNumeric(value);
        if (n) {
          const spec: CriterionSpec = n.op === '>=' ? { kind: 'age', min: n.value } : n.op === '>' ? { kind: 'age', min: n.value + 1e-9 } : n.op === '<=' ? { kind: 'age', max: n.value } : n.op === '<' ? { kind: 'age', max: n.value - 1e-9 } : { kind: 'age', min: n.value, max: n.value + 0.999 };
          out.push({ spec, polarity, source: src(k, raw), confidence: 1 });
          continue;
        }
      } else if (k === 'oncotree_primary_diagnosis') {
        const codes = diagnosisCodes(value);
        if (codes) {
          out.push({ spec: { kind: 'diagnosis', codes, text: value }, polarity, source: src(k, raw), confidence: 1 });
          continue;
        }
      } else if (k === 'tmb_numerical') {
        const n = parseNumeric(value);
        if (n) {
          out.push({ spec: { kind: 'tmb', op: n.op, value: n.value }, polarity, source: src(k, raw), confidence: 1 });
          continue;
        }
      } else if (k === 'gender') {
        out.push({ spec: { kind: 'sex', sex: /^f/i.test(value) ? 'female' : 'male' }, polarity, source: src(k, raw), confidence: 1 });
        continue;
      } else if (k === 'her2_status' || k === 'er_status' || k === 'pr_status') {
        const marker = k === 'her2_status' ? 'HER2' : k === 'er_status' ? 'ER' : 'PR';
        out.push({ spec: { kind: 'receptor', marker, status: /^pos/i.test(value) ? 'positive' : 'negative' }, polarity, source: src(k, raw), confidence: 1 });
        continue;
      }
      out.push({ spec: { kind: 'free_text' }, polarity, source: src(k, raw), confidence: 0 });
    }
    return out;
  }
  if (kind === 'genomic') {
    const g = leaf as Record<string, unknown>;
    // signatures and MMR/MSI leaves (hugo_symbol "None")
    for (const sig of ['temozolomide_signature', 'tobacco_signature', 'pole_signature', 'apobec_signature', 'uva_signature', 'aging_signature']) {
      if (g[sig] !== undefined) {
        const { value, negated } = neg(g[sig]);
        out.push({ spec: { kind: 'signature', name: sig.replace(/_signature$/, ''), value: value.toLowerCase() }, polarity: negated ? 'exclusion' : 'inclusion', source: src(sig, g[sig]), confidence: 1 });
      }
    }
    if (g.mmr_status !== undefined) {
      const { value, negated } = neg(g.mmr_status);
      out.push({ spec: { kind: 'mmr', status: /defic/i.test(value) ? 'deficient' : 'proficient' }, polarity: negated ? 'exclusion' : 'inclusion', source: src('mmr_status', g.mmr_status), confidence: 1 });
    }
    if (g.ms_status !== undefined) {
      const { value, negated } = neg(g.ms_status);
      out.push({ spec: { kind: 'msi', status: /MSI-?H/i.test(value) ? 'high' : /MSS|stable/i.test(value) ? 'stable' : 'low' }, polarity: negated ? 'exclusion' : 'inclusion', source: src('ms_status', g.ms_status), confidence: 1 });
    }
    const sym = g.hugo_symbol === undefined ? undefined : neg(g.hugo_symbol);
    const hasVariantInfo = g.variant_category !== undefined || g.protein_change !== undefined || g.wildcard_protein_change !== undefined || g.cnv_call !== undefined || g.fusion_partner_hugo_symbol !== undefined;
    if ((sym && sym.value && sym.value !== 'None') || (!sym && hasVariantInfo)) {
      const geneRaw = sym?.value ?? 'any_gene';
      const gene = geneRaw === 'any_gene' ? '*' : normalizeGene(geneRaw) ?? geneRaw.toUpperCase();
      let negated = !!sym?.negated;
      let category: 'mutation' | 'amplification' | 'fusion' | 'deletion' | 'any' = 'any';
      // "variant_category: CNV" is a copy-number change of either kind: not a mutation
      let copyNumber = g.cnv_call !== undefined;
      if (g.variant_category !== undefined) {
        const vc = neg(g.variant_category);
        negated = negated || vc.negated;
        const v = vc.value.toLowerCase();
        category = v === 'mutation' ? 'mutation' : v === 'structural variation' || v === 'sv' ? 'fusion' : v === 'cnv' ? 'any' : v === 'any variation' ? 'any' : 'any';
        if (v === 'cnv') copyNumber = true;
      }
      if (g.cnv_call !== undefined) {
        const c = neg(g.cnv_call);
        negated = negated || c.negated;
        category = CNV[c.value.toLowerCase()] ?? category;
      }
      let proteinChange: string | undefined;
      let wildcard: boolean | undefined;
      if (g.protein_change !== undefined) {
        const p = neg(g.protein_change);
        negated = negated || p.negated;
        proteinChange = canonicalProteinChange(p.value);
      } else if (g.wildcard_protein_change !== undefined) {
        const p = neg(g.wildcard_protein_change);
        negated = negated || p.negated;
        proteinChange = p.value.replace(/^p\./, '');
        wildcard = true;
      }
      let fusionPartner: string | undefined;
      if (g.fusion_partner_hugo_symbol !== undefined) {
        const fp = String(g.fusion_partner_hugo_symbol);
        fusionPartner = fp === 'any_gene' ? '*' : fp === 'intergenic' ? 'intergenic' : normalizeGene(fp) ?? fp.toUpperCase();
        category = 'fusion';
      }
      const VC: Record<string, 'missense' | 'nonsense' | 'frameshift' | 'in_frame_deletion' | 'in_frame_insertion' | 'splice' | 'other'> = {
        missense_mutation: 'missense',
        nonsense_mutation: 'nonsense',
        frame_shift_del: 'frameshift',
        frame_shift_ins: 'frameshift',
        in_frame_del: 'in_frame_deletion',
        in_frame_ins: 'in_frame_insertion',
        splice_site: 'splice',
      };
      let variantClass: (typeof VC)[string] | undefined;
      if (g.variant_classification !== undefined) {
        const vc = neg(g.variant_classification);
        negated = negated || vc.negated;
        variantClass = VC[vc.value.toLowerCase()] ?? 'other';
        if (category === 'any') category = 'mutation';
      }
      // "KRAS not mutated" ("!KRAS", "variant_category: !Mutation" with no variant named) is the gene's
      // wild-type state: the patient meets it on a recorded wild-type, fails it on a mutation, and nothing
      // recorded about the gene leaves it unknown (not the absence of an event from a list of others)
      const notMutated = negated && gene !== '*' && !proteinChange && !fusionPartner && !variantClass && !copyNumber && (category === 'mutation' || category === 'any');
      const wildType = notMutated || g.wildtype === true || String(g.wildtype).toLowerCase() === 'true' ? true : undefined;
      if (notMutated) negated = false;
      out.push({ spec: { kind: 'alteration', gene, proteinChange, wildcard, category, fusionPartner, wildType, variantClass }, polarity: negated ? 'exclusion' : 'inclusion', source: `genomic: ${Object.entries(g).map(([k, v]) => `${k}=${String(v)}`).join(', ')}`, confidence: 1 });
    }
    if (!out.length) out.push({ spec: { kind: 'free_text' }, polarity: 'inclusion', source: `genomic: ${JSON.stringify(leaf)}`, confidence: 0 });
    return out;
  }
  return [{ spec: { kind: 'free_text' }, polarity: 'inclusion', source: `${kind}: ${JSON.stringify(leaf)}`, confidence: 0 }];
}

function cohortFromMatch(id: string, label: string, match: Json, open: boolean, description?: string): TrialCohort {
  const criteria: CompiledCriterion[] = [];
  let n = 0;
  const tree = parseMatchTree(match, (key, value) => {
    const specs = ctmlLeafToSpecs(key, value);
    const refs = specs.map((s) => {
      const cid = `${id}#${n++}`;
      criteria.push({ id: cid, polarity: s.polarity, spec: s.spec, source: s.source, confidence: s.confidence, origin: 'structured' });
      return { ref: cid };
    });
    return refs.length === 1 ? refs : [{ op: 'and', children: refs }];
  });
  return { id, label, description, interventions: [], open, criteria, tree };
}

function yes(v: unknown): boolean {
  return String(v ?? '').trim().toUpperCase() === 'Y' || v === true;
}

/** Maps a CTML document to a trial: each step / arm / dose level with a match tree becomes a cohort. */
export function ctmlToTrial(doc: Json): { trial?: Trial; error?: string } {
  if (!doc || typeof doc !== 'object') return { error: 'not a CTML document' };
  const protocol = String(doc.protocol_no ?? doc.nct_id ?? '').trim();
  if (!protocol) return { error: 'missing protocol_no' };
  const steps: Json[] = doc.treatment_list?.step ?? [];
  if (!Array.isArray(steps) || !steps.length) return { error: 'missing treatment_list.step' };
  const statusRaw = doc._summary?.status?.[0]?.value ?? doc.status;
  const trialOpen = !/closed/i.test(String(statusRaw ?? ''));
  const cohorts: TrialCohort[] = [];
  // ids must be unique within the trial (results and overrides are keyed by them): two arms of one code
  // (MatchMiner's structured_sv has two "DOSE" arms) take their internal id, or their position
  const taken = new Set<string>();
  const unique = (id: string, internal: unknown) => {
    let u = id;
    if (taken.has(u)) u = `${id}#${internal ?? taken.size}`;
    for (let k = 2; taken.has(u); k++) u = `${id}#${k}`;
    taken.add(u);
    return u;
  };
  for (const step of steps) {
    const stepId = unique(`step${step.step_code ?? step.step_internal_id ?? cohorts.length}`, step.step_internal_id);
    const arms: Json[] = step.arm ?? [];
    const armOpen = (arm: Json) => {
      const doses: Json[] = arm.dose_level ?? [];
      return !yes(arm.arm_suspended) && (doses.length === 0 || doses.some((d) => !yes(d.level_suspended)));
    };
    // a step is open when the trial is and (if it has arms) at least one arm is
    if (step.match) cohorts.push(cohortFromMatch(stepId, `Step ${step.step_code ?? ''}`.trim(), step.match, trialOpen && (!arms.length || arms.some(armOpen))));
    for (const arm of arms) {
      const doses: Json[] = arm.dose_level ?? [];
      const open = trialOpen && armOpen(arm);
      const armId = unique(`arm${arm.arm_code ?? arm.arm_internal_id}`, arm.arm_internal_id);
      if (arm.match) cohorts.push(cohortFromMatch(armId, arm.arm_code ?? armId, arm.match, open, arm.arm_description));
      for (const d of doses) if (d.match) cohorts.push(cohortFromMatch(unique(`${armId}#dose${d.level_code}`, d.level_internal_id), `${arm.arm_code} dose ${d.level_code}`, d.match, open && !yes(d.level_suspended)));
    }
  }
  const nct = typeof doc.nct_id === 'string' && /^NCT\d{8}$/.test(doc.nct_id) ? doc.nct_id : undefined;
  return finalizeTrial({
    id: nct ?? protocol,
    nctId: nct,
    otherIds: nct ? [protocol] : [],
    source: 'ctml',
    // MatchMiner CTML describes treatment arms to enrol patients on: a treatment trial by construction
    primaryPurpose: 'treatment',
    briefTitle: doc.short_title ?? doc.long_title ?? `CTML protocol ${protocol}`,
    officialTitle: doc.long_title,
    phases: [],
    overallStatus: statusRaw ? normalizeStatus(statusRaw) : 'unknown',
    collaborators: [],
    conditions: [],
    keywords: [],
    interventions: [],
    cohorts,
    sites: [],
    dates: {},
    eligibility: { sex: 'all' },
  });
}

/** Parses a CTML file (YAML or JSON; one document or a list). */
export function parseCtml(content: string, file?: string): ImportResult {
  const trials: Trial[] = [];
  const errors: ImportError[] = [];
  let doc: Json;
  try {
    doc = parseYaml(content);
  } catch (e) {
    return { trials, errors: [{ file, message: `invalid YAML/JSON: ${(e as Error).message}` }] };
  }
  const docs: Json[] = Array.isArray(doc) ? doc : [doc];
  docs.forEach((d, i) => {
    try {
      const r = ctmlToTrial(d);
      if (r.trial) trials.push(r.trial);
      else errors.push({ file, record: String(d?.protocol_no ?? `#${i}`), message: r.error ?? 'unknown error' });
    } catch (e) {
      errors.push({ file, record: String(d?.protocol_no ?? `#${i}`), message: (e as Error).message });
    }
  });
  return { trials, errors };
}
