import { compileEligibility } from '../../src/trials/compiler';
import { matchTrial, viewPatient } from '../../src/trials/matcher';
import { P, trial } from './helpers';

// The exclusion list of NCT06945705 (furmonertinib + anlotinib, first line, EGFR NSCLC with brain metastases)
// as ClinicalTrials.gov holds it, cut to three items.
const EXCLUSION = `Exclusion Criteria:

* Patients with any of the following criteria are not eligible for enrollment in this study:

  1. Patients whose diagnosis cannot be confirmed as non-small cell lung cancer (NSCLC) through histological or cytological examination.
  2. Patients who have previously received any epidermal growth factor receptor tyrosine kinase inhibitor (EGFR-TKI) therapy.
  3. Patients with known or suspected allergies to the study drugs (furmonertinib and anlotinib) or any components of their formulations.`;

describe('exclusion lists', () => {
  it('under "any of the following are not eligible" each item excludes alone; in an inclusion list they are alternatives', () => {
    const exclusion = compileEligibility(EXCLUSION, { idPrefix: 'x' });
    const tki = exclusion.find((c) => c.spec.kind === 'prior_therapy')!;
    expect([tki.polarity, tki.confidence]).toEqual(['exclusion', 0.75]);
    const inclusion = compileEligibility('Inclusion Criteria:\n- Meeting at least one of the following:\n  - ECOG 0\n  - Age over 70', { idPrefix: 'y' });
    for (const c of inclusion.filter((x) => x.spec.kind === 'ecog' || x.spec.kind === 'age')) expect(c.confidence).toBeLessThanOrEqual(0.5);
  });

  it('"whose diagnosis cannot be confirmed as NSCLC" excludes the patients without it: the trial requires NSCLC', () => {
    const dx = compileEligibility(EXCLUSION, { idPrefix: 'x' }).find((c) => c.spec.kind === 'diagnosis')!;
    expect([dx.polarity, dx.spec]).toEqual(['inclusion', expect.objectContaining({ codes: ['NSCLC'] })]);
    // and a histology excluded as such stays an exclusion
    const squamous = compileEligibility('Exclusion Criteria:\n- Squamous cell lung cancer histology', { idPrefix: 'z' }).find(
      (c) => c.spec.kind === 'diagnosis',
    );
    expect(squamous?.polarity).toBe('exclusion');
  });

  it('a patient after osimertinib is not eligible, and the diagnosis sentence is met, not counted against her', () => {
    const t = trial('NCT06945705', `Inclusion Criteria:\n- Histologically or cytologically confirmed advanced NSCLC\n${EXCLUSION}`, { conditions: ['NSCLC'] });
    const after = P({
      age: 58,
      gender: 'female',
      oncotreeCode: 'LUAD',
      ecog: 0,
      metastatic: true,
      priorTreatments: [{ name: 'osimertinib', kind: 'drug' }],
      alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
    });
    const m = matchTrial(t, viewPatient(after));
    expect(m.results.find((r) => r.kind === 'prior_therapy')?.status).toBe('no_match');
    expect(m.verdict).toBe('not_eligible');
    expect(m.results.filter((r) => r.kind === 'diagnosis').map((r) => r.status)).toEqual(expect.arrayContaining(['match']));
    expect(m.results.filter((r) => r.kind === 'diagnosis' && r.status === 'no_match')).toEqual([]);
    // untreated, the same trial is not excluded by it
    const naive = matchTrial(t, viewPatient(P({ ...after, priorTreatments: [] })));
    expect(naive.verdict).not.toBe('not_eligible');
  });
});
