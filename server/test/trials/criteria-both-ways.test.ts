/**
 * Criteria decide both ways. The mutation run of issue 27 (the matcher's tests run against deliberately broken
 * evaluators) found that an MSI-high criterion met by a microsatellite-stable patient broke none of 438 tests,
 * and an age maximum ignored broke one; these fail on either.
 */
import { TrialIndex, matchPatient } from '../../src/trials/matcher';
import { P, trial } from './helpers';

const msiHigh = trial('NCT90000088', 'Inclusion Criteria:\n- Microsatellite instability-high (MSI-H) or mismatch repair deficient (dMMR) colorectal cancer\n', {
  conditions: ['Colorectal Cancer'],
});
const msiStatus = (msi: 'high' | 'stable' | undefined) => {
  const [r] = matchPatient(new TrialIndex([msiHigh]), P({ age: 58, gender: 'female', oncotreeCode: 'COAD', metastatic: true, ...(msi ? { msi } : {}) }), {
    purposes: 'all',
    exhaustive: true,
  });
  return r.results.filter((x) => x.kind === 'msi' || x.kind === 'mmr').map((x) => x.status);
};

describe('MSI-high criteria', () => {
  it('are met by an MSI-high patient, not by a microsatellite-stable one, and unknown without a result', () => {
    expect(msiStatus('high')).toContain('match');
    expect(msiStatus('stable')).not.toContain('match');
    expect(msiStatus('stable')).toContain('no_match');
    expect(msiStatus(undefined).every((s) => s === 'unknown')).toBe(true);
  });
});

describe('age ranges', () => {
  const adults = trial('NCT90000089', 'Inclusion Criteria:\n- Age 18 to 75 years\n- Histologically confirmed colorectal cancer\n', {
    conditions: ['Colorectal Cancer'],
  });
  const ageStatus = (age: number) => {
    const [r] = matchPatient(new TrialIndex([adults]), P({ age, gender: 'male', oncotreeCode: 'COAD' }), { purposes: 'all', exhaustive: true });
    return r.results.filter((x) => x.kind === 'age' && x.source === 'Age 18 to 75 years').map((x) => x.status);
  };
  it('hold inside the range and fail above the maximum and below the minimum', () => {
    expect(ageStatus(60)).toEqual(['match']);
    expect(ageStatus(80)).toEqual(['no_match']);
    expect(ageStatus(16)).toEqual(['no_match']);
  });
});
