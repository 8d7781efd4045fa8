/**
 * Floors on the labelled criterion samples (test/labels/criteria-*.json; bench:criteria reports the full
 * per-kind table). The tuning sample was drawn at random with a recorded seed and labelled by reading
 * each sentence; the held-out one was labelled after tuning and never tuned on. Both run on the owned
 * vocabularies (no shared data needed), so a change that loses precision or coverage fails here.
 */
import { CriterionKind } from '@oncodesk/shared/contracts';
import { SAMPLE_SEED, SAMPLE_SIZE, labelledSample, scoreSample } from '../labels/criteriaSample';

describe('criterion compiler on the labelled samples', () => {
  const sample = labelledSample('sample');
  const held = labelledSample('heldout');

  it('keeps the sample as drawn: its seed, its size, labels from the contract\'s kinds', () => {
    expect(sample.seed).toBe(SAMPLE_SEED);
    expect(sample.items).toHaveLength(SAMPLE_SIZE);
    for (const it of [...sample.items, ...held.items]) for (const k of it.kinds) expect(CriterionKind.options).toContain(k);
  });

  it('tuning sample: at least 75% of patient items compiled to a correct kind, at least 90% of criteria correct', () => {
    const s = scoreSample(sample.items);
    expect(s.covered / s.concerning).toBeGreaterThanOrEqual(0.75);
    expect(s.correct / s.predicted).toBeGreaterThanOrEqual(0.9);
    expect(s.administrativeAgree / s.administrativeLabelled).toBeGreaterThanOrEqual(0.65);
  });

  it('held-out sample: at least 65% covered, at least 85% of criteria correct', () => {
    const s = scoreSample(held.items);
    expect(s.covered / s.concerning).toBeGreaterThanOrEqual(0.65);
    expect(s.correct / s.predicted).toBeGreaterThanOrEqual(0.85);
  });

  it('an administrative reading never hides a labelled patient criterion', () => {
    const s = scoreSample([...sample.items, ...held.items]);
    const hidden = s.misses.filter((m) => m.compiled.includes('administrative') && !m.labelled.includes('administrative') && m.labelled.length > 0);
    expect(hidden.map((m) => m.text).length).toBeLessThanOrEqual(2);
  });
});
