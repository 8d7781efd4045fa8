import type { PatientData, Trial, TrialMatchResult, TrialPhase, TrialVerdict } from '@oncodesk/shared/contracts';
import { ancestors, isWithin, ONCOTREE_ROOT, oncoNode } from '../vocab/oncotree';
import { normalizeGene } from '../vocab/genes';

export type DiseaseRel = TrialMatchResult['diseaseRelation'];
export type GeneRel = TrialMatchResult['geneRelation'];
const NONE: { relation: GeneRel; perGene: Array<{ gene: string; relation: GeneRel }> } = { relation: 'none', perGene: [] };

/**
 * Qualifiers that make a trial's population a narrower kind of the disease: a molecular or receptor
 * subtype, a histological / anatomical variant, a biological setting (castration-resistant), children.
 * Stage and treatment setting ("metastatic", "recurrent", "previously treated") are not: they are
 * eligibility criteria of their own, evaluated as such, and "metastatic melanoma" is still melanoma.
 */
export const NARROWING = /\b(?:(?:BRAF|KRAS|NRAS|EGFR|ALK|HER2|ERBB2|KIT|ROS1|PIK3CA|IDH1|MET)[- ]?(?:mutant|mutated|positive|amplified|rearranged|V600\w?)|wild[- ]?type|pediatric|childhood|uveal|cutaneous|mucosal|triple|hormone|castrat\w*)\b/i;

/**
 * How the trial's disease relates to the patient's: exact (same OncoTree node), more_specific (trial
 * targets a subtype, or the same disease narrowed by setting/stage), more_general (trial covers a
 * broader node, e.g. solid tumours), not_disease, or unknown.
 */
export function diseaseRelation(trial: Pick<Trial, 'diseaseCodes' | 'conditions' | 'briefTitle'>, patientCode: string | undefined, narrowed?: boolean): DiseaseRel {
  if (!patientCode || !oncoNode(patientCode)) return 'unknown';
  const p = patientCode.toUpperCase();
  const codes = trial.diseaseCodes;
  if (!codes.length) return 'unknown';
  let best: DiseaseRel = 'not_disease';
  const rank: Record<DiseaseRel, number> = { exact: 4, more_specific: 3, more_general: 2, not_disease: 0, unknown: 1 };
  for (const c of codes) {
    let r: DiseaseRel;
    if (c === p) {
      const isNarrow = narrowed ?? NARROWING.test(trial.conditions.length ? trial.conditions.join('; ') : trial.briefTitle);
      r = isNarrow ? 'more_specific' : 'exact';
    } else if (isWithin(c, p)) r = 'more_specific';
    else if (c === ONCOTREE_ROOT || isWithin(p, c)) r = 'more_general';
    else r = 'not_disease';
    if (rank[r] > rank[best]) best = r;
  }
  return best;
}

/** How the trial's genomic targets relate to the patient's alterations (best over the patient's genes). */
export function geneRelation(trial: Pick<Trial, 'targets' | 'genes'>, patient: Pick<PatientData, 'alterations'>, normalized?: Array<{ gene: string; proteinChange?: string; category: string }>): { relation: GeneRel; perGene: Array<{ gene: string; relation: GeneRel }> } {
  const alts = (normalized ?? patient.alterations ?? []).filter((a) => a.category !== 'wild_type');
  if (!alts.length) return NONE;
  const perGene: Array<{ gene: string; relation: GeneRel }> = [];
  const rank: Record<GeneRel, number> = { exact: 4, different_variant: 2, gene_without_variant: 3, not_targeted: 1, none: 0 };
  let best: GeneRel = 'not_targeted';
  for (const a of alts) {
    const gene = normalized ? a.gene : normalizeGene(a.gene) ?? a.gene.toUpperCase();
    const ts = trial.targets.filter((t) => t.gene === gene);
    const pc = a.proteinChange?.replace(/^p\./, '').toUpperCase();
    // a gene given without variant ("KRAS") cannot differ from any variant the trial names
    const generic = !pc && (a.category === 'mutation' || a.category === 'other' || !a.category);
    let r: GeneRel;
    if (!ts.length) r = trial.genes.includes(gene) ? 'gene_without_variant' : 'not_targeted';
    else if (generic) r = 'exact';
    else {
      const pcMatch = (t: { proteinChange?: string; wildcard?: boolean }) => !!t.proteinChange && !!pc && (t.wildcard ? pc.startsWith(t.proteinChange.toUpperCase()) && !/^\d/.test(pc.slice(t.proteinChange.length)) : pc === t.proteinChange.toUpperCase());
      const exact = ts.some((t) => pcMatch(t) || (!t.proteinChange && !pc && t.category === a.category));
      const different = ts.some((t) => (t.proteinChange && !pcMatch(t)) || (t.category && t.category !== 'any' && t.category !== a.category && !(t.category === 'mutation' && pc)));
      r = exact ? 'exact' : different ? 'different_variant' : 'gene_without_variant';
    }
    perGene.push({ gene, relation: r });
    if (rank[r] > rank[best]) best = r;
  }
  return { relation: best, perGene };
}

const VERDICT_WEIGHT: Record<TrialVerdict, number> = { match: 1.5, unknown: 1.2, not_eligible: 0.4, no_match: 0 };
const VERDICT_TIER: Record<TrialVerdict, number> = { match: 2, unknown: 2, not_eligible: 1, no_match: 0 };
/** Larger than the spread of the within-tier terms (about -1 to 8). */
export const TIER_GAP = 10;
const LEVEL_WEIGHT = { high: 0.5, medium: 0.25, low: 0 };
const DISEASE_WEIGHT: Record<DiseaseRel, number> = { exact: 1, more_specific: 0.9, more_general: 0.45, unknown: 0.2, not_disease: -1 };
const GENE_WEIGHT: Record<GeneRel, number> = { exact: 2, gene_without_variant: 1.2, different_variant: 0.3, not_targeted: 0, none: 0 };

export function phaseWeight(phases: TrialPhase[]): number {
  if (phases.includes('3')) return 0.15;
  if (phases.includes('2')) return 0.12;
  if (phases.includes('1')) return 0.06;
  return 0;
}

/** Ranking score: match level, share of criteria met, disease/gene specificity, distance and phase. */
export function rankScore(r: Pick<TrialMatchResult, 'verdict' | 'level' | 'metShare' | 'diseaseRelation' | 'geneRelation'>, phases: TrialPhase[], distanceKm?: number, depth = 0, focus = { disease: 0, genes: 0 }): number {
  return scoreOf(r.verdict, r.level, r.metShare, r.diseaseRelation, r.geneRelation, phaseWeight(phases), distanceKm, depth, focus.disease, focus.genes);
}

/** rankScore on scalars (the allocation-free form the matcher's hot loop calls). */
export function scoreOf(verdict: TrialVerdict, level: TrialMatchResult['level'], metShare: number, dRel: DiseaseRel, gRel: GeneRel, phase: number, distanceKm: number | undefined, depth: number, focusDisease: number, focusGenes: number): number {
  // verdict tiers first: a trial the patient fails (not eligible, or another disease / target) never
  // outranks one that matches or may match, whatever its disease / gene specificity; within a tier the
  // terms below order trials (a tier spans less than TIER_GAP)
  let s = VERDICT_TIER[verdict] * TIER_GAP + VERDICT_WEIGHT[verdict] + LEVEL_WEIGHT[level] + metShare * 0.6 + DISEASE_WEIGHT[dRel] + GENE_WEIGHT[gRel] + phase;
  // how specifically the trial targets this patient: share of its diseases that concern the patient,
  // and how many of the patient's altered genes it targets
  s += 0.4 * focusDisease + 0.3 * Math.min(focusGenes, 3);
  if (distanceKm !== undefined) s += 0.5 / (1 + distanceKm / 250);
  s += Math.min(depth, 5) * 0.01;
  return Math.round(s * 1000) / 1000;
}

/** Share of the trial's disease codes that concern the patient's diagnosis (lineage or subtree). */
export function diseaseFocus(codes: string[], patientCode: string | undefined): number {
  if (!patientCode || !codes.length || !oncoNode(patientCode)) return 0;
  let rel = 0;
  for (const c of codes) if (c !== ONCOTREE_ROOT && (isWithin(c, patientCode) || isWithin(patientCode, c))) rel++;
  return rel / codes.length;
}

/** Depth of the deepest trial disease node (more specific trials rank slightly higher on ties). */
export function diseaseDepth(codes: string[]): number {
  return codes.reduce((m, c) => Math.max(m, ancestors(c).length), 0);
}
