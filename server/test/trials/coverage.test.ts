/** Confidence reflects what was checked: "high" needs the disease, the setting and enough decided criteria. */
import { matchTrial, viewPatient, TrialIndex, matchPatient, scoreBothPaths } from '../../src/trials/matcher';
import { P, trial } from './helpers';

const her2Stage2 = P({ oncotreeCode: 'IDC', age: 45, gender: 'female', stage: 'II', metastatic: false, ecog: 0, biomarkers: [{ name: 'HER2', value: 'positive' }] });

describe('match level and coverage', () => {
  it('a trial with only age and sex (and the disease) checked cannot be assessed from its record: unknown, low, and says so', () => {
    const t = trial('NCT90000011', '', { conditions: ['Breast Cancer'] });
    const m = matchTrial(t, viewPatient(her2Stage2));
    expect(m.verdict).toBe('unknown');
    expect(m.level).toBe('low');
    expect(m.coverage).toMatchObject({ checked: 2, notChecked: ['setting'], recordStatesCriteria: false });
  });

  it('a match on disease, setting, biomarker and enough criteria is "high"', () => {
    const text = ['Inclusion Criteria:', '- Histologically confirmed HER2-positive breast cancer', '- Stage II or III disease', '- ECOG performance status 0-1', 'Exclusion Criteria:', '- Metastatic disease'].join('\n');
    const t = trial('NCT90000012', text, { conditions: ['Breast Cancer'] });
    const m = matchTrial(t, viewPatient(her2Stage2));
    expect(m.verdict).toBe('match');
    expect(m.coverage!.notChecked).toEqual([]);
    expect(m.coverage!.checked).toBeGreaterThanOrEqual(4);
    expect(m.level).toBe('high');
  });

  it('an undecided biomarker requirement keeps a match from "high"', () => {
    const text = ['Inclusion Criteria:', '- Histologically confirmed breast cancer', '- Stage II or III disease', '- ECOG performance status 0-1', '- PIK3CA mutation', 'Exclusion Criteria:', '- Metastatic disease'].join('\n');
    const t = trial('NCT90000013', text, { conditions: ['Breast Cancer'] });
    const m = matchTrial(t, viewPatient(her2Stage2));
    expect(m.level).not.toBe('high');
    expect(m.coverage!.notChecked).toContain('biomarkers');
  });

  it('the packed hot path and the explained path agree on these levels', () => {
    const index = new TrialIndex([
      trial('NCT90000011', '', { conditions: ['Breast Cancer'] }),
      trial('NCT90000012', 'Inclusion Criteria:\n- HER2-positive breast cancer\n- Stage II or III disease\n- ECOG 0-1\nExclusion Criteria:\n- Metastatic disease', { conditions: ['Breast Cancer'] }),
    ]);
    for (const r of scoreBothPaths(index, her2Stage2)) expect(r.hot).toBeCloseTo(r.full, 9);
    expect(matchPatient(index, her2Stage2).map((r) => [r.trialId, r.level])).toEqual([
      ['NCT90000012', 'high'],
      ['NCT90000011', 'low'],
    ]);
  });
});
