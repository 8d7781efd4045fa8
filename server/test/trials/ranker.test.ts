import { FEATURE_NAMES, rankContext, rankFeatures } from '../../src/trials/ranker/features';
import { loadRanker, rankerScore, trainPairwise, type RankGroup } from '../../src/trials/ranker/model';
import { TrialIndex, matchPatient } from '../../src/trials/matcher';
import { P, trial } from './helpers';

/** A deterministic pseudo-random stream (the synthetic sets must not change between runs). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Groups whose grade follows feature 0 ("signal"); feature 1 is noise and feature 2 runs against the grade. */
function synthetic(seed: number, groups = 12, size = 15): RankGroup[] {
  const r = rng(seed);
  return Array.from({ length: groups }, () => ({
    items: Array.from({ length: size }, () => {
      const signal = r();
      const grade = signal > 0.75 ? 2 : signal > 0.45 ? 1 : 0;
      return { x: [signal, r(), 1 - signal + 0.3 * r()], grade, tier: 0 };
    }),
  }));
}

describe('learnt ranker: pairwise training', () => {
  const names = ['signal', 'noise', 'against'];

  it('learns a positive weight for the feature that orders the grades, a negative one for the feature against them, and little for noise', () => {
    const m = trainPairwise(synthetic(1), names, 'synthetic');
    const [signal, noise, against] = m.weights;
    expect(signal).toBeGreaterThan(0);
    expect(against).toBeLessThan(0);
    expect(Math.abs(noise)).toBeLessThan(signal / 3);
  });

  it('ranks unseen items by the learnt feature: over 95% of their better-vs-worse pairs in order', () => {
    const m = trainPairwise(synthetic(2), names, 'synthetic');
    const test = synthetic(3);
    let ordered = 0;
    let pairs = 0;
    for (const g of test)
      for (const a of g.items)
        for (const b of g.items) {
          if (a.grade <= b.grade) continue;
          pairs++;
          if (rankerScore(m, a.x) > rankerScore(m, b.x)) ordered++;
        }
    expect(ordered / pairs).toBeGreaterThan(0.95);
  });

  it('with sameTier, pairs across tiers teach nothing: a feature that only separates tiers gets no weight', () => {
    // feature 0 is 1 in tier 1 (all graded 2) and 0 in tier 0 (all graded 0); inside a tier it is constant
    const groups: RankGroup[] = [
      {
        items: [
          { x: [1, 0.9], grade: 2, tier: 1 },
          { x: [1, 0.1], grade: 1, tier: 1 },
          { x: [0, 0.8], grade: 1, tier: 0 },
          { x: [0, 0.2], grade: 0, tier: 0 },
        ],
      },
    ];
    const m = trainPairwise(groups, ['tier_feature', 'within'], 'synthetic');
    expect(m.weights[0]).toBe(0);
    expect(m.weights[1]).toBeGreaterThan(0);
    expect(trainPairwise(groups, ['tier_feature', 'within'], 'synthetic', { sameTier: false }).weights[0]).toBeGreaterThan(0);
  });

  it('a weights file round-trips and one of another feature layout is refused', () => {
    const m = trainPairwise(synthetic(4), names, 'synthetic');
    const back = loadRanker(JSON.parse(JSON.stringify(m)), names);
    expect(rankerScore(back, [0.9, 0.5, 0.1])).toBeCloseTo(rankerScore(m, [0.9, 0.5, 0.1]));
    expect(() => loadRanker(m, ['signal', 'noise'])).toThrow(/feature layout/);
    expect(() => loadRanker({ ...m, scale: [0, 1, 1] }, names)).toThrow();
  });
});

describe('learnt ranker: features of a (patient, trial) pair', () => {
  it("reads the engine's relations, drug targets, title genes, phase and start date of a matched pair", () => {
    const t = {
      ...trial('NCT90000201', 'Inclusion Criteria:\n- Melanoma with a BRAF V600 mutation', {
        briefTitle: 'Vemurafenib in BRAF V600 Mutant Melanoma',
        conditions: ['Melanoma'],
        phases: ['3'],
        interventions: [{ name: 'Vemurafenib', type: 'drug', otherNames: [], drugs: [] }],
      }),
      dates: { start: 'March 2016' },
    };
    const p = P({ age: 60, gender: 'female', oncotreeCode: 'MEL', alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] });
    const [r] = matchPatient(new TrialIndex([t]), p, { exhaustive: true, purposes: 'all' });
    const f = Object.fromEntries(FEATURE_NAMES.map((n, k) => [n, rankFeatures(r, t, rankContext(p), 0.5)[k]]));
    expect(f).toMatchObject({
      gene_exact: 1,
      gene_not_targeted: 0,
      drug_targets_gene: 1,
      title_names_gene: 1,
      genes_targeted: 1 / 3,
      phase: 1,
      recency: 0.8,
      start_date_known: 1,
      bm25: 0.5,
      disease_not_disease: 0,
    });
    expect(f.disease_exact + f.disease_more_specific).toBe(1);
    expect(f.verdict_match + f.verdict_unknown).toBe(1);
  });
});

describe('learnt ranker: the shipped weights', () => {
  it("weights.json (bench:trec-pm, trained on TREC PM 2017+2018) loads against the extractor's feature layout", () => {
    const m = loadRanker(require('../../src/trials/ranker/weights.json'), FEATURE_NAMES);
    expect(m.trainedOn).toMatch(/2017\+2018/);
    // both years' assessors put a trial on another disease below one on the patient's (same tier)
    const at = (name: string) => m.weights[FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number])];
    expect(at('disease_not_disease')).toBeLessThan(0);
    expect(at('gene_not_targeted')).toBeLessThan(0);
  });
});
