import type { PatientData, Trial } from '@oncodesk/shared/contracts';
import { PatientData as PatientSchema } from '@oncodesk/shared/contracts';
import { TrialIndex, matchPatient, matchTrial, viewPatient } from '../../src/trials/matcher';
import { trial as helperTrial } from './helpers';

/**
 * A trial naming stage groups (an NCI listing's "Stage I Breast Cancer", a title's "Stage I-III") against a patient
 * whose stage is not recorded but whose distant metastases are: distant spread is stage IV (AJCC 8th / FIGO 2018),
 * except in thyroid cancer, where it may be stage II.
 */
const LETROZOLE = 'Inclusion Criteria:\n- Postmenopausal women\n- ECOG performance status 0 or 1';
const trial = (id: string, briefTitle: string, conditions: string[]): Trial =>
  helperTrial(id, LETROZOLE, { briefTitle, conditions, phases: ['3'], interventions: [{ name: 'Letrozole', type: 'drug', otherNames: [], drugs: [] }] });
const patient = (p: Partial<PatientData>) => PatientSchema.parse({ age: 63, gender: 'female', ecog: 1, ...p });
const early = trial('NCT90000001', 'Letrozole after Surgery for the Treatment of Stage I-III Breast Cancer', ['Breast Cancer']);
const listed = trial('NCT90000002', 'Regional Radiation Therapy in Low Risk Breast Cancer', ['Stage I Breast Cancer', 'Stage II Breast Cancer']);
const late = trial('NCT90000003', 'Letrozole in Stage IV Breast Cancer', ['Breast Cancer']);

const stageRow = (t: Trial, p: PatientData) => matchTrial(t, viewPatient(p)).results.find((r) => r.kind === 'stage')!;

describe('stage groups decided by distant spread when no stage is recorded', () => {
  const metastatic = patient({ focusArea: 'breast', oncotreeCode: 'BRCA', metastatic: true, metastasisSites: ['bone'] });

  it('a stage I-III trial (title) and a stage I / II listing (conditions) are not for a metastatic patient, and say why', () => {
    for (const t of [early, listed]) {
      const row = stageRow(t, metastatic);
      expect(row.status).toBe('no_match');
      expect(row.patientFact).toMatch(/stage IV \(distant metastases; no stage recorded\)/);
      expect(matchTrial(t, viewPatient(metastatic)).verdict).toBe('not_eligible');
    }
  });

  it('a stage IV trial holds for the same patient; the fast search path agrees with the explained one', () => {
    expect(stageRow(late, metastatic).status).toBe('match');
    const index = new TrialIndex([early, listed, late]);
    const fast = matchPatient(index, metastatic, { limit: 10, exhaustive: true });
    for (const r of fast) expect(r.verdict).toBe(matchTrial(index.get(r.trialId)!, viewPatient(metastatic)).verdict);
    expect(fast.find((r) => r.trialId === late.id)?.verdict).not.toBe('not_eligible');
  });

  it('stays unknown without distant spread recorded, for thyroid cancer (M1 may be stage II), and when a stage is recorded it decides', () => {
    expect(stageRow(early, patient({ focusArea: 'breast', oncotreeCode: 'BRCA' })).status).toBe('unknown');
    expect(stageRow(early, patient({ focusArea: 'breast', oncotreeCode: 'BRCA', metastatic: false })).status).toBe('unknown');
    const thyroid = trial('NCT90000004', 'Radioiodine for Stage I-II Differentiated Thyroid Cancer', ['Thyroid Cancer']);
    expect(stageRow(thyroid, patient({ focusArea: 'thyroid', oncotreeCode: 'THPA', age: 40, metastatic: true })).status).toBe('unknown');
    expect(stageRow(early, patient({ focusArea: 'breast', oncotreeCode: 'BRCA', stage: 'II' })).status).toBe('match');
  });
});

describe('an M0 requirement decided by the recorded spread', () => {
  const focal = helperTrial('NCT90000005', 'Inclusion Criteria:\n- Stage T1-T2cN0M0 disease, as determined by local guidelines\n- Gleason score 7', {
    briefTitle: 'Focal Therapy for Prostate Cancer Using HIFU',
    conditions: ['Prostate Cancer'],
    interventions: [{ name: 'HIFU', type: 'device', otherNames: [], drugs: [] }],
  });
  const man = (p: Partial<PatientData>) => PatientSchema.parse({ age: 74, gender: 'male', ecog: 1, focusArea: 'prostate', oncotreeCode: 'PRAD', ...p });

  it('distant metastases recorded without a TNM are M1: a T1-T2 N0 M0 trial fails, and the checklist says the M came from the spread', () => {
    const row = stageRow(focal, man({ metastatic: true, metastasisSites: ['bone'] }));
    expect(row.status).toBe('no_match');
    expect(row.patientFact).toMatch(/TNM M1 \(M from the recorded spread; no M recorded\)/);
  });

  it('a recorded M decides as recorded; without spread or M it stays unknown', () => {
    expect(stageRow(focal, man({ tnm: { t: 'T2', n: 'N0', m: 'M0' } })).status).toBe('match');
    expect(stageRow(focal, man({})).status).toBe('unknown');
    // T and N not recorded: not metastatic is M0, the rest unknown
    expect(stageRow(focal, man({ metastatic: false })).status).toBe('unknown');
  });
});
