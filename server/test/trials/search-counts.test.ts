/**
 * A search's counts over the catalogue (matcher/searchCounts.ts) taken the fast way — without every candidate's
 * verdict unless the scope holds few open trials not ruled out — equal the counts of the full verdict scan.
 */
import type { LocationFilter, PatientData } from '@oncodesk/shared/contracts';
import { TrialIndex } from '../../src/trials/matcher';
import { matchCounted, matchCountedFully, type CountRequest } from '../../src/trials/matcher/searchCounts';
import { sharedTrialsImport } from '../support/compiledTrials';
import { P } from './helpers';

jest.setTimeout(120_000);

const patients: Array<[string, PatientData]> = [
  [
    'lung EGFR, Milan',
    P({
      age: 64,
      gender: 'male',
      oncotreeCode: 'LUAD',
      metastatic: true,
      ecog: 1,
      location: { city: 'Milano', countryCode: 'IT', point: { lat: 45.46, lon: 9.19 } },
      alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
    }),
  ],
  [
    'breast HER2+, Boston',
    P({
      age: 52,
      gender: 'female',
      oncotreeCode: 'IDC',
      metastatic: true,
      ecog: 0,
      location: { city: 'Boston', countryCode: 'US', point: { lat: 42.36, lon: -71.06 } },
      alterations: [{ gene: 'ERBB2', category: 'amplification' }],
    }),
  ],
  [
    'prostate, Lyon',
    P({
      age: 71,
      gender: 'male',
      oncotreeCode: 'PRAD',
      metastatic: true,
      ecog: 2,
      location: { city: 'Lyon', countryCode: 'FR', point: { lat: 45.76, lon: 4.84 } },
      priorTreatments: [{ name: 'enzalutamide', kind: 'drug' }],
    }),
  ],
];

const ladderOf = (p: PatientData): LocationFilter[] => [
  { kind: 'radius', km: 100, center: p.location!.point! } as never,
  { kind: 'country', countryCodes: [p.location!.countryCode!] },
  { kind: 'continent', continents: [p.location!.countryCode === 'US' ? 'North America' : 'Europe'] as never },
  { kind: 'global' },
];

describe('search counts', () => {
  let index: TrialIndex;
  beforeAll(() => {
    index = new TrialIndex(sharedTrialsImport().trials);
  });

  it.each(patients)('%s: the fast counts equal the full scan, in each scope and whether or not the scope has few', (_, p) => {
    const ladder = ladderOf(p);
    let scanned = 0;
    let skipped = 0;
    for (let k = 0; k < ladder.length; k++) {
      const count: CountRequest = { scope: ladder[k], ladder: ladder.slice(k), purposes: ['treatment', 'unknown'] };
      const options = { location: ladder[k], purposes: 'all' as const, limit: 50, closed: 20 };
      const full = matchCountedFully(index, p, options, count);
      for (const few of [0, 5, Number.POSITIVE_INFINITY]) {
        const fast = matchCounted(index, p, options, count, few);
        expect(fast.results).toEqual(full.results);
        expect([fast.counts.open, fast.counts.closed]).toEqual([full.counts.open, full.counts.closed]);
        if (fast.counts.scopes.length === ladder.length - k) {
          expect(fast.counts.scopes).toEqual(full.counts.scopes);
          scanned++;
        } else {
          // only the scope's own count, given when it holds at least `few`: exact all the same
          expect(fast.counts.scopes).toEqual([full.counts.scopes[0]]);
          expect(full.counts.scopes[0]).toBeGreaterThanOrEqual(few);
          skipped++;
        }
      }
    }
    // both ways were taken
    expect(scanned).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThan(0);
  });
});
