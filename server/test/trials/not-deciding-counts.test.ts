import { TrialIndex, matchPatient, matchTrial, viewPatient } from '../../src/trials/matcher';
import { trialBlurb } from '../../src/trials/blurb';
import { P, trial } from './helpers';

// Shaped on IN10018 (NCT05994131), the demo lung patient's first result: trial-level sentences scoped to one
// cohort were counted "2 not met" on a "Match" card. They never decide alone (compiler: SUBGROUP), and the
// counts now say so.
const TEXT = `Inclusion Criteria:
- Histologically or cytologically confirmed locally advanced or metastatic non-small cell lung cancer
- EGFR mutation (exon 19 deletion or L858R)
Exclusion Criteria:
- Cohort 3 only: Has received the treatment of EGFR-TKI
- Prior treatment with a MEK inhibitor`;

const afterOsimertinib = P({
  age: 61,
  gender: 'female',
  oncotreeCode: 'LUAD',
  ecog: 1,
  metastatic: true,
  priorTreatments: [{ name: 'osimertinib', kind: 'drug' }],
  alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
});

describe('unmet criteria that do not decide alone', () => {
  const t = trial('NCT90000042', TEXT, { conditions: ['Non-small Cell Lung Cancer'] });

  it('are counted apart in the explained and the index paths, and leave the verdict to the rest', () => {
    const alone = matchTrial(t, viewPatient(afterOsimertinib));
    const cohortOnly = alone.results.find((r) => r.source.startsWith('Cohort 3 only'))!;
    expect(cohortOnly.status).toBe('no_match');
    expect(alone.counts.no_match).toBeGreaterThanOrEqual(1);
    expect(alone.counts.not_deciding).toBe(alone.results.filter((r) => r.status === 'no_match' && r.confidence < 0.6).length);
    expect(alone.counts.not_deciding).toBeGreaterThanOrEqual(1);
    expect(alone.verdict).not.toBe('not_eligible');
    const [listed] = matchPatient(new TrialIndex([t]), afterOsimertinib, { exhaustive: true, purposes: 'all' });
    expect(listed.counts).toEqual(alone.counts);
  });

  it('an unmet criterion that decides alone is still counted as deciding', () => {
    const mek = P({ ...afterOsimertinib, priorTreatments: [{ name: 'trametinib', kind: 'drug' }] });
    const m = matchTrial(t, viewPatient(mek));
    expect(m.verdict).toBe('not_eligible');
    expect(m.counts.no_match).toBe((m.counts.not_deciding ?? 0) + 1);
  });

  it('the summary names them and keeps "the main obstacle" for what decides', () => {
    const m = matchTrial(t, viewPatient(afterOsimertinib));
    const en = trialBlurb(t, m, afterOsimertinib, 'en');
    expect(en).toMatch(/1 applies only to some patients .* does not decide alone/);
    expect(en).toMatch(/1 appears not to be met/);
    expect(en).not.toMatch(/main obstacle: Cohort 3 only/);
    expect(en).toMatch(/To check \(for some patients only\): Cohort 3 only/);
    expect(trialBlurb(t, m, afterOsimertinib, 'it')).toMatch(/1 vale solo per alcuni pazienti.*non decide da solo/);
    expect(trialBlurb(t, m, afterOsimertinib, 'es')).toMatch(/1 se aplica solo a algunos pacientes.*no decide por sí solo/);
  });
});
