import { TrialIndex, matchPatient, matchTrial, quickHolds, viewPatient } from '../../src/trials/matcher';
import { P, trial } from './helpers';

/**
 * Issue 28, read by an oncologist on bench:patients: the largest group of "Match" results they would not consider
 * were trials for advanced or metastatic disease shown to patients whose record did not say they have it (a
 * neoadjuvant breast candidate, a non-muscle-invasive bladder cancer, a resected stage III colon cancer). A setting
 * the trial requires and the record does not decide is unknown, never a match; the record's disease extent and a
 * BCLC stage decide it where stated.
 */
const TEXT = `Inclusion Criteria:
- Histologically confirmed locally advanced or metastatic breast cancer
- ECOG performance status 0 or 1
Exclusion Criteria:
- Pregnancy`;
const t = trial('NCT90000777', TEXT, { conditions: ['Breast Cancer'] });
const verdictFor = (p: Parameters<typeof P>[0]) => matchTrial(t, viewPatient(P({ oncotreeCode: 'BRCA', age: 50, gender: 'female', ecog: 0, ...p })));

describe('a required setting the record does not decide keeps the trial from a match', () => {
  it('no setting recorded: unknown, with the setting shown as not checked', () => {
    const r = verdictFor({});
    expect(r.verdict).toBe('unknown');
    expect(r.coverage?.notChecked).toContain('setting');
    expect(r.results.find((x) => x.kind === 'metastatic')?.status).toBe('unknown');
  });
  it('metastatic, or an advanced extent recorded: a match', () => {
    expect(verdictFor({ metastatic: true }).verdict).toBe('match');
    expect(verdictFor({ diseaseExtent: 'advanced' }).verdict).toBe('match');
    expect(verdictFor({ diseaseExtent: 'locally_advanced' }).verdict).toBe('match');
  });
  it('a localized extent rules the trial out', () => {
    expect(verdictFor({ diseaseExtent: 'localized' }).verdict).toBe('not_eligible');
  });
  it('the ranked search (hot loop) gives the same verdicts as the single trial', () => {
    const index = new TrialIndex([t]);
    for (const p of [{}, { metastatic: true }, { diseaseExtent: 'localized' as const }]) {
      const [r] = matchPatient(index, P({ oncotreeCode: 'BRCA', age: 50, gender: 'female', ecog: 0, ...p }), {
        limit: 5,
        verdicts: ['match', 'unknown', 'not_eligible', 'no_match'],
      });
      expect(r?.verdict).toBe(verdictFor(p).verdict);
    }
  });
});

describe('"advanced" from the record', () => {
  const advanced = (p: Parameters<typeof P>[0]) => quickHolds({ kind: 'metastatic', state: 'advanced' }, viewPatient(P(p)));
  it('stage IV, an advanced or locally advanced extent, an unresectable tumour and BCLC C say so', () => {
    expect(advanced({ stage: 'IV' })).toBe(true);
    expect(advanced({ diseaseExtent: 'advanced' })).toBe(true);
    expect(advanced({ diseaseExtent: 'locally_advanced' })).toBe(true);
    expect(advanced({ resectable: false })).toBe(true);
    expect(advanced({ oncotreeCode: 'HCC', bclcStage: 'C' })).toBe(true);
  });
  it('stage I-II, a localized extent and BCLC A say not; stage III alone does not decide it', () => {
    expect(advanced({ stage: 'II' })).toBe(false);
    expect(advanced({ diseaseExtent: 'localized' })).toBe(false);
    expect(advanced({ oncotreeCode: 'HCC', bclcStage: 'A' })).toBe(false);
    expect(advanced({ stage: 'III' })).toBeUndefined();
    expect(advanced({ stage: 'IIIB', resectable: false })).toBe(true);
  });
  it('a locally advanced extent is disease without distant metastases', () => {
    expect(quickHolds({ kind: 'metastatic', state: 'metastatic' }, viewPatient(P({ diseaseExtent: 'locally_advanced' })))).toBe(false);
  });
});
