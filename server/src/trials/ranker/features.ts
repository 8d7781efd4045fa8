/**
 * The engine's ranking features of one (patient, trial) pair as numbers, for the learnt ranker
 * (ranker/model.ts). Every value comes from the engine's own readings: the verdict and level the matcher
 * gave, diseaseRelation / geneRelation, the genes the interventions address (addressedGenes), the genes
 * the title names (titleGenes), diseaseFocus, phaseWeight. Only the encoding (one-hot, scaling) is here.
 */
import type { PatientData, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import { viewPatient } from '../matcher/evaluate';
import { addressedGenes, diseaseFocus, geneRelation, phaseWeight, titleGenes } from '../matcher/ranking';

/** Feature names, in vector order (the weights file stores them to refuse a model of another layout). */
export const FEATURE_NAMES = [
  'verdict_match',
  'verdict_unknown',
  'verdict_not_eligible',
  'level_high',
  'level_medium',
  'met_share',
  'disease_exact',
  'disease_more_specific',
  'disease_more_general',
  'disease_not_disease',
  'gene_exact',
  'gene_without_variant',
  'gene_different_variant',
  'gene_not_targeted',
  'disease_focus',
  'genes_targeted',
  'drug_targets_gene',
  'title_names_gene',
  'purpose_treatment',
  'phase',
  'recency',
  'start_date_known',
  'bm25',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** What the features need of the patient, computed once per patient. */
export interface RankContext {
  oncotreeCode?: string;
  /** The alterations the engine ranks by (viewPatient's targetAlterations: PD-L1 as CD274 expression), wild types left out. */
  alterations: Array<{ gene: string; proteinChange?: string; category: string }>;
}

export function rankContext(p: PatientData): RankContext {
  return { oncotreeCode: p.oncotreeCode, alterations: viewPatient(p).targetAlterations.filter((a) => a.category !== 'wild_type') };
}

/** Years a start date lies after 2000, over 20 (0 .. ~1.3); undefined when the record states none. */
function startRecency(start: string | undefined): number | undefined {
  const y = start ? /\b(19|20)\d\d\b/.exec(start)?.[0] : undefined;
  return y ? Math.max(0, (Number(y) - 2000) / 20) : undefined;
}

/**
 * The feature vector of a matched pair. `bm25` is the pair's text score as a share of the best in the
 * compared set (0..1); 0 where no query text exists (the product ranks without a query).
 */
export function rankFeatures(
  r: Pick<TrialMatchResult, 'verdict' | 'level' | 'metShare' | 'diseaseRelation' | 'geneRelation'>,
  trial: Trial,
  ctx: RankContext,
  bm25 = 0,
): number[] {
  const genes = new Set(ctx.alterations.map((a) => a.gene));
  const per = geneRelation(trial, { alterations: [] }, ctx.alterations).perGene;
  const recency = startRecency(trial.dates?.start);
  const f: Record<FeatureName, number> = {
    verdict_match: +(r.verdict === 'match'),
    verdict_unknown: +(r.verdict === 'unknown'),
    verdict_not_eligible: +(r.verdict === 'not_eligible'),
    level_high: +(r.level === 'high'),
    level_medium: +(r.level === 'medium'),
    met_share: r.metShare,
    disease_exact: +(r.diseaseRelation === 'exact'),
    disease_more_specific: +(r.diseaseRelation === 'more_specific'),
    disease_more_general: +(r.diseaseRelation === 'more_general'),
    disease_not_disease: +(r.diseaseRelation === 'not_disease'),
    gene_exact: +(r.geneRelation === 'exact'),
    gene_without_variant: +(r.geneRelation === 'gene_without_variant'),
    gene_different_variant: +(r.geneRelation === 'different_variant'),
    gene_not_targeted: +(r.geneRelation === 'not_targeted'),
    disease_focus: diseaseFocus(trial.diseaseCodes, ctx.oncotreeCode),
    genes_targeted: Math.min(per.filter((g) => g.relation !== 'not_targeted').length, 3) / 3,
    drug_targets_gene: +addressedGenes(trial).some((g) => genes.has(g)),
    title_names_gene: +titleGenes(trial).some((g) => genes.has(g)),
    purpose_treatment: +(trial.primaryPurpose === 'treatment'),
    phase: phaseWeight(trial.phases) / 0.15,
    recency: recency ?? 0,
    start_date_known: +(recency !== undefined),
    bm25,
  };
  return FEATURE_NAMES.map((n) => f[n]);
}
