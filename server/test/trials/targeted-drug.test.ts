import type { PatientData, Trial } from '@oncodesk/shared/contracts';
import { PatientData as PatientSchema } from '@oncodesk/shared/contracts';
import { finalizeTrial } from '../../src/trials/model';
import { TrialIndex, matchPatient, matchTrial, viewPatient } from '../../src/trials/matcher';

/** Issue 28: a trial that exists to test a targeted drug needs the target in the patient, or says so. */
const TEXT = `Inclusion Criteria:
- Histologically or cytologically confirmed unresectable or metastatic intrahepatic cholangiocarcinoma
- Received at least one prior systemic therapy
- ECOG performance status 0 or 1
Exclusion Criteria:
- Active brain metastases`;

function trial(id: string, briefTitle: string, interventions: string[], text = TEXT): Trial {
  const r = finalizeTrial({
    id,
    nctId: id,
    otherIds: [],
    source: 'manual',
    briefTitle,
    phases: ['1'],
    overallStatus: 'recruiting',
    collaborators: [],
    conditions: ['Cholangiocarcinoma'],
    keywords: [],
    interventions: interventions.map((name) => ({ name, type: 'drug', otherNames: [], drugs: [] })),
    cohorts: [],
    sites: [],
    dates: {},
    eligibility: { text, sex: 'all', minAge: 18 },
  });
  if (!r.trial) throw new Error(r.error);
  return r.trial;
}
const icc = (alterations: PatientData['alterations']) =>
  PatientSchema.parse({ age: 60, oncotreeCode: 'IHCH', metastatic: true, priorLines: 1, ecog: 1, brainMetastases: false, alterations });

describe('a targeted-drug trial needs its target', () => {
  // NCT04526106's title; its NCI listing states no criteria, so the criteria here are an ICC trial's usual ones
  const rly = trial('NCT04526106', 'First-in-Human Study of Highly Selective FGFR2 Inhibitor, RLY-4008, in Patients With ICC and Other Advanced Solid Tumors', [
    'RLY-4008',
  ]);

  it("the title's selective FGFR2 inhibitor: a patient with no FGFR2 alteration is not a match, and the checklist says why", () => {
    const r = matchTrial(rly, viewPatient(icc([{ gene: 'KRAS', proteinChange: 'G12D', category: 'mutation' }])));
    expect(r.verdict).toBe('unknown');
    const req = r.results.find((x) => x.kind === 'alteration')!;
    expect(req).toMatchObject({ status: 'no_match', source: expect.stringContaining('Selective FGFR2 Inhibitor') });
    // nothing recorded about the genome: still not a match
    expect(matchTrial(rly, viewPatient(icc([]))).verdict).toBe('unknown');
  });

  it('a patient with the target matches', () => {
    expect(matchTrial(rly, viewPatient(icc([{ gene: 'FGFR2', category: 'fusion' }]))).verdict).toBe('match');
  });

  it('an intervention of an alteration-driven class (pemigatinib: FGFR1-3) needs any of its genes; a multi-kinase drug needs none', () => {
    const pemi = trial('NCT09999903', 'A Study of Pemigatinib in Cholangiocarcinoma', ['Pemigatinib']);
    expect(matchTrial(pemi, viewPatient(icc([{ gene: 'FGFR3', category: 'fusion' }]))).verdict).toBe('match');
    expect(matchTrial(pemi, viewPatient(icc([{ gene: 'KRAS', proteinChange: 'G12D', category: 'mutation' }]))).verdict).toBe('unknown');
    const cabo = trial('NCT09999904', 'A Study of Cabozantinib in Cholangiocarcinoma', ['Cabozantinib']);
    expect(cabo.eligibility.criteria.some((c) => c.spec.kind === 'alteration')).toBe(false);
    expect(matchTrial(cabo, viewPatient(icc([{ gene: 'KRAS', proteinChange: 'G12D', category: 'mutation' }]))).verdict).toBe('match');
  });

  it('a trial that states its biomarker is judged on it alone', () => {
    const stated = trial(
      'NCT09999905',
      'Selective FGFR2 Inhibitor in Cholangiocarcinoma',
      ['RLY-4008'],
      `${TEXT.replace('Exclusion Criteria:', '- FGFR2 fusion or rearrangement\nExclusion Criteria:')}`,
    );
    expect(stated.eligibility.criteria.filter((c) => c.spec.kind === 'alteration').map((c) => c.origin)).toEqual(['text']);
  });

  it('the search ranks through the same criterion (packed path and explained path agree)', () => {
    const idx = new TrialIndex([rly]);
    const p = icc([{ gene: 'KRAS', proteinChange: 'G12D', category: 'mutation' }]);
    expect(matchPatient(idx, p)[0].verdict).toBe(matchTrial(rly, viewPatient(p)).verdict);
  });
});
