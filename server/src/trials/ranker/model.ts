/**
 * A learnt linear ranker: pairwise logistic regression (RankNet with a linear scorer) over the engine's
 * ranking features (ranker/features.ts), trained on graded relevance judgments (TREC PM pools).
 *
 * Written by hand: the model is ~10-25 weights trained by full-batch gradient descent on pair differences;
 * the npm options (ml-logistic-regression with ml-matrix) fit a pointwise classifier with an intercept and
 * have neither pairs nor per-topic pair weights, which is what makes a ranker out of it.
 */
import { z } from 'zod';

export const LinearRankerSchema = z.object({
  version: z.literal(1),
  /** Feature names in vector order: a model whose layout differs from the extractor's is refused. */
  features: z.array(z.string()).min(1),
  mean: z.array(z.number()),
  scale: z.array(z.number().positive()),
  weights: z.array(z.number()),
  /** What it was trained on (e.g. "TREC PM 2017+2018 judged pools"), for the record. */
  trainedOn: z.string(),
});
export type LinearRanker = z.infer<typeof LinearRankerSchema>;

/** Parses a weights file, refusing one whose features are not `expected` (in order). */
export function loadRanker(json: unknown, expected: readonly string[]): LinearRanker {
  const m = LinearRankerSchema.parse(json);
  if (m.features.join(',') !== expected.join(',') || ![m.mean, m.scale, m.weights].every((a) => a.length === expected.length))
    throw new Error('ranker weights do not match the feature layout');
  return m;
}

export function rankerScore(m: LinearRanker, x: number[]): number {
  let s = 0;
  for (let k = 0; k < m.weights.length; k++) s += (m.weights[k] * (x[k] - m.mean[k])) / m.scale[k];
  return s;
}

/** One query (topic / patient): its judged items, each with features, grade and the tier it is ranked in. */
export interface RankGroup {
  items: Array<{ x: number[]; grade: number; tier?: number }>;
}

export interface TrainOptions {
  epochs?: number;
  rate?: number;
  l2?: number;
  /** Only pairs of the same tier (the model orders trials inside the product's verdict tiers). */
  sameTier?: boolean;
}

/**
 * Trains on every pair of a group with different grades (and the same tier when asked), each group's
 * pairs weighing 1 in all (every topic counts alike, as in a per-topic NDCG mean). Features are
 * standardised on the training items so the L2 penalty and the step size treat them alike.
 */
export function trainPairwise(groups: RankGroup[], features: readonly string[], trainedOn: string, o: TrainOptions = {}): LinearRanker {
  const { epochs = 400, rate = 0.5, l2 = 1e-3, sameTier = true } = o;
  const d = features.length;
  const all = groups.flatMap((g) => g.items.map((i) => i.x));
  if (!all.length) throw new Error('no training items');
  const mean = Array.from({ length: d }, (_, k) => all.reduce((s, x) => s + x[k], 0) / all.length);
  const scale = Array.from({ length: d }, (_, k) => Math.sqrt(all.reduce((s, x) => s + (x[k] - mean[k]) ** 2, 0) / all.length) || 1);
  // pair differences (better minus worse), standardised, with their weights
  const diffs: Float64Array[] = [];
  const weight: number[] = [];
  for (const g of groups) {
    const start = diffs.length;
    for (const a of g.items)
      for (const b of g.items) {
        if (a.grade <= b.grade || (sameTier && a.tier !== b.tier)) continue;
        diffs.push(Float64Array.from({ length: d }, (_, k) => (a.x[k] - b.x[k]) / scale[k]));
      }
    const n = diffs.length - start;
    for (let p = 0; p < n; p++) weight.push(1 / n);
  }
  const total = weight.reduce((s, w) => s + w, 0) || 1;
  const w = new Float64Array(d);
  const grad = new Float64Array(d);
  for (let e = 0; e < epochs; e++) {
    grad.fill(0);
    for (let p = 0; p < diffs.length; p++) {
      const x = diffs[p];
      let s = 0;
      for (let k = 0; k < d; k++) s += w[k] * x[k];
      // d/dw log(1 + exp(-s)) = -sigmoid(-s) x
      const c = weight[p] / (1 + Math.exp(s));
      for (let k = 0; k < d; k++) grad[k] -= c * x[k];
    }
    for (let k = 0; k < d; k++) w[k] -= rate * (grad[k] / total + l2 * w[k]);
  }
  return { version: 1, features: [...features], mean, scale, weights: Array.from(w, (v) => Math.round(v * 1e4) / 1e4), trainedOn };
}

/**
 * Picks the L2 penalty and whether pairs across tiers count, by cross-validation over the training
 * groups only (folds of whole groups, i.e. topics: a topic's pairs never sit on both sides), scoring
 * each held-out fold with `evaluate` (e.g. mean NDCG@10), then trains on all groups with the best
 * choice. The test set is never seen.
 */
export function trainWithFolds<G extends RankGroup>(
  groups: G[],
  features: readonly string[],
  trainedOn: string,
  evaluate: (m: LinearRanker, held: G[]) => number,
  o: TrainOptions & { grid?: number[]; folds?: number } = {},
): { model: LinearRanker; l2: number; sameTier: boolean; cv: Array<{ l2: number; sameTier: boolean; score: number }> } {
  const { grid = [1e-3, 1e-2, 0.03, 0.1, 0.3, 1], folds = 5, ...train } = o;
  const cv = [true, false].flatMap((sameTier) =>
    grid.map((l2) => {
      let score = 0;
      for (let f = 0; f < folds; f++) {
        const held = groups.filter((_, i) => i % folds === f);
        if (!held.length) continue;
        score +=
          evaluate(
            trainPairwise(
              groups.filter((_, i) => i % folds !== f),
              features,
              trainedOn,
              { ...train, l2, sameTier },
            ),
            held,
          ) * held.length;
      }
      return { l2, sameTier, score: score / groups.length };
    }),
  );
  // ties go to the later entry: the stronger penalty (the simpler model)
  const best = cv.reduce((a, b) => (b.score >= a.score - 1e-12 ? b : a));
  return { model: trainPairwise(groups, features, trainedOn, { ...train, l2: best.l2, sameTier: best.sameTier }), l2: best.l2, sameTier: best.sameTier, cv };
}
