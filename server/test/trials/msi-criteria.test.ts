/**
 * MSI criteria decide both ways (the mutation run of issue 27 found that an MSI-high criterion met by a
 * microsatellite-stable patient broke no test).
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
