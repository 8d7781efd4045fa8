import fc from 'fast-check';
import { isOpenStatus } from '@oncodesk/shared/contracts';
import { parseCtgovV2 } from '../../src/trials/importers';
import { cachedImportDirectory } from '../support/compiledTrials';
import { TrialIndex, matchPatient } from '../../src/trials/matcher';
import { scoreOf } from '../../src/trials/matcher/ranking';
import { normalizePatient } from '../../src/language/normalizePatient';
import { read, TRIALS_DIR } from './helpers';

/**
 * The search skips a trial's criteria when even its best possible score (a match at level high, every decided
 * criterion met) could not enter the results kept (matcher/index.ts hotScore). These tests hold that bound
 * and show the skipping changes no result.
 */
describe('top-k search with a bound on the score', () => {
  it('no verdict, level or share of criteria met scores above a match at level high with all met', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('match', 'unknown', 'not_eligible', 'no_match' as const),
        fc.constantFrom('high', 'medium', 'low' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('exact', 'more_specific', 'more_general', 'unknown', 'not_disease' as const),
        fc.constantFrom('exact', 'gene_without_variant', 'different_variant', 'not_targeted', 'none' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 20000, noNaN: true }), { nil: undefined }),
        fc.integer({ min: 0, max: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 1 }),
        (verdict, level, metShare, dRel, gRel, phase, km, depth, focus, genes, addressed, titled, treatment) => {
          const score = scoreOf(verdict, level, metShare, dRel, gRel, phase, km, depth, focus, genes, addressed, titled, treatment);
          expect(score).toBeLessThanOrEqual(scoreOf('match', 'high', 1, dRel, gRel, phase, km, depth, focus, genes, addressed, titled, treatment));
        },
      ),
      { numRuns: 2000 },
    );
  });

  const trials = [
    ...parseCtgovV2(read('trials/ctgov-v2/search_phelan_limit50_20260811.json')).trials,
    ...cachedImportDirectory(`${TRIALS_DIR}/nci-cts/full`).trials,
    ...cachedImportDirectory(`${TRIALS_DIR}/ctml`).trials,
    ...cachedImportDirectory(`${TRIALS_DIR}/ctgov-xml`, (f) => /NCT0[01]\d*[05]\.xml$/.test(f)).trials,
  ];
  const index = new TrialIndex(trials);
  const open = new Set(trials.filter((t) => isOpenStatus(t.overallStatus)).map((t) => t.id));
  const patients = [
    '64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX',
    '58-year-old woman with stage IV lung adenocarcinoma, EGFR L858R, ECOG 0, progressed on osimertinib, treated brain metastases',
    '45-year-old female with metastatic melanoma, BRAF V600E, PD-L1 60%, TMB 12, ECOG 1, no prior therapy',
    '61-year-old man with colorectal cancer, KRAS G12C, MSS, liver metastases, progressed on FOLFOX and FOLFIRI, ECOG 1',
    '39-year-old woman with cervical cancer stage IIIB, HIV negative, ECOG 0',
    'solid tumour',
  ].map((t) => normalizePatient(t).patient);

  it('the best k are the head of the whole ranking, explanations included, for any k', () => {
    expect(trials.length).toBeGreaterThan(100);
    for (const p of patients) {
      const all = matchPatient(index, p, { limit: Infinity, purposes: 'all' });
      expect(all.length).toBeGreaterThan(10);
      for (const k of [1, 3, 10, 30]) expect(matchPatient(index, p, { limit: k, purposes: 'all' })).toEqual(all.slice(0, k));
    }
  });

  it('open trials first and the best closed ones after, as the results page asks, equal the head of each ranking', () => {
    for (const p of patients) {
      const all = matchPatient(index, p, { limit: Infinity, closed: Infinity, purposes: 'all' });
      const openOnes = all.filter((r) => open.has(r.trialId));
      const closedOnes = all.filter((r) => !open.has(r.trialId));
      expect(closedOnes.length).toBeGreaterThan(5);
      for (const [k, c] of [
        [5, 2],
        [20, 7],
        [0, 3],
        [4, 0],
      ])
        expect(matchPatient(index, p, { limit: k, closed: c, purposes: 'all' })).toEqual([...openOnes.slice(0, k), ...closedOnes.slice(0, c)]);
    }
  });
});
