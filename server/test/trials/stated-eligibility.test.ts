import { TrialIndex, matchPatient, matchTrial, scoreBothPaths, viewPatient } from '../../src/trials/matcher';
import { statesEligibility } from '../../src/trials/matcher/verdict';
import { P, trial } from './helpers';
import { sharedTrialsImport } from '../support/compiledTrials';

// A record whose registry entry gives only conditions, age and sex (an NCI listing, a bare registration):
// the engine can check those three and nothing of what decides eligibility.
const BARE = trial('NCT90000101', '', { conditions: ['Non-small Cell Lung Cancer'], briefTitle: 'A study of a drug in lung cancer' });
const STATED = trial(
  'NCT90000102',
  'Inclusion Criteria:\n- Histologically confirmed non-small cell lung cancer\n- ECOG performance status 0-1\n- Age 18 or older',
  {
    conditions: ['Non-small Cell Lung Cancer'],
  },
);
const PATIENT = P({ age: 61, gender: 'female', oncotreeCode: 'LUAD', metastatic: true, ecog: 1 });

describe('a record without stated eligibility criteria is never a match', () => {
  it('says it cannot be assessed: unknown, level low, "the record states no criteria", on every path', () => {
    expect(statesEligibility(BARE)).toBe(false);
    expect(statesEligibility(STATED)).toBe(true);
    const index = new TrialIndex([BARE, STATED]);
    const byId = new Map(matchPatient(index, PATIENT).map((r) => [r.trialId, r]));
    expect(byId.get('NCT90000101')).toMatchObject({ verdict: 'unknown', level: 'low', coverage: { recordStatesCriteria: false } });
    // what was checked is still shown: the disease and the age are met
    expect(
      byId
        .get('NCT90000101')!
        .results.filter((r) => r.status === 'match')
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['age', 'diagnosis']);
    // the same record with its criteria is a match, and says nothing of the kind
    expect(byId.get('NCT90000102')!.verdict).toBe('match');
    expect(byId.get('NCT90000102')!.coverage?.recordStatesCriteria).toBeUndefined();
    // the trial page's single-trial path and the ranking's hot path agree with the list
    expect(matchTrial(BARE, viewPatient(PATIENT))).toMatchObject({ verdict: 'unknown', level: 'low' });
    for (const s of scoreBothPaths(index, PATIENT)) expect(s.hot).toBeCloseTo(s.full, 9);
  });

  it('ranks below the same trial with its criteria', () => {
    const [first] = matchPatient(new TrialIndex([BARE, { ...STATED }]), PATIENT);
    expect(first.trialId).toBe('NCT90000102');
  });

  it('holds on the shared catalogue: no trial without stated criteria comes out Match for a patient it concerns', () => {
    // the shared folder compiled once for the whole suite (test/support/compiledTrials.ts)
    const { trials } = sharedTrialsImport();
    const bare = trials.filter((t) => !statesEligibility(t));
    expect(bare.length).toBeGreaterThan(0);
    const index = new TrialIndex(trials);
    const patients = [
      PATIENT,
      P({ age: 66, gender: 'male', oncotreeCode: 'PRAD', metastatic: true, ecog: 1 }),
      P({ age: 52, gender: 'female', oncotreeCode: 'IDC', metastatic: true, ecog: 0 }),
      P({ age: 60, gender: 'male', oncotreeCode: 'COAD', metastatic: true, ecog: 1 }),
    ];
    const ids = new Set(bare.map((t) => t.id));
    let seen = 0;
    for (const p of patients)
      for (const r of matchPatient(index, p, { limit: Number.POSITIVE_INFINITY })) {
        if (!ids.has(r.trialId)) continue;
        seen++;
        expect([r.trialId, r.verdict === 'match' || r.level !== 'low']).toEqual([r.trialId, false]);
      }
    expect(seen).toBeGreaterThan(10);
  });
});
